import type { SessionEvent } from './types.ts';

type Listener = (event: SessionEvent) => void;

/** What crosses between tabs: plain data only; tokens stay in the shared storage. */
type Broadcast = Exclude<SessionEvent, { type: 'tokenRefreshFailure' }>;

/**
 * Session events for this tab and the others. Tabs share the token storage,
 * so a broadcast only has to say what happened; the receiving tab reads the
 * tokens themselves from storage. BroadcastChannel works for localStorage and
 * cookies alike, unlike the `storage` event.
 */
export function createSessionEvents(clientId: string) {
  const listeners = new Set<Listener>();
  const deliver = (event: SessionEvent) => {
    for (const listener of [...listeners]) listener(event);
  };
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(`cognito-session.${clientId}`);
  if (channel) {
    channel.onmessage = (message: MessageEvent<Broadcast>) => deliver(message.data);
    // In Node (tests) an open channel would keep the process alive.
    (channel as { unref?: () => void }).unref?.();
  }

  return {
    /** Tells this tab's listeners and, except for failures, the other tabs'. */
    emit(event: SessionEvent): void {
      deliver(event);
      if (channel && event.type !== 'tokenRefreshFailure') channel.postMessage(event satisfies Broadcast);
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
