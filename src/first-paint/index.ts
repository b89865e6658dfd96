/**
 * The first paint: everything that lets the sign-in form show before the app
 * has started, and hands over to the live app without a flicker.
 *
 * - At build time the card is drawn to HTML (SignInCardMarkup.tsx, rendered by
 *   scripts/prerender/renderCard.tsx) and written into index.html.
 * - Before the first paint, startup/sign-in-card.js decides whether it shows,
 *   and startup/layout-settings.js applies the saved scheme and scale (both
 *   written into index.html with the app's own names by
 *   scripts/vite/startupScripts.ts).
 * - The sign-in path carries only the styles the sign-in screens use
 *   (signInStyles.ts; the rest comes with the router, src/app/styles/).
 * - When the app starts, handover.ts moves what was typed into the live form
 *   and presses what was pressed; firstScreen.ts marks the moment, for the
 *   work that waits for it.
 *
 * This file is the room's one entry: the app imports it first (its styles
 * come with it).
 */
import './signInStyles.ts';
import './signInCard.css';

export {
  firstPageShown,
  firstScreenShown,
  FIRST_SCREEN_MARK,
  markFirstPageShown,
  markFirstScreenShown,
  markSignedInScreenShown,
  signedInScreenShown,
} from './firstScreen.ts';
export { dropPrerenderedCard, showingPrerenderedCard, signInPressedOnCard, takeOver, whenCardAtRest } from './handover.ts';
export { MARKERS } from './markers.ts';
export { SignInCardMarkup } from './SignInCardMarkup.tsx';
export { CARD_PATH_SOURCE, isSignInPath, SIGN_IN_PATH_SOURCE } from './signInPaths.ts';
