/**
 * With user-existence errors prevented (the seeded client), nothing the pool
 * answers or counts may tell a name that is no user from one that is
 * (issue 19, finding 4), and custom-challenge codes cannot be guessed by
 * starting the sign-in again and again (finding 10).
 */
import {
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { createHmac } from 'node:crypto';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../src/server.ts';
import { WORK_CHANNEL } from '../src/srp.ts';
import { PASSWORD, failure, newEmail, poolHelpers, useEmulator } from './harness.ts';

const pool = useEmulator();
const WRONG = 'Wrong-passw0rd!';
const A = (2n ** 3000n + 12345n).toString(16);

const startSrp = (name: string) =>
  pool.sdk.send(
    new InitiateAuthCommand({ ClientId: pool.clientId, AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: name, SRP_A: A } }),
  );
const passwordSignIn = (name: string, password: string) =>
  pool.sdk.send(
    new InitiateAuthCommand({
      ClientId: pool.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: name, PASSWORD: password },
    }),
  );
const customAuth = (name: string) =>
  pool.sdk.send(new InitiateAuthCommand({ ClientId: pool.clientId, AuthFlow: 'CUSTOM_AUTH', AuthParameters: { USERNAME: name } }));
const forgot = (name: string) => pool.sdk.send(new ForgotPasswordCommand({ ClientId: pool.clientId, Username: name }));
const confirmForgot = (name: string, code: string) =>
  pool.sdk.send(new ConfirmForgotPasswordCommand({ ClientId: pool.clientId, Username: name, ConfirmationCode: code, Password: PASSWORD }));
/** What an answer or a failure says, in one comparable shape. */
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: Error) => `${error.name}: ${error.message}`,
  );

describe('decoys an observer cannot predict', () => {
  it('keys the SALT and USER_ID_FOR_SRP of unknown names with a secret kept in the state, not with anything public', async () => {
    const statePath = join(mkdtempSync(join(tmpdir(), 'test-pool-')), 'state.json');
    const first = await createEmulator({ port: 0, statePath });
    const before = poolHelpers(first);
    const name = newEmail('nobody');
    const start = (helpers: typeof before, login: string) =>
      helpers.sdk.send(
        new InitiateAuthCommand({ ClientId: helpers.clientId, AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: login, SRP_A: A } }),
      );
    const answer = (await start(before, name)).ChallengeParameters!;
    const { keys } = (await (await fetch(`${before.url}/${before.poolId}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] };
    const guessed = (label: string) => createHmac('sha256', keys[0]!.kid).update(`${label}:${name}`).digest('hex');
    expect(answer.SALT).not.toBe(guessed('salt').slice(0, 32));
    expect(answer.USER_ID_FOR_SRP).not.toContain(guessed('id').slice(0, 8));
    // The same every time, whatever the case of an e-mail, and after a restart.
    expect((await start(before, name.toUpperCase())).ChallengeParameters).toMatchObject({
      SALT: answer.SALT,
      USER_ID_FOR_SRP: answer.USER_ID_FOR_SRP,
    });
    await first.close();
    const second = await createEmulator({ port: 0, statePath });
    try {
      expect((await start(poolHelpers(second), name)).ChallengeParameters).toMatchObject({
        SALT: answer.SALT,
        USER_ID_FOR_SRP: answer.USER_ID_FOR_SRP,
      });
    } finally {
      await second.close();
    }
  });

  it('gives unknown names user ids shaped like real ones: version 4 UUIDs of every variant', async () => {
    const variants = new Set<string>();
    for (let i = 0; i < 24; i++) {
      const id = (await startSrp(newEmail('nobody'))).ChallengeParameters!.USER_ID_FOR_SRP!;
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      variants.add(id[19]!);
    }
    expect(variants.size).toBeGreaterThan(1);
  });
});

describe('counters and lockouts of unknown names', () => {
  it('counts failed SRP and password sign-ins of an unknown name together, as for a user', async () => {
    const real = await pool.verifiedUser();
    const unknown = newEmail('nobody');
    for (const name of [real, unknown]) {
      for (let i = 0; i < 3; i++) await failure(pool.srpSignIn(name, WRONG));
      for (let i = 0; i < 2; i++) await failure(passwordSignIn(name, WRONG));
    }
    expect(await outcome(passwordSignIn(unknown, WRONG))).toBe(await outcome(passwordSignIn(real, WRONG)));
    expect(await outcome(passwordSignIn(unknown, WRONG))).toBe('NotAuthorizedException: Password attempts exceeded');
  });

  it('rations the codes asked for unknown names exactly as for users', async () => {
    const real = await pool.verifiedUser();
    const unknown = newEmail('nobody');
    for (let i = 0; i < 5; i++) {
      await forgot(real);
      await forgot(unknown);
    }
    expect(await outcome(forgot(unknown))).toBe(await outcome(forgot(real)));
    expect(await outcome(forgot(unknown))).toBe('LimitExceededException: Attempt limit exceeded, please try after some time.');

    const unconfirmed = await pool.signUp();
    const resend = (name: string) => pool.sdk.send(new ResendConfirmationCodeCommand({ ClientId: pool.clientId, Username: name }));
    const other = newEmail('nobody');
    // The sign-up itself sent the user's first code.
    await resend(other);
    for (let i = 0; i < 4; i++) {
      await resend(unconfirmed);
      await resend(other);
    }
    expect(await outcome(resend(other))).toBe(await outcome(resend(unconfirmed)));
    expect(await outcome(resend(other))).toMatch(/^LimitExceededException/);
  });

  it('answers codes for unknown names as for a user: expired before any was asked for, mismatched, then no more', async () => {
    const real = await pool.verifiedUser();
    const unknown = newEmail('nobody');
    expect(await outcome(confirmForgot(unknown, '123456'))).toBe(await outcome(confirmForgot(real, '123456')));
    await forgot(real);
    await forgot(unknown);
    const code = await pool.lastCode(real, 'ForgotPassword');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 6; i++) {
      expect(await outcome(confirmForgot(unknown, wrong)), `attempt ${i + 1}`).toBe(await outcome(confirmForgot(real, wrong)));
    }
    expect(await outcome(confirmForgot(unknown, wrong))).toMatch(/^LimitExceededException/);

    const unconfirmed = await pool.signUp();
    const confirm = (name: string) =>
      pool.sdk.send(new ConfirmSignUpCommand({ ClientId: pool.clientId, Username: name, ConfirmationCode: '000000' }));
    const other = newEmail('nobody');
    for (let i = 0; i < 6; i++) expect(await outcome(confirm(other)), `attempt ${i + 1}`).toBe(await outcome(confirm(unconfirmed)));
  });

  it("keeps an unknown name's lockout across a restart, as a user's", async () => {
    const statePath = join(mkdtempSync(join(tmpdir(), 'test-pool-')), 'state.json');
    const first = await createEmulator({ port: 0, statePath });
    const unknown = newEmail('nobody');
    const before = poolHelpers(first);
    const signIn = (helpers: typeof before) =>
      outcome(
        helpers.sdk.send(
          new InitiateAuthCommand({
            ClientId: helpers.clientId,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: unknown, PASSWORD: WRONG },
          }),
        ),
      );
    for (let i = 0; i < 5; i++) await signIn(before);
    await first.close();
    const second = await createEmulator({ port: 0, statePath });
    try {
      expect(await signIn(poolHelpers(second))).toBe('NotAuthorizedException: Password attempts exceeded');
    } finally {
      await second.close();
    }
  });
});

describe('the same work for both', () => {
  /** The steps of SRP work (exponentiations, decoy derivations) a call makes, in order. */
  async function stepsOf(call: () => Promise<unknown>): Promise<string[]> {
    const steps: string[] = [];
    const listener = (message: unknown) => steps.push((message as { step: string }).step);
    subscribe(WORK_CHANNEL, listener);
    try {
      await call();
    } finally {
      unsubscribe(WORK_CHANNEL, listener);
    }
    return steps;
  }

  it('does the same steps for a real user and an unknown name, on every path a failed sign-in takes', async () => {
    const real = await pool.verifiedUser();
    const unknown = newEmail('nobody');
    const paths: Record<string, (name: string) => Promise<unknown>> = {
      USER_SRP_AUTH: (name) => startSrp(name),
      'PASSWORD_VERIFIER, wrong password': (name) => failure(pool.srpSignIn(name, WRONG)),
      'USER_PASSWORD_AUTH, wrong password': (name) => failure(passwordSignIn(name, WRONG)),
      CUSTOM_AUTH: (name) => customAuth(name),
    };
    for (const [label, path] of Object.entries(paths)) {
      const forReal = await stepsOf(() => path(real));
      const forUnknown = await stepsOf(() => path(unknown));
      expect(forUnknown, label).toEqual(forReal);
      if (label !== 'CUSTOM_AUTH') expect(forReal, label).toContain('exponentiation');
    }
  });
});

describe('custom-challenge codes (finding 10)', () => {
  const answer = (session: string | undefined, username: string, code: string) =>
    pool.respond('CUSTOM_CHALLENGE', session, { USERNAME: username, ANSWER: code });
  /** Three wrong answers in one sign-in, or as many as the pool takes; what the last one said. */
  async function wrongAnswers(name: string, count: number): Promise<string> {
    const started = await customAuth(name);
    const username = started.ChallengeParameters!.USERNAME!;
    let session = started.Session;
    let last = '';
    for (let i = 0; i < count; i++) {
      try {
        session = (await answer(session, username, '000000')).Session;
        last = 'CUSTOM_CHALLENGE';
      } catch (error) {
        last = `${(error as Error).name}: ${(error as Error).message}`;
        break;
      }
    }
    return last;
  }

  it('counts wrong answers across sign-ins and locks the sign-in as wrong passwords do, for users and unknown names alike', async () => {
    const real = await pool.verifiedUser();
    const unknown = newEmail('nobody');
    for (const name of [real, unknown]) {
      expect(await wrongAnswers(name, 3)).toBe('NotAuthorizedException: Incorrect username or password.');
      expect(await wrongAnswers(name, 2)).toBe('CUSTOM_CHALLENGE');
      // Five wrong answers: a new sign-in is refused before any code is sent.
      expect(await outcome(customAuth(name))).toBe('NotAuthorizedException: Password attempts exceeded');
    }
    const sent = (await pool.outbox(real)).length;
    await pool.advance(61_000);
    const started = await customAuth(real);
    expect(await pool.outbox(real)).toHaveLength(sent + 1);
    const done = await answer(started.Session, started.ChallengeParameters!.USERNAME!, await pool.lastCode(real, 'Authentication'));
    expect(done.AuthenticationResult).toBeDefined();
  });

  it('does not let a right password start the count again', async () => {
    const email = await pool.verifiedUser();
    const withPassword = async () => {
      const afterPassword = await pool.srpSignIn(email, PASSWORD, { flow: 'CUSTOM_AUTH', parameters: { CHALLENGE_NAME: 'SRP_A' } });
      return afterPassword;
    };
    for (let round = 0; round < 2; round++) {
      const challenge = await withPassword();
      let session = challenge.Session;
      for (let i = 0; i < (round === 0 ? 3 : 2); i++) {
        session = await answer(session, challenge.ChallengeParameters!.USERNAME!, '000000').then(
          (next) => next.Session,
          () => undefined,
        );
      }
    }
    expect(await outcome(withPassword())).toBe('NotAuthorizedException: Password attempts exceeded');
  });
});
