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

let markSignedInScreen: () => void = () => {};

/**
 * The moment the sign-in widget first shows a screen to a customer who is signed in already: the offer to verify an
 * e-mail or phone that follows some sign-ins. The work that waits for the signed-in page (the files of the sign-in's
 * other ways, src/main.tsx) does not wait past it: that screen's own calls need some of them.
 */
export const signedInScreenShown = new Promise<void>((resolve) => {
  markSignedInScreen = resolve;
});

/** Called by the app when the widget shows one of the screens for a signed-in customer; later calls change nothing. */
export function markSignedInScreenShown(): void {
  markSignedInScreen();
}

/** A User Timing mark, read by the benchmark (bench/perf.ts). */
export const FIRST_SCREEN_MARK = 'app:first-screen';
