/**
 * The moment the app first shows something of its own: the sign-in form, or
 * the first route. Work that must not compete with that first screen
 * (fetching the AWS SDK) waits for it; the service worker's registration
 * waits for the first page (below).
 */
let markShown: () => void = () => {};

export const firstScreenShown = new Promise<void>((resolve) => {
  markShown = resolve;
});

/** Called by whatever rendered first; later calls change nothing. */
export function markFirstScreenShown(): void {
  if (typeof performance !== 'undefined' && performance.getEntriesByName(FIRST_SCREEN_MARK).length === 0)
    performance.mark(FIRST_SCREEN_MARK);
  markShown();
}

let markPage: () => void = () => {};

/**
 * The moment the router first shows a page: a public page's at once, a guarded one's (the dashboard) once the
 * customer is signed in and its files are in. The service worker's registration waits for it, so its download and
 * its precaching never share the connection with the signed-in page's files.
 */
export const firstPageShown = new Promise<void>((resolve) => {
  markPage = resolve;
});

/** Called by the router when it first shows a page; later calls change nothing. */
export function markFirstPageShown(): void {
  markPage();
}

/** A User Timing mark, read by the benchmark (bench/perf.ts). */
export const FIRST_SCREEN_MARK = 'app:first-screen';
