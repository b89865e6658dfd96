/**
 * Loads a module the first time it is needed and keeps it; a failed load
 * (offline when the chunk was first wanted) is forgotten so the next call retries.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
}
