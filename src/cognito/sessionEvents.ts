import type { AuthUser, SessionChange, SessionEvent } from './types.ts';

type Listener = (event: SessionEvent) => void;

/** What may cross between tabs. A failure stays in its tab: the sign-out that follows it is what the others hear. */
const BROADCAST_TYPES = ['signedIn', 'signedOut', 'tokenRefreshed'] as const;
type BroadcastType = (typeof BROADCAST_TYPES)[number];

/** The type of a message from the channel, or undefined for anything else: any script of the origin can post there. */
function broadcastTypeOf(data: unknown): BroadcastType | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const type = (data as { type?: unknown }).type;
  return typeof type === 'string' && (BROADCAST_TYPES as readonly string[]).includes(type) ? (type as BroadcastType) : undefined;
}

/**
 * Another tab's "signed in" can arrive before its tokens do: a browser copies
 * localStorage to other tabs key by key, on a path of its own. So the storage
 * is read again every 50 ms, six times (300 ms, as the refresh's cross-tab
 * pause allows for the same lag), before the message is ignored.
 */
export const SIGN_IN_CHECK_INTERVAL_MS = 50;
export const SIGN_IN_CHECKS = 6;

export interface SessionEventsOptions {
  /** The user of the session in the shared token storage, if it holds a valid one; null otherwise. */
  storedUser(): AuthUser | null;
  sleep(ms: number): Promise<void>;
}

/**
 * Session events for this tab and the others. Tabs share the token storage,
 * so a broadcast only has to say what happened; the receiving tab reads the
 * tokens themselves from storage. BroadcastChannel works for localStorage and
 * cookies alike, unlike the `storage` event.
 *
 * A message on the channel is a claim, not a fact: any script of the origin
 * can post one. Only its type is read; another tab's sign-in is reported
 * once the token storage holds a valid session, with the user stored there,
 * and anything malformed is dropped. A sign-out is believed at once: leaving
 * is the safe side to err on.
 */
export function createSessionEvents(clientId: string, options: SessionEventsOptions) {
  const listeners = new Set<Listener>();
  /** Moves on each sign-in or sign-out this tab hears, so a check under way does not report a sign-in overtaken since. */
  let generation = 0;
  let checking = false;
  /** what the check under way waits for: no sign-in or sign-out heard since this generation, and checks left */
  let checkFrom = 0;
  let checksLeft = 0;

  const deliver = (event: SessionEvent) => {
    if (event.type === 'signedIn' || event.type === 'signedOut') generation++;
    for (const listener of [...listeners]) listener(event);
  };

  /** Reports another tab's sign-in once the storage holds it. One check at a time; a new message starts its count again. */
  async function checkOtherTabSignIn(): Promise<void> {
    checkFrom = generation;
    checksLeft = SIGN_IN_CHECKS;
    if (checking) return;
    checking = true;
    try {
      while (generation === checkFrom) {
        const user = options.storedUser();
        if (user) {
          deliver({ type: 'signedIn', user, fromOtherTab: true });
          return;
        }
        if (checksLeft === 0) return;
        checksLeft--;
        await options.sleep(SIGN_IN_CHECK_INTERVAL_MS);
      }
    } finally {
      checking = false;
    }
  }

  function receive(data: unknown): void {
    const type = broadcastTypeOf(data);
    if (type === 'signedIn') void checkOtherTabSignIn().catch((error: unknown) => console.error('Session check failed:', error));
    else if (type) deliver({ type, fromOtherTab: true });
  }

  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(`cognito-session.${clientId}`);
  if (channel) {
    channel.onmessage = (message: MessageEvent<unknown>) => receive(message.data);
    // In Node (tests) an open channel would keep the process alive.
    (channel as { unref?: () => void }).unref?.();
  }

  return {
    /** Tells this tab's listeners and, except for failures, the other tabs'. */
    emit(change: SessionChange): void {
      deliver({ ...change, fromOtherTab: false });
      if (change.type === 'tokenRefreshFailure') return;
      // The user goes along for tabs of an earlier version, which read it; this version reads the storage instead.
      channel?.postMessage(change);
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close(): void {
      listeners.clear();
      channel?.close();
    },
  };
}

export type SessionEvents = ReturnType<typeof createSessionEvents>;
