import { retryable } from '../chunks/retryable.ts';

/**
 * A part of the shell in a chunk of its own, fetched the first time it is wanted (the calendar, the settings
 * panel, the drawing of notifications): every call until it arrives shares one fetch, and a fetch that failed is
 * forgotten, so the next call asks again (under a new address: src/chunks/retryable.ts).
 */
export function onDemand<T>(load: () => Promise<{ default: T }>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  const fresh = retryable(load);
  return () => {
    if (!pending) {
      const fetching = fresh().then((module) => module.default);
      fetching.catch(() => {
        if (pending === fetching) pending = undefined;
      });
      pending = fetching;
    }
    return pending;
  };
}
