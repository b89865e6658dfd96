/**
 * The app's own chunks, imported again after a failure. Chromium keeps a
 * module whose fetch failed (offline, a dropped connection) as failed for the
 * rest of the page's life: `import()` of the same address fails again at
 * once, without asking the network, so a "Try again" that imports it again
 * could never succeed (Chromium 150: the shell's settings panel, calendar and
 * chart, the sign-in's later screens). A loader made by `retryable` imports,
 * after a failure, the address the failure named (the browsers' message says
 * which module could not be fetched) under a query it has not asked for
 * before; the modules that one imports are the ones already loaded, or
 * fetched for the first time.
 *
 * That holds only for modules never asked for while the network was down:
 * the build therefore does not preload the imports of a chunk that is
 * imported again in place (`RETRIED_IN_PLACE` in vite.config.ts), and the
 * chunk asks for them itself once it has arrived. The sign-in's SDK and code
 * keep that preload, for speed, and recover only where the chunk itself was
 * the one that failed; a page's chunk offers a reload, which starts afresh.
 */

/** Chromium's and Firefox's words for a module that could not be fetched, with its address. */
const FAILED_MODULE = /(?:failed to fetch|error loading) dynamically imported module:\s*(\S+)/i;

/** The address of the module whose fetch made `error`, when the browser names it (Safari's message does not). */
export function failedModuleAddress(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : '';
  return FAILED_MODULE.exec(message)?.[1];
}

let attempts = 0;

/** `address` with a query this page has not used: a module the browser has not seen. */
function anew(address: string): string {
  const url = new URL(address);
  url.searchParams.set('retry', String(++attempts));
  return url.href;
}

/**
 * A loader for `load` (an `import()` of one of the app's modules) that, once a fetch failed, imports the failed
 * module under a new address at each later call, until one succeeds; that one is kept.
 */
export function retryable<T>(load: () => Promise<T>): () => Promise<T> {
  let address: string | undefined;
  return () => {
    // The module imported under another address is the same module: its namespace is what `load` resolves to.
    const loading = address === undefined ? load() : (import(/* @vite-ignore */ address) as Promise<T>);
    return loading.catch((error: unknown) => {
      const failed = failedModuleAddress(error);
      if (failed) address = anew(failed);
      throw error;
    });
  };
}
