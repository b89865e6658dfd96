/**
 * A part of the shell in a chunk of its own, fetched the first time it is wanted (the calendar, the settings
 * panel, the drawing of notifications): every call until it arrives shares one fetch, and a fetch that failed is
 * forgotten, so the next call asks again.
 */
export function onDemand<T>(load: () => Promise<{ default: T }>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    if (!pending) {
      const fetching = load().then((module) => module.default);
      fetching.catch(() => {
        if (pending === fetching) pending = undefined;
      });
      pending = fetching;
    }
    return pending;
  };
}
