import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from './client.ts';
import { PASSWORD, isolatedEmulator, type IsolatedEmulator } from './testSupport.ts';
import { createMemoryStorage } from './tokenStore.ts';
import type { SessionEvent } from './types.ts';

// Token lifetimes and faults are pool-wide: this file has a test pool of its own.
let pool: IsolatedEmulator;
beforeAll(async () => {
  pool = await isolatedEmulator();
  await pool.control('token-validity', { accessTokenSeconds: 4, idTokenSeconds: 4 });
});
afterAll(() => pool.close());

async function signedIn() {
  const client = createAuthClient({ config: pool.config, storage: createMemoryStorage() });
  const email = `keeper.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  await client.signUp({ username: email, password: PASSWORD });
  const [message] = (await (await fetch(`${pool.config.endpoint}/_emulator/outbox?to=${encodeURIComponent(email)}`)).json()) as { code: string }[];
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
    await expect.poll(() => events.filter((type) => type === 'tokenRefreshed').length, { timeout: 10_000, interval: 200 }).toBeGreaterThanOrEqual(2);
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
