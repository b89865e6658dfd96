/**
 * Two tabs of one browser, as two clients sharing a storage and Node's
 * BroadcastChannel: what one tab is told about the session, and what a page
 * of the same origin posting on the channel cannot make it believe.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PASSWORD, confirmedUser, emulator, testClient } from './testSupport.ts';
import { createMemoryStorage, type KeyValueStorage } from './tokenStore.ts';
import type { SessionEvent } from './types.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A tab: a client on the shared storage, recording every session event it hears. Sleeps are instant unless real ones are asked for. */
function tab(storage: KeyValueStorage = createMemoryStorage(), options: { realSleep?: boolean } = {}) {
  const { client } = testClient({ storage, ...(options.realSleep ? {} : { sleep: () => Promise.resolve() }) });
  const heard: SessionEvent[] = [];
  const stop = client.onSessionEvent((event) => heard.push(event));
  cleanups.push(() => {
    stop();
    client.dispose();
  });
  return { client, heard, storage };
}

/** The channel the clients talk on, opened the way any script of the origin could. */
function channel() {
  const forged = new BroadcastChannel(`cognito-session.${emulator().userPoolClientId}`);
  cleanups.push(() => forged.close());
  return forged;
}

/** A tab's storage whose writes reach `other` only `lagMs` later, as localStorage reaches other tabs in a browser. */
function laggingStorage(other: KeyValueStorage, lagMs: number): KeyValueStorage {
  const own = createMemoryStorage();
  return {
    getItem: (key) => own.getItem(key),
    setItem(key, value) {
      own.setItem(key, value);
      setTimeout(() => other.setItem(key, value), lagMs);
    },
    removeItem(key) {
      own.removeItem(key);
      setTimeout(() => other.removeItem(key), lagMs);
    },
  };
}

/** Posts a sign-out after `messages` and waits for the tab to hear it: everything before it has been handled. */
async function postThenSettle(heard: SessionEvent[], messages: unknown[]) {
  const forged = channel();
  for (const message of messages) forged.postMessage(message);
  forged.postMessage({ type: 'signedOut' });
  await expect.poll(() => heard.some((event) => event.type === 'signedOut')).toBe(true);
}

describe('session events across tabs', () => {
  it('tells a tab its own sign-in is its own, and the other tab that it came from elsewhere', async () => {
    const storage = createMemoryStorage();
    const first = tab(storage);
    const second = tab(storage);
    const email = await confirmedUser();
    await first.client.signIn({ username: email, password: PASSWORD });
    await expect.poll(() => second.heard.map((event) => event.type)).toEqual(['signedIn']);
    expect(first.heard).toEqual([expect.objectContaining({ type: 'signedIn', fromOtherTab: false })]);
    expect(second.heard).toEqual([
      expect.objectContaining({ type: 'signedIn', fromOtherTab: true, user: expect.objectContaining({ email }) }),
    ]);
  });

  it('ignores a "signed in" message when the storage holds no session', async () => {
    const { heard } = tab();
    await postThenSettle(heard, [{ type: 'signedIn', user: { username: 'mallory', userId: 'x', email: 'mallory@example.com' } }]);
    expect(heard.map((event) => event.type)).toEqual(['signedOut']);
  });

  it('reports the user in the storage, not the one a message names', async () => {
    const storage = createMemoryStorage();
    const first = tab(storage);
    const second = tab(storage);
    const email = await confirmedUser();
    await first.client.signIn({ username: email, password: PASSWORD });
    await expect.poll(() => second.heard.length).toBe(1);
    const forged = channel();
    forged.postMessage({ type: 'signedIn', user: { username: 'mallory', userId: 'x', email: 'mallory@example.com' } });
    await expect.poll(() => second.heard.length).toBe(2);
    expect(second.heard[1]).toMatchObject({ type: 'signedIn', fromOtherTab: true, user: { email } });
  });

  it('ignores malformed messages without throwing', async () => {
    const { heard } = tab();
    await postThenSettle(heard, [
      null,
      42,
      'signedIn',
      [],
      {},
      { type: 'nonsense' },
      { type: { toString: 'signedIn' } },
      { type: '__proto__' },
      { type: 'constructor' },
      // Failures are never broadcast: one arriving is forged, and has no error to read.
      { type: 'tokenRefreshFailure' },
      { type: 'signedIn', user: null },
    ]);
    expect(heard.map((event) => event.type)).toEqual(['signedOut']);
    expect(heard[0]).toEqual({ type: 'signedOut', fromOtherTab: true });
  });

  it('waits for tokens that reach the tab after the message', async () => {
    const shared = createMemoryStorage();
    const first = tab(laggingStorage(shared, 120));
    const second = tab(shared, { realSleep: true });
    const email = await confirmedUser();
    await first.client.signIn({ username: email, password: PASSWORD });
    await expect
      .poll(() => second.heard)
      .toEqual([expect.objectContaining({ type: 'signedIn', fromOtherTab: true, user: expect.objectContaining({ email }) })]);
  });

  it('drops a sign-in still waiting for its tokens when a sign-out is heard', async () => {
    const shared = createMemoryStorage();
    const first = tab(laggingStorage(shared, 120));
    const second = tab(shared, { realSleep: true });
    await first.client.signIn({ username: await confirmedUser(), password: PASSWORD });
    channel().postMessage({ type: 'signedOut' });
    // Longer than the tokens' lag and the whole check together.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(second.heard.map((event) => event.type)).toEqual(['signedOut']);
  });
});
