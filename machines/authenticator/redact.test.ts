import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { authenticatorMachine } from './machine.ts';
import { REDACTED, redactSecrets } from './redact.ts';

describe('redactSecrets', () => {
  it('hides passwords, codes, challenge answers and the TOTP secret at any depth, leaving the original alone', () => {
    const event = {
      type: '@xstate.event',
      event: {
        type: 'SUBMIT',
        data: { email: 'ana@example.com', password: 'Passw0rd!', confirm_password: 'Passw0rd!', confirmation_code: '123456' },
      },
      snapshot: {
        input: { username: 'ana@example.com', password: 'Passw0rd!' },
        context: { totpSecretCode: 'JBSWY3DPEHPK3PXP', username: 'ana@example.com', list: [{ challengeResponse: 'N3w-pass' }] },
      },
    };
    const copy = redactSecrets(event);
    expect(copy).toEqual({
      type: '@xstate.event',
      event: {
        type: 'SUBMIT',
        data: { email: 'ana@example.com', password: REDACTED, confirm_password: REDACTED, confirmation_code: REDACTED },
      },
      snapshot: {
        input: { username: 'ana@example.com', password: REDACTED },
        context: { totpSecretCode: REDACTED, username: 'ana@example.com', list: [{ challengeResponse: REDACTED }] },
      },
    });
    expect(event.event.data.password).toBe('Passw0rd!');
  });

  it('copes with cycles', () => {
    const cyclic: Record<string, unknown> = { password: 'x', name: 'a' };
    cyclic.self = cyclic;
    expect(redactSecrets(cyclic)).toEqual({ password: REDACTED, name: 'a', self: '[Circular]' });
  });

  it('turns a running machine snapshot, children and all, into plain data without the secrets', () => {
    const actor = createActor(authenticatorMachine.provide({}), { input: {} }).start();
    actor.send({ type: 'INIT' });
    const snapshot = redactSecrets({ snapshot: actor.getSnapshot(), event: { type: 'SUBMIT', data: { password: 'S3cret!' } } });
    expect(JSON.stringify(snapshot)).not.toContain('S3cret!');
    expect((snapshot.snapshot as unknown as { value: unknown }).value).toBe('setup');
    actor.stop();
  });
});
