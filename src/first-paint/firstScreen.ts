/**
 * Moments of the app's start that work waits for, each a promise that its mark resolves once (later marks change
 * nothing).
 */

/** A moment: the promise that waits for it, and the mark that says it has come. */
function moment(): { shown: Promise<void>; mark: () => void } {
  let mark: () => void = () => {};
  const shown = new Promise<void>((resolve) => {
    mark = resolve;
  });
  return { shown, mark };
}

/**
 * The moment the app first shows something of its own: the sign-in form, or
 * the first route. Work that must not compete with that first screen
 * (fetching the AWS SDK) waits for it; the service worker's registration
 * waits for the first page (below).
 */
const firstScreen = moment();
export const firstScreenShown = firstScreen.shown;

/** Called by whatever rendered first; later calls change nothing. */
export function markFirstScreenShown(): void {
  if (typeof performance !== 'undefined' && performance.getEntriesByName(FIRST_SCREEN_MARK).length === 0)
    performance.mark(FIRST_SCREEN_MARK);
  firstScreen.mark();
}

/**
 * The moment the router first shows a page: a public page's at once, a guarded one's (the dashboard) once the
 * customer is signed in and its files are in. The service worker's registration waits for it, so its download and
 * its precaching never share the connection with the signed-in page's files.
 */
const firstPage = moment();
export const firstPageShown = firstPage.shown;

/** Called by the router when it first shows a page. */
export const markFirstPageShown = firstPage.mark;

/**
 * The moment the sign-in widget first shows a screen to a customer who is signed in already: the offer to verify an
 * e-mail or phone that follows some sign-ins. The work that waits for the signed-in page (the files of the sign-in's
 * other ways, src/main.tsx) does not wait past it: that screen's own calls need some of them.
 */
const signedInScreen = moment();
export const signedInScreenShown = signedInScreen.shown;

/** Called by the app when the widget shows one of the screens for a signed-in customer. */
export const markSignedInScreenShown = signedInScreen.mark;

/** A User Timing mark, read by the benchmark (bench/perf.ts). */
export const FIRST_SCREEN_MARK = 'app:first-screen';
