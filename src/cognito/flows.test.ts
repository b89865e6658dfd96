import { AdminConfirmSignUpCommand, CreateUserPoolClientCommand, RevokeTokenCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { createAuthClient } from './client.ts';
import {
  PASSWORD,
  adminSdk,
  confirmedUser,
  countingProxy,
  emulator,
  latestCode,
  rejection,
  testClient,
  uniqueEmail,
} from './testSupport.ts';
import { createMemoryStorage } from './tokenStore.ts';
import type { SessionEvent } from './types.ts';

/** A clock only the test moves: sleeping advances it instead of waiting, and real time does not count. */
function virtualClock() {
  const start = Date.now();
  let offset = 0;
  const sleeps: number[] = [];
  return {
    now: () => start + offset,
    sleep: (ms: number) => {
      sleeps.push(ms);
      offset += ms;
      return Promise.resolve();
    },
    sleeps,
  };
}

describe('sign-in input checks', () => {
  it('refuses a password for custom sign-in without SRP, and none for the others', async () => {
    const { client } = testClient();
    const custom = await rejection(
      client.signIn({ username: 'a@example.com', password: 'x', options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } }),
    );
    expect(custom.message).toBe('A password cannot be given for custom sign-in without SRP.');
    expect((await rejection(client.signIn({ username: 'a@example.com' }))).message).toBe('Password cannot be empty');
  });

  it('has nothing to confirm before a sign-in started', async () => {
    const { client } = testClient();
    const error = await rejection(client.confirmSignIn({ challengeResponse: '123456' }));
    expect(error.message).toBe('Auth session was not found. Make sure to call signIn.');
  });
});

describe('auto sign-in', () => {
  it('signs in by itself after a confirmation by code, with the sign-up session and no password', async () => {
    const proxy = await countingProxy();
    try {
      const { region, userPoolId, userPoolClientId } = emulator();
      const { client } = testClient({ config: { region, userPoolId, userPoolClientId, endpoint: proxy.endpoint } });
      const email = uniqueEmail('auto');
      const signedUp = await client.signUp({ username: email, password: PASSWORD, options: { autoSignIn: true } });
      expect(signedUp.step).toBe('CONFIRM_SIGN_UP');
      const code = await latestCode(email);
      // A wrong code first: the session survives it.
      await rejection(client.confirmSignUp({ username: email, confirmationCode: code === '000000' ? '111111' : '000000' }));
      const confirmed = await client.confirmSignUp({ username: email, confirmationCode: code });
      expect(confirmed).toEqual({ step: 'COMPLETE_AUTO_SIGN_IN', username: email });
      const result = await client.autoSignIn();
      expect(result.step === 'DONE' && result.user.email).toBe(email);
      expect(proxy.requests.map((r) => r.operation)).toEqual(['SignUp', 'ConfirmSignUp', 'ConfirmSignUp', 'InitiateAuth']);
      const signingIn = JSON.parse(proxy.requests.at(-1)!.body) as { AuthFlow: string; Session?: string; AuthParameters: object };
      expect(signingIn).toMatchObject({ AuthFlow: 'USER_AUTH', AuthParameters: { USERNAME: email } });
      expect(signingIn.Session).toEqual(expect.any(String));
      // The password went out once, with SignUp, and nothing kept it for later.
      expect(proxy.requests.filter((r) => r.body.includes(PASSWORD)).map((r) => r.operation)).toEqual(['SignUp']);
      expect((await client.getCurrentUser()).signInDetails).toEqual({ loginId: email, authFlowType: 'USER_AUTH' });
      await client.signOut();
      expect((await rejection(client.autoSignIn())).message).toBe('Auto sign-in was not started or has expired.');
    } finally {
      await proxy.close();
    }
  });

  it('says the account was not confirmed on time once 180000 ms have passed since sign-up', async () => {
    const clock = virtualClock();
    const { client } = testClient({ now: clock.now });
    const email = uniqueEmail('slow');
    await client.signUp({ username: email, password: PASSWORD, options: { autoSignIn: true } });
    await clock.sleep(180_001);
    // The code still confirms the account (it is valid for a day); only the automatic sign-in is lost.
    expect(await client.confirmSignUp({ username: email, confirmationCode: await latestCode(email) })).toEqual({
      step: 'COMPLETE_AUTO_SIGN_IN',
      username: email,
    });
    expect((await rejection(client.autoSignIn())).message).toBe('The account was not confirmed on time.');
    expect(await client.signIn({ username: email, password: PASSWORD })).toMatchObject({ step: 'DONE' });
  });

  it('signs in with the password where the pool hands out no sign-up session', async () => {
    const created = await adminSdk().send(
      new CreateUserPoolClientCommand({
        UserPoolId: emulator().userPoolId,
        ClientName: 'srp-only',
        ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH'],
      }),
    );
    const { region, userPoolId } = emulator();
    const { client } = testClient({
      config: { region, userPoolId, userPoolClientId: created.UserPoolClient!.ClientId!, endpoint: emulator().endpoint },
    });
    const email = uniqueEmail('nosession');
    await client.signUp({ username: email, password: PASSWORD, options: { autoSignIn: true } });
    await client.confirmSignUp({ username: email, confirmationCode: await latestCode(email) });
    const result = await client.autoSignIn();
    expect(result.step === 'DONE' && result.user.signInDetails).toEqual({ loginId: email, authFlowType: 'USER_SRP_AUTH' });
  });

  it('polls every 5 s in link mode until the account is confirmed', async () => {
    const clock = virtualClock();
    const { region, userPoolId, userPoolClientId, endpoint } = emulator();
    const client = createAuthClient({
      config: { region, userPoolId, userPoolClientId, endpoint, signUpVerificationMethod: 'link' },
      storage: createMemoryStorage(),
      now: clock.now,
      sleep: async (ms) => {
        await clock.sleep(ms);
        // The customer clicks the link while the app waits for the third time.
        if (clock.sleeps.length === 3) await adminSdk().send(new AdminConfirmSignUpCommand({ UserPoolId: userPoolId, Username: email }));
      },
    });
    const email = uniqueEmail('link');
    await client.signUp({ username: email, password: PASSWORD, options: { autoSignIn: true } });
    const result = await client.autoSignIn();
    expect(result.step).toBe('DONE');
    expect(clock.sleeps).toEqual([5000, 5000, 5000]);
  });

  it('gives up in link mode after 180000 ms with the catalogue message', async () => {
    const clock = virtualClock();
    const { region, userPoolId, userPoolClientId, endpoint } = emulator();
    const client = createAuthClient({
      config: { region, userPoolId, userPoolClientId, endpoint, signUpVerificationMethod: 'link' },
      storage: createMemoryStorage(),
      now: clock.now,
      sleep: clock.sleep,
    });
    const email = uniqueEmail('late');
    await client.signUp({ username: email, password: PASSWORD, options: { autoSignIn: true } });
    const error = await rejection(client.autoSignIn());
    expect(error.message).toBe('The account was not confirmed on time.');
    // Asked at 0, 5, …, 180 s: 36 waits of 5 s fill the 180000 ms exactly.
    expect(clock.sleeps).toEqual(Array(36).fill(5000));
  });
});

describe('session across tabs', () => {
  it('tells the other tabs about a sign-in and a sign-out', async () => {
    const storage = createMemoryStorage();
    const { client: first } = testClient({ storage });
    const { client: second } = testClient({ storage });
    const seen: SessionEvent['type'][] = [];
    const stop = second.onSessionEvent((event) => seen.push(event.type));
    const email = await confirmedUser();
    await first.signIn({ username: email, password: PASSWORD });
    await expect.poll(() => seen).toEqual(['signedIn']);
    expect((await second.getCurrentUser()).email).toBe(email);
    await first.signOut();
    await expect.poll(() => seen).toEqual(['signedIn', 'signedOut']);
    stop();
    first.dispose();
    second.dispose();
  });

  it('makes one refresh for 20 concurrent callers with expired tokens', async () => {
    let offset = 0;
    const { client } = testClient({ now: () => Date.now() + offset });
    await client.signIn({ username: await confirmedUser(), password: PASSWORD });
    offset = 2 * 60 * 60 * 1000;
    const sessions = await Promise.all(Array.from({ length: 20 }, () => client.fetchAuthSession()));
    // Each refresh mints a token with its own jti: one token means one refresh.
    expect(new Set(sessions.map((s) => s.tokens!.accessToken.raw)).size).toBe(1);
  });
});

describe('refresh failures', () => {
  it('keeps the tokens when the pool cannot be reached', async () => {
    const storage = createMemoryStorage();
    const { client } = testClient({ storage });
    const email = await confirmedUser();
    await client.signIn({ username: email, password: PASSWORD });
    const { region, userPoolId, userPoolClientId } = emulator();
    const { client: offline } = testClient({ storage, config: { region, userPoolId, userPoolClientId, endpoint: 'http://127.0.0.1:9' } });
    const error = await rejection(offline.fetchAuthSession({ forceRefresh: true }));
    expect(error.name).toBe('NetworkError');
    expect((await client.getCurrentUser()).email).toBe(email);
    expect((await client.fetchAuthSession({ forceRefresh: true })).tokens).toBeDefined();
  });

  it('ends the session quietly when the refresh token was revoked', async () => {
    const storage = createMemoryStorage();
    const { client } = testClient({ storage });
    await client.signIn({ username: await confirmedUser(), password: PASSWORD });
    const events: SessionEvent[] = [];
    client.onSessionEvent((event) => events.push(event));
    const refreshToken = findRefreshToken(storage);
    await adminSdk().send(new RevokeTokenCommand({ ClientId: emulator().userPoolClientId, Token: refreshToken }));
    expect(await client.fetchAuthSession({ forceRefresh: true })).toEqual({});
    expect(events.map((e) => e.type)).toEqual(['tokenRefreshFailure', 'signedOut']);
    expect((await rejection(client.getCurrentUser())).name).toBe('UserUnAuthenticatedException');
  });
});

function findRefreshToken(storage: ReturnType<typeof createMemoryStorage>): string {
  const clientId = emulator().userPoolClientId;
  const user = storage.getItem(`CognitoIdentityServiceProvider.${clientId}.LastAuthUser`);
  return storage.getItem(`CognitoIdentityServiceProvider.${clientId}.${user}.refreshToken`)!;
}

describe('stored values', () => {
  it('ignores and clears corrupt or foreign values under the token keys', async () => {
    const storage = createMemoryStorage();
    const clientId = emulator().userPoolClientId;
    storage.setItem(`CognitoIdentityServiceProvider.${clientId}.LastAuthUser`, 'someone');
    storage.setItem(`CognitoIdentityServiceProvider.${clientId}.someone.accessToken`, 'not-a-jwt');
    const { client } = testClient({ storage });
    expect(await client.fetchAuthSession()).toEqual({});
    expect(storage.getItem(`CognitoIdentityServiceProvider.${clientId}.LastAuthUser`)).toBeNull();
    expect(storage.getItem(`CognitoIdentityServiceProvider.${clientId}.someone.accessToken`)).toBeNull();

    storage.setItem(`CognitoIdentityServiceProvider.${clientId}.LastAuthUser`, 'someone');
    storage.setItem(`CognitoIdentityServiceProvider.${clientId}.someone.accessToken`, 'e30.e30.e30');
    storage.setItem(`CognitoIdentityServiceProvider.${clientId}.someone.signInDetails`, '{broken');
    expect(await client.fetchAuthSession()).toEqual({});
    expect(storage.getItem(`CognitoIdentityServiceProvider.${clientId}.someone.signInDetails`)).toBeNull();
  });

  it("keeps each app client's tokens apart", async () => {
    const storage = createMemoryStorage();
    const { client } = testClient({ storage });
    await client.signIn({ username: await confirmedUser(), password: PASSWORD });
    const { region, userPoolId, endpoint } = emulator();
    const other = createAuthClient({ config: { region, userPoolId, userPoolClientId: 'anotherclient', endpoint }, storage });
    expect(await other.fetchAuthSession()).toEqual({});
  });
});
