/**
 * Re-verification before sensitive changes, through the session API over a
 * real client and the test pool. The client's clock is moved on (its `now`)
 * to make a sign-in old: the window itself is the same as in production.
 */
import { describe, expect, it } from 'vitest';
import { confirmedUser, latestCode, PASSWORD, testClient } from '../cognito/testSupport.ts';
import { sessionApiFrom } from './fromClient.ts';
import {
  confirmingWith,
  isReverificationCancelled,
  isReverificationRequired,
  REVERIFY_WINDOW_SECONDS,
  ReverificationCancelled,
  signedInRecently,
  type SensitiveAction,
} from './reverify.ts';
import type { SessionApi } from './types.ts';

const MINUTE = 60_000;

/** A customer signed in on a browser whose clock the test moves on. */
async function signedIn(options: { firstFactors?: string[] } = {}) {
  let offset = 0;
  const { client } = testClient({ now: () => Date.now() + offset });
  const email = await confirmedUser(client);
  expect((await client.signIn({ username: email, password: PASSWORD })).step).toBe('DONE');
  const api = sessionApiFrom(client, {
    totpIssuer: 'Test',
    passkeys: true,
    firstFactors: options.firstFactors ?? ['PASSWORD', 'EMAIL_OTP', 'WEB_AUTHN'],
  });
  const idToken = async () => (await client.fetchAuthSession({ credentials: false })).tokens!.idToken!.payload;
  const secondFactors = async () => (await (await client.security()).fetchMFAPreference()).enabled;
  return { client, api, email, idToken, secondFactors, later: (ms: number) => void (offset += ms) };
}

/** The action a call was refused for, or 'made' when it went through. */
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'made',
    (error: unknown) => (isReverificationRequired(error) ? error.action : `failed: ${String(error)}`),
  );

/** The e-mail the pool keeps (GetUser): a new one waits for its code, the old one stays until then. */
const poolEmail = async (api: SessionApi) => (await api.attributes({ fresh: true })).email;

describe('the rule', () => {
  it('is ten minutes, and an unknown sign-in time is not recent', () => {
    expect(REVERIFY_WINDOW_SECONDS).toBe(600);
    expect(signedInRecently(0)).toBe(true);
    expect(signedInRecently(599)).toBe(true);
    expect(signedInRecently(600)).toBe(false);
    expect(signedInRecently(3600)).toBe(false);
    expect(signedInRecently(undefined)).toBe(false);
    expect(signedInRecently(Number.NaN)).toBe(false);
  });
});

describe('sensitive changes', () => {
  it('go through just after signing in; nine minutes on still; eleven minutes on each is refused before any call', async () => {
    const { api, email, secondFactors, later } = await signedIn();
    // Fresh: a change of the e-mail is made (a code goes to the new address).
    const renamed = `renamed.${email}`;
    expect(await refusal(api.updateAttributes({ email: renamed }))).toBe('made');
    later(9 * MINUTE);
    expect(await refusal(api.setTwoStep('EMAIL', 'on'))).toBe('made');

    later(2 * MINUTE);
    const refused: Record<SensitiveAction, Promise<unknown>> = {
      changeEmail: api.updateAttributes({ email: `again.${email}`, given_name: 'Ada' }),
      addPasskey: api.passkeys!.add(),
      deletePasskey: api.passkeys!.remove('some-credential'),
      twoStepOff: api.setTwoStep('EMAIL', 'off'),
      signOutEverywhere: api.signOutEverywhere(),
      signOutOtherSessions: api.signOutOtherSessions(),
      deleteAccount: api.deleteAccount(),
    };
    for (const [action, call] of Object.entries(refused)) expect(await refusal(call), action).toBe(action);
    // Nothing was made: the account is there, its e-mail is the one it had, the second step still on.
    expect(await poolEmail(api)).toBe(email);
    expect(await secondFactors()).toContain('EMAIL');
    // What is not sensitive goes on: a name saved with the e-mail unchanged, a second step turned on, the attributes read.
    expect(await refusal(api.updateAttributes({ email, given_name: 'Ada' }))).toBe('made');
    expect(await refusal(api.setTwoStep('EMAIL', 'preferred'))).toBe('made');
    expect((await api.attributes({ fresh: true })).given_name).toBe('Ada');
  });
});

describe('confirming it is the customer', () => {
  it('a wrong password is refused and changes nothing; the right one signs in again (a new auth_time, the old refresh token revoked)', async () => {
    const { client, api, idToken, later } = await signedIn();
    const first = await idToken();
    const oldSessions = await client.listSessions();
    later(11 * MINUTE);
    expect(await api.reverification.methods()).toEqual([{ kind: 'password' }, { kind: 'emailCode' }]);

    await expect(api.reverification.start({ kind: 'password', password: 'Wrong-passw0rd!' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    expect(await idToken()).toEqual(first);
    expect(await refusal(api.signOutOtherSessions())).toBe('signOutOtherSessions');

    expect(await api.reverification.start({ kind: 'password', password: PASSWORD })).toEqual({ step: 'done' });
    // A new sign-in (the pool's clock did not move: its auth_time is now, the browser's clock eleven minutes ahead).
    const renewed = await idToken();
    expect(renewed.origin_jti).not.toBe(first.origin_jti);
    expect(renewed.auth_time).toBeGreaterThanOrEqual(first.auth_time as number);
    // One session, the new one: the sign-in it replaced was ended.
    const sessions = await client.listSessions();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.id).not.toBe(oldSessions[0]!.id);
    expect(await refusal(api.signOutOtherSessions())).toBe('made');
  });

  it('by a code e-mailed: a wrong code is refused and may be typed again; the right one confirms', async () => {
    const { api, email, idToken, later } = await signedIn();
    const first = await idToken();
    later(11 * MINUTE);
    const step = await api.reverification.start({ kind: 'emailCode' });
    expect(step).toMatchObject({ step: 'code', delivery: 'email' });
    const code = await latestCode(email);
    await expect(api.reverification.answer(code === '000000' ? '111111' : '000000')).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
    expect(await idToken()).toEqual(first);
    expect(await api.reverification.answer(code)).toEqual({ step: 'done' });
    expect((await idToken()).origin_jti).not.toBe(first.origin_jti);
    expect(await refusal(api.deleteAccount())).toBe('made');
  });

  it('confirmingWith asks, then makes the change with what was typed; closed, the change is not made', async () => {
    const { api, email, later } = await signedIn({ firstFactors: ['PASSWORD'] });
    later(11 * MINUTE);
    const asked: SensitiveAction[] = [];
    const cancelling = confirmingWith(api, (action) => {
      asked.push(action);
      return Promise.reject(new ReverificationCancelled());
    });
    const renamed = `renamed.${email}`;
    const cancelled = await cancelling.updateAttributes({ email: renamed }).catch((error: unknown) => error);
    expect(isReverificationCancelled(cancelled)).toBe(true);
    expect(await poolEmail(api)).toBe(email);

    const confirming: SessionApi = confirmingWith(api, async (action) => {
      asked.push(action);
      expect(await api.reverification.start({ kind: 'password', password: PASSWORD })).toEqual({ step: 'done' });
    });
    const [update] = await confirming.updateAttributes({ email: renamed });
    expect(update).toMatchObject({ attribute: 'email', verify: true });
    expect(asked).toEqual(['changeEmail', 'changeEmail']);
    // Confirmed: the next change is not asked again.
    await confirming.setTwoStep('EMAIL', 'off');
    expect(asked).toHaveLength(2);
  });
});
