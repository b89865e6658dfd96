import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it, vi } from 'vitest';
import { EPHEMERAL_BYTES } from './srp/srp.ts';
import {
  PASSWORD,
  confirmedUser,
  countingProxy,
  emulator,
  laggingStoragePair,
  latestCode,
  rejection,
  sharedLocks,
  testClient,
  uniqueEmail,
  type CountingProxy,
} from './testSupport.ts';
import { createTokenStore } from './tokenStore.ts';

describe('sign-up and confirmation', () => {
  it('signs up, reports where the code went, and confirms with it', async () => {
    const { client } = testClient();
    const email = uniqueEmail('signup');
    const result = await client.signUp({ username: email, password: PASSWORD });
    expect(result).toMatchObject({
      step: 'CONFIRM_SIGN_UP',
      username: email,
      codeDeliveryDetails: { deliveryMedium: 'EMAIL', attributeName: 'email' },
    });
    if (result.step !== 'CONFIRM_SIGN_UP') throw new Error('unreachable');
    expect(result.codeDeliveryDetails?.destination).toMatch(/^s\*\*\*@e\*\*\*\.com$/);
    expect(await client.confirmSignUp({ username: email, confirmationCode: await latestCode(email) })).toEqual({
      step: 'DONE',
      username: email,
    });
  });

  it("refuses a wrong code with Cognito's CodeMismatchException", async () => {
    const { client } = testClient();
    const email = uniqueEmail('mismatch');
    await client.signUp({ username: email, password: PASSWORD });
    const code = await latestCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const error = await rejection(client.confirmSignUp({ username: email, confirmationCode: wrong }));
    expect(error.name).toBe('CodeMismatchException');
    expect(error.message).toBe('Invalid verification code provided, please try again.');
  });

  it("passes the pool's password policy message through", async () => {
    const { client } = testClient();
    const error = await rejection(client.signUp({ username: uniqueEmail(), password: 'alllowercase1!' }));
    expect(error.name).toBe('InvalidPasswordException');
    expect(error.message).toBe('Password did not conform with policy: Password must have uppercase characters');
  });

  it('refuses a second account for the same e-mail', async () => {
    const { client } = testClient();
    const email = await confirmedUser();
    const error = await rejection(client.signUp({ username: email, password: PASSWORD }));
    expect(error.name).toBe('UsernameExistsException');
  });

  it('catches empty fields before calling the pool', async () => {
    const { client } = testClient();
    expect((await rejection(client.signUp({ username: '  ', password: PASSWORD }))).message).toBe('Username cannot be empty');
    expect((await rejection(client.signUp({ username: uniqueEmail(), password: '' }))).message).toBe('Password cannot be empty');
    expect((await rejection(client.confirmSignUp({ username: uniqueEmail(), confirmationCode: ' ' }))).message).toBe(
      'Confirmation code cannot be empty',
    );
  });
});

describe('SRP sign-in', () => {
  it('signs in and reads the user from the id token', async () => {
    const { client } = testClient();
    const email = await confirmedUser();
    const result = await client.signIn({ username: email, password: PASSWORD });
    expect(result.step).toBe('DONE');
    if (result.step !== 'DONE') throw new Error('unreachable');
    expect(result.user.email).toBe(email);
    expect(result.user.loginId).toBe(email);
    expect(result.user.userId).toMatch(/^[0-9a-f-]{36}$/);
    const current = await client.getCurrentUser();
    expect(current.userId).toBe(result.user.userId);
  });

  it('answers a wrong password and an unknown e-mail with the same message', async () => {
    const { client } = testClient();
    const email = await confirmedUser();
    const wrong = await rejection(client.signIn({ username: email, password: 'Wrong-passw0rd' }));
    const unknown = await rejection(client.signIn({ username: uniqueEmail('nobody'), password: PASSWORD }));
    for (const error of [wrong, unknown]) {
      expect(error.name).toBe('NotAuthorizedException');
      expect(error.message).toBe('Incorrect username or password.');
    }
  });

  it('sends an unconfirmed user to confirmation', async () => {
    const { client } = testClient();
    const email = uniqueEmail('unconfirmed');
    await client.signUp({ username: email, password: PASSWORD });
    expect(await client.signIn({ username: email, password: PASSWORD })).toEqual({ step: 'CONFIRM_SIGN_UP', username: email });
  });

  it('refuses a second sign-in while one user is signed in', async () => {
    const { client } = testClient();
    const email = await confirmedUser();
    await client.signIn({ username: email, password: PASSWORD });
    const error = await rejection(client.signIn({ username: email, password: PASSWORD }));
    expect(error.message).toBe('There is already a signed in user.');
  });

  it('makes the SRP ephemeral ahead while nobody is signed in here; for a signed-in customer, once the session ends', async () => {
    const { client } = testClient();
    const email = await confirmedUser();
    const drawn = vi.spyOn(globalThis.crypto, 'getRandomValues');
    const ephemerals = () => drawn.mock.calls.filter(([array]) => (array as Uint8Array).length === EPHEMERAL_BYTES).length;
    try {
      await client.preload(['PASSWORD']);
      expect(ephemerals()).toBe(1);
      // The sign-in takes the one made ahead, and draws none of its own.
      await client.signIn({ username: email, password: PASSWORD });
      expect(ephemerals()).toBe(1);
      // The app preloads again once the signed-in page is up: nothing to make an ephemeral for, until the session ends.
      await client.preload(['PASSWORD']);
      expect(ephemerals()).toBe(1);
      await client.signOut();
      expect(ephemerals()).toBe(2);
      await client.signIn({ username: email, password: PASSWORD });
      expect(ephemerals(), 'the next sign-in takes the one made at the sign-out').toBe(2);
    } finally {
      drawn.mockRestore();
    }
  });

  it('reports an unreachable pool as a network error', async () => {
    const { region, userPoolId, userPoolClientId } = emulator();
    const { client } = testClient({ config: { region, userPoolId, userPoolClientId, endpoint: 'http://127.0.0.1:9' } });
    const error = await rejection(client.signIn({ username: uniqueEmail(), password: PASSWORD }));
    expect(error.name).toBe('NetworkError');
    expect(error.message).toBe('Network Error');
  });
});

describe('session', () => {
  it('is restored from storage without a network call', async () => {
    const { client, storage } = testClient();
    const email = await confirmedUser();
    const signedIn = await client.signIn({ username: email, password: PASSWORD });
    // A second client on the same storage is what a reload looks like; its pool is unreachable.
    const { region, userPoolId, userPoolClientId } = emulator();
    const { client: reloaded } = testClient({ storage, config: { region, userPoolId, userPoolClientId, endpoint: 'http://127.0.0.1:9' } });
    const session = await reloaded.fetchAuthSession();
    expect(session.tokens?.idToken?.payload.email).toBe(email);
    expect(signedIn.step === 'DONE' && session.userSub).toBe(signedIn.step === 'DONE' && signedIn.user.userId);
  });

  it('refreshes tokens that have expired, allowing for the clock', async () => {
    let offset = 0;
    const { client } = testClient({ now: () => Date.now() + offset });
    const email = await confirmedUser();
    await client.signIn({ username: email, password: PASSWORD });
    const before = (await client.fetchAuthSession()).tokens!.accessToken.raw;
    offset = 2 * 60 * 60 * 1000; // the browser's clock jumps two hours ahead
    const after = (await client.fetchAuthSession()).tokens!.accessToken.raw;
    expect(after).not.toBe(before);
    // The new drift absorbs the jump: the fresh tokens are not seen as expired again.
    const again = (await client.fetchAuthSession()).tokens!.accessToken.raw;
    expect(again).toBe(after);
  });

  it('makes exactly one refresh request for 20 concurrent callers with expired tokens', async () => {
    const proxy = await countingProxy();
    try {
      let offset = 0;
      const { region, userPoolId, userPoolClientId } = emulator();
      const { client } = testClient({
        now: () => Date.now() + offset,
        config: { region, userPoolId, userPoolClientId, endpoint: proxy.endpoint },
      });
      const email = await confirmedUser();
      await client.signIn({ username: email, password: PASSWORD });
      const before = (await client.fetchAuthSession({ credentials: false })).tokens!.accessToken.raw;
      offset = 61 * 60 * 1000; // an hour and a minute later: both tokens have expired
      const sessions = await Promise.all(Array.from({ length: 20 }, () => client.fetchAuthSession({ credentials: false })));
      expect(proxy.refreshes()).toBe(1);
      const tokens = new Set(sessions.map((s) => s.tokens!.accessToken.raw));
      expect(tokens.size).toBe(1);
      expect(tokens.has(before)).toBe(false);
    } finally {
      await proxy.close();
    }
  });

  it('refreshes once for many concurrent callers', async () => {
    const { client } = testClient();
    const email = await confirmedUser();
    await client.signIn({ username: email, password: PASSWORD });
    const sessions = await Promise.all(Array.from({ length: 5 }, () => client.fetchAuthSession({ forceRefresh: true })));
    const tokens = new Set(sessions.map((s) => s.tokens!.accessToken.raw));
    expect(tokens.size).toBe(1);
  });
});

describe('session across tabs', () => {
  /** How long each change to one tab's storage takes to reach the other's copy (Chromium copies localStorage key by key). */
  const STEP_MS = 20;
  const HOUR_AND_A_MINUTE = 61 * 60 * 1000;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Two tabs (clients) signed in as one user, sharing locks and a lagging storage, with the clock moved past expiry. */
  async function twoTabsPastExpiry(proxy: CountingProxy) {
    let offset = 0;
    const { region, userPoolId, userPoolClientId } = emulator();
    const shared = {
      now: () => Date.now() + offset,
      locks: sharedLocks(),
      config: { region, userPoolId, userPoolClientId, endpoint: proxy.endpoint },
    };
    const storages = laggingStoragePair(STEP_MS);
    const tabs = [testClient({ ...shared, storage: storages[0] }).client, testClient({ ...shared, storage: storages[1] }).client] as const;
    await tabs[0].signIn({ username: await confirmedUser(), password: PASSWORD });
    await sleep(20 * STEP_MS);
    const before = (await tabs[1].fetchAuthSession({ credentials: false })).tokens!;
    offset = HOUR_AND_A_MINUTE;
    return { tabs, storages, before };
  }

  it('a tab asking right after another refreshed uses that refresh, although its copy of the storage is behind', async () => {
    const proxy = await countingProxy();
    try {
      const { tabs, before } = await twoTabsPastExpiry(proxy);
      const first = (await tabs[0].fetchAuthSession({ credentials: false })).tokens!.accessToken.raw;
      const second = (await tabs[1].fetchAuthSession({ credentials: false })).tokens!.accessToken.raw;
      expect(proxy.refreshes()).toBe(1);
      expect(first).not.toBe(before.accessToken.raw);
      expect(second).toBe(first);
    } finally {
      await proxy.close();
    }
  });

  it('a tab that reads half-copied tokens (a new access token, the old id token) waits for the rest instead of refreshing', async () => {
    const proxy = await countingProxy();
    try {
      const { tabs, storages, before } = await twoTabsPastExpiry(proxy);
      const fresh = (await tabs[0].fetchAuthSession({ credentials: false })).tokens!;
      const secondCopy = createTokenStore(storages[1], emulator().userPoolClientId);
      while (secondCopy.load()?.accessToken.raw !== fresh.accessToken.raw) await sleep(1);
      // The second tab's copy is half-way: the access token is new, the id token (expired by the clock) still the old one.
      expect(secondCopy.load()?.idToken?.raw).toBe(before.idToken!.raw);
      const second = (await tabs[1].fetchAuthSession({ credentials: false })).tokens!;
      expect(proxy.refreshes()).toBe(1);
      expect(second.accessToken.raw).toBe(fresh.accessToken.raw);
      expect(second.idToken!.raw).toBe(fresh.idToken!.raw);
    } finally {
      await proxy.close();
    }
  });

  it('two tabs asking at once make one refresh and share its tokens', async () => {
    const proxy = await countingProxy();
    try {
      const { tabs, before } = await twoTabsPastExpiry(proxy);
      const sessions = await Promise.all(tabs.map((tab) => tab.fetchAuthSession({ credentials: false })));
      expect(proxy.refreshes()).toBe(1);
      const tokens = new Set(sessions.map((s) => s.tokens!.accessToken.raw));
      expect([...tokens]).toHaveLength(1);
      expect(tokens.has(before.accessToken.raw)).toBe(false);
    } finally {
      await proxy.close();
    }
  });
});

describe('sign-out', () => {
  it('revokes the refresh token and forgets the tokens', async () => {
    const { client, storage } = testClient();
    const email = await confirmedUser();
    await client.signIn({ username: email, password: PASSWORD });
    const username = storage.getItem(`CognitoIdentityServiceProvider.${emulator().userPoolClientId}.LastAuthUser`);
    const refreshToken = storage.getItem(`CognitoIdentityServiceProvider.${emulator().userPoolClientId}.${username}.refreshToken`)!;
    await client.signOut();
    expect(await client.fetchAuthSession()).toEqual({});
    expect((await rejection(client.getCurrentUser())).message).toBe('User needs to be authenticated to call this API.');

    const { region, endpoint, userPoolClientId } = emulator();
    const sdk = new CognitoIdentityProviderClient({ region, endpoint });
    const refused = await sdk
      .send(
        new InitiateAuthCommand({
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: userPoolClientId,
          AuthParameters: { REFRESH_TOKEN: refreshToken },
        }),
      )
      .catch((e: Error) => e);
    expect(refused).toMatchObject({ name: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
  });
});
