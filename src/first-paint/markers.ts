/**
 * The names the first paint is stitched together by, shared by the markup
 * drawn at build time (SignInCardMarkup.tsx), the start-up script that decides
 * whether it shows (startup/sign-in-card.js, which the build hands them to),
 * and the hand-over to the live app (handover.ts). signInCard.css spells the
 * first two out, as CSS must.
 */
export const MARKERS = {
  /** the prerendered card's element */
  cardId: 'sign-in-card',
  /** on <html>: 'shown' or 'hidden', set by the start-up script; 'waiting' while the visitor's words for it are on their way */
  cardState: 'data-sign-in-card',
  /** on the card: the role and name (aria-label, or else text) of the last control pressed before the app started, `role:name` */
  pressed: 'data-pressed',
  /** on the card while the last control pressed before the app started is its submit button ("Sign in", or Enter in a field) */
  pressedSubmit: 'data-pressed-submit',
  /** on the card while a pointer is down on it or a composition (an input method's) is under way in one of its fields */
  held: 'data-held',
  /** on the card: when (performance.now(), ms) a key was last pressed or a field last changed on it */
  lastInput: 'data-last-input',
  /** on the card's submit button: what Enter in a field presses */
  submit: 'data-submit',
  /** on the card's first field: focused before the app starts */
  autofocus: 'data-autofocus',
  /** on <html> when tokens are stored: the app fetches the router early */
  storedSession: 'data-stored-session',
  /** the <meta> in which the build says what the card was drawn for */
  meta: 'sign-in-card',
  /**
   * the <meta> in which the build lists the files a signed-in page needs beyond the entry's (the shell's in
   * `content`; the home page's address in `data-home-path`, its files in `data-home`), asked for side by side once a
   * sign-in ends (scripts/vite/preloadLists.ts)
   */
  signedInFiles: 'signed-in-files',
  /**
   * the <meta> in which the build lists the code a password sign-in needs beyond the entry's (the machine's and the
   * sign-in's, not the AWS SDK's): the start-up script asks for it when "Sign in" is pressed on the prerendered card,
   * while the app may still be on its way
   */
  signInFiles: 'sign-in-files',
  /** on that <meta>, once the start-up script has asked for its files */
  signInFilesAsked: 'data-asked',
  /** on an element of the card whose text is a message: its key, so the start-up script can put another language's words there */
  text: 'data-t',
  /** the same for an aria-label */
  label: 'data-t-label',
  /** on the language button's text: the language's own name goes there */
  languageName: 'data-t-language',
  /** where the build writes each language's words for the card: <path><locale>.json */
  wordsPath: '/first-paint/',
} as const;
