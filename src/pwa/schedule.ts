/**
 * When the service worker may be registered (spec §1, §9): once the app is
 * stable, meaning its first screen has rendered and the main thread is idle,
 * or after 30000 ms, whichever comes first; and calls that come in a burst
 * (start-up, coming back online, the tab becoming visible) count once: calls
 * within 300 ms of the previous one are dropped. Timers are passed in, so the rules are tested with
 * fake ones.
 */
export const STABLE_TIMEOUT_MS = 30_000;
export const DEBOUNCE_MS = 300;

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** runs the callback when the main thread is idle; browsers without it get a short timeout */
  requestIdleCallback(callback: () => void): void;
}

export const browserTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  requestIdleCallback: (callback) =>
    typeof globalThis.requestIdleCallback === 'function'
      ? globalThis.requestIdleCallback(() => callback())
      : globalThis.setTimeout(callback, 1),
};

export type Stability = 'stable' | 'timeout';

/** Resolves when the first screen has shown and the thread is then idle, or after `timeoutMs`, whichever is first. */
export function whenStable(firstScreen: Promise<void>, timers: Timers = browserTimers, timeoutMs = STABLE_TIMEOUT_MS): Promise<Stability> {
  return new Promise((resolve) => {
    const timer = timers.setTimeout(() => resolve('timeout'), timeoutMs);
    void firstScreen.then(() =>
      timers.requestIdleCallback(() => {
        timers.clearTimeout(timer);
        resolve('stable');
      }),
    );
  });
}

/**
 * `run` once per burst of calls: the first call runs at once, and any call
 * within `ms` of the previous one is dropped (and keeps the burst open).
 */
export function debounce(run: () => void, timers: Timers = browserTimers, ms = DEBOUNCE_MS): () => void {
  let quiet: unknown;
  return () => {
    const inBurst = quiet !== undefined;
    if (inBurst) timers.clearTimeout(quiet);
    quiet = timers.setTimeout(() => {
      quiet = undefined;
    }, ms);
    if (!inBurst) run();
  };
}

/**
 * Registers once the app is stable (or after the timeout) and returns the
 * debounced request, for the events that should check again later (back
 * online, tab visible again): `register` runs once per burst.
 */
export function scheduleRegistration(firstScreen: Promise<void>, register: () => void, timers: Timers = browserTimers): () => void {
  const request = debounce(register, timers);
  void whenStable(firstScreen, timers).then(request);
  return request;
}
