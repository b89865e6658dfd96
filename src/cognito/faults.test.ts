import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from './client.ts';
import { PASSWORD, isolatedEmulator, rejection, uniqueEmail, type IsolatedEmulator } from './testSupport.ts';
import { createMemoryStorage } from './tokenStore.ts';

// Faults are global to a pool: this file has a test pool of its own.
let pool: IsolatedEmulator;
beforeAll(async () => {
  pool = await isolatedEmulator();
});
afterEach(() => pool.control('faults', undefined, 'DELETE'));
afterAll(() => pool.close());

const fault = (spec: Record<string, unknown>) => pool.control('faults', spec);
const remaining = async () => ((await pool.control('faults', undefined, 'GET')) as { faults: { remaining: number }[] }).faults;

async function signedInClient() {
  const email = uniqueEmail('fault');
  const storage = createMemoryStorage();
  const client = createAuthClient({ config: pool.config, storage });
  await client.signUp({ username: email, password: PASSWORD });
  const [message] = (await (await fetch(`${pool.config.endpoint}/_emulator/outbox?to=${encodeURIComponent(email)}`)).json()) as {
    code: string;
  }[];
  await client.confirmSignUp({ username: email, confirmationCode: message!.code });
  await client.signIn({ username: email, password: PASSWORD });
  return { client, email };
}

describe('a sign-up session the pool no longer takes', () => {
  it('confirms the account without it, and signs in with the session that confirmation answers', async () => {
    const client = createAuthClient({ config: pool.config, storage: createMemoryStorage() });
    const email = uniqueEmail('refused');
    await client.signUp({ username: email, password: PASSWORD, options: { autoSignIn: true } });
    // The pool's clock runs past the session's three minutes; the browser's says it is still good.
    await pool.control('clock', { advanceMs: 3 * 60 * 1000 + 1000 });
    try {
      const [message] = (await (await fetch(`${pool.config.endpoint}/_emulator/outbox?to=${encodeURIComponent(email)}`)).json()) as {
        code: string;
      }[];
      // Cognito answers ConfirmSignUp with a session for the sign-in even when none was sent back.
      expect(await client.confirmSignUp({ username: email, confirmationCode: message!.code })).toEqual({
        step: 'COMPLETE_AUTO_SIGN_IN',
        username: email,
      });
      expect(await client.autoSignIn()).toMatchObject({ step: 'DONE' });
      expect((await client.getCurrentUser()).email).toBe(email);
    } finally {
      await pool.control('clock', { offsetMs: 0 });
    }
  });
});

describe('faults', () => {
  it('keeps the session through a dropped connection during refresh, and refreshes once the network is back', async () => {
    const { client, email } = await signedInClient();
    const before = (await client.fetchAuthSession()).tokens!.accessToken.raw;
    await fault({ operation: 'InitiateAuth', count: 3, drop: true });
    const error = await rejection(client.fetchAuthSession({ forceRefresh: true }));
    expect(error).toMatchObject({ name: 'NetworkError', message: 'Network Error' });
    expect((await client.getCurrentUser()).email).toBe(email);
    const after = (await client.fetchAuthSession({ forceRefresh: true })).tokens!.accessToken.raw;
    expect(after).not.toBe(before);
  });

  it('reads a 5xx during sign-in as a network error, and a retry succeeds', async () => {
    const email = uniqueEmail('outage');
    const client = createAuthClient({ config: pool.config, storage: createMemoryStorage() });
    await client.signUp({ username: email, password: PASSWORD });
    const [message] = (await (await fetch(`${pool.config.endpoint}/_emulator/outbox?to=${encodeURIComponent(email)}`)).json()) as {
      code: string;
    }[];
    await client.confirmSignUp({ username: email, confirmationCode: message!.code });
    await fault({ operation: 'InitiateAuth', count: 3, status: 503 });
    expect(await rejection(client.signIn({ username: email, password: PASSWORD }))).toMatchObject({
      name: 'NetworkError',
      message: 'Network Error',
    });
    expect((await client.signIn({ username: email, password: PASSWORD })).step).toBe('DONE');
  });

  it("tells the customer to wait when throttled, after the SDK's three attempts and no more", async () => {
    const client = createAuthClient({ config: pool.config, storage: createMemoryStorage() });
    await fault({ operation: 'ForgotPassword', count: 5, error: 'TooManyRequestsException', message: 'Rate exceeded' });
    const error = await rejection(client.resetPassword({ username: uniqueEmail() }));
    expect(error).toMatchObject({ name: 'TooManyRequestsException', message: 'Too many requests. Please wait a moment and try again.' });
    // Three requests were used up of the five: the SDK's attempts, no loop of our own.
    expect((await remaining())[0]?.remaining).toBe(2);
  });

  it('gets through when throttling lifts before the last attempt', async () => {
    const client = createAuthClient({ config: pool.config, storage: createMemoryStorage() });
    await fault({
      operation: 'ForgotPassword',
      count: 2,
      error: 'LimitExceededException',
      message: 'Attempt limit exceeded, please try after some time.',
    });
    expect((await client.resetPassword({ username: uniqueEmail() })).step).toBe('CONFIRM_RESET_PASSWORD_WITH_CODE');
  });
});
