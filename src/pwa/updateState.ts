/**
 * Whether a new version of the app is installed and waiting, shared between
 * the service-worker module (loaded late, after the app is stable) and the
 * notice that offers the reload (always mounted, tiny). A plain external
 * store, read with useSyncExternalStore.
 */
export interface WaitingUpdate {
  /** activates the new version; the page reloads once it controls the page */
  activate(): void;
}

let waiting: WaitingUpdate | null = null;
const listeners = new Set<() => void>();

export const updateStore = {
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): WaitingUpdate | null => waiting,
  set(update: WaitingUpdate | null): void {
    waiting = update;
    for (const listener of listeners) listener();
  },
};
