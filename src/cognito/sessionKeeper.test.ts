import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient, type AuthClientOptions } from './client.ts';
import { CROSS_TAB_SETTLE_MS } from './session.ts';
import { PASSWORD, countingProxy, isolatedEmulator, laggingStoragePair, sharedLocks, type IsolatedEmulator } from './testSupport.ts';
import { createMemoryStorage, createTokenStore } from './tokenStore.ts';
import type { SessionEvent } from './types.ts';

// Token lifetimes and faults are pool-wide: this file has a test pool of its own.
let pool: IsolatedEmulator;
beforeAll(async () => {
  pool = await isolatedEmulator();
  await pool.control('token-validity', { accessTokenSeconds: 4, idTokenSeconds: 4 });
});
afterAll(() => pool.close());

async function signedIn(options: Partial<AuthClientOptions> = {}) {
  const client = createAuthClient({ config: pool.config, storage: createMemoryStorage(), ...options });
  const email = `keeper.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  await client.signUp({ username: email, password: PASSWORD });
  const [message] = (await (await fetch(`${pool.config.endpoint}/_emulator/outbox?to=${encodeURIComponent(email)}`)).json()) as {
    code: string;
  }[];
  await client.confirmSignUp({ username: email, confirmationCode: message!.code });
  await client.signIn({ username: email, password: PASSWORD });
  return client;
}

describe('session keeper', () => {
  it('refreshes shortly before the tokens expire, again and again', async () => {
    const client = await signedIn();
    const events: SessionEvent['type'][] = [];
    client.onSessionEvent((event) => events.push(event.type));
    const first = (await client.fetchAuthSession({ credentials: false })).tokens!.accessToken.raw;
    const stop = client.keepSessionFresh();
    // 4-second tokens are refreshed a second before they expire: twice in about 6 s.
    await expect
      .poll(() => events.filter((type) => type === 'tokenRefreshed').length, { timeout: 10_000, interval: 200 })
      .toBeGreaterThanOrEqual(2);
    const now = (await client.fetchAuthSession({ credentials: false })).tokens!.accessToken.raw;
    expect(now).not.toBe(first);
    stop();
    client.dispose();
  });

  it('keeps the session through an outage without ending it', async () => {
    const client = await signedIn();
    const events: SessionEvent['type'][] = [];
    client.onSessionEvent((event) => events.push(event.type));
    await pool.control('faults', { operation: 'InitiateAuth', count: 3, drop: true });
    const stop = client.keepSessionFresh();
    // The planned refresh fails offline: nothing is reported, the tokens stay.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(events).toEqual([]);
    expect((await client.getCurrentUser()).userId).toBeTruthy();
    stop();
    client.dispose();
  });
});

describe('session keeper in two tabs', () => {
  it('makes one refresh between them, though the second tab comes due while its copy of the tokens is half-way', async () => {
    const proxy = await countingProxy(pool.config.endpoint);
    try {
      const shared = { config: { ...pool.config, endpoint: proxy.endpoint }, locks: sharedLocks() };
      // A change reaches the other tab's copy 10 ms after the one before, the id token 200 ms: for a while
      // the second tab holds the new access token with the old id token, which is due.
      const [mine, theirs] = laggingStoragePair((key) => (key.endsWith('.idToken') ? 200 : 10));
      const first = await signedIn({ ...shared, storage: mine });
      // The second tab's clock runs 100 ms behind, so its keeper comes due just after the first tab refreshed.
      const second = createAuthClient({ ...shared, storage: theirs, now: () => Date.now() - 100 });
      await new Promise((resolve) => setTimeout(resolve, 500));
      const stops = [first.keepSessionFresh(), second.keepSessionFresh()];
      // 4-second tokens come due a second before they expire.
      await expect.poll(() => proxy.refreshes(), { timeout: 10_000, interval: 50 }).toBeGreaterThanOrEqual(1);
      // Long enough for the other tab to have asked too, had it concluded its tokens were still due; not long enough for the next round.
      await new Promise((resolve) => setTimeout(resolve, CROSS_TAB_SETTLE_MS + 500));
      for (const stop of stops) stop();
      expect(proxy.refreshes()).toBe(1);
      // Both tabs hold the one refreshed access token (read from storage: with 4-second tokens any fetch would refresh).
      const accessToken = (storage: typeof mine) => createTokenStore(storage, pool.config.userPoolClientId).load()?.accessToken.raw;
      expect(accessToken(theirs)).toBeDefined();
      expect(accessToken(theirs)).toBe(accessToken(mine));
      first.dispose();
      second.dispose();
    } finally {
      await proxy.close();
    }
  });
});

describe('a pool clock the browser cannot see', () => {
  it('refreshes and retries once when the pool says the access token has expired', async () => {
    await pool.control('token-validity', { accessTokenSeconds: 3600, idTokenSeconds: 3600 });
    const client = await signedIn();
    const before = (await client.fetchAuthSession({ credentials: false })).tokens!.accessToken.raw;
    await pool.control('clock', { advanceMs: 2 * 3_600_000 });
    try {
      // The browser still thinks the token is good; the pool does not.
      expect(await client.fetchUserAttributes()).toHaveProperty('email');
      expect((await client.fetchAuthSession({ credentials: false })).tokens!.accessToken.raw).not.toBe(before);
    } finally {
      await pool.control('clock', { offsetMs: 0 });
    }
  });
});
