import { required, validEmail } from '../../machines/authenticator/validation.ts';
import type { AuthClient } from '../cognito/index.ts';
import { MARKERS, signInPressedOnCard, whenCardAtRest } from '../first-paint/index.ts';
import { gatePath } from './gatePath.ts';
import { fetchSignedInFiles } from './signedInFiles.ts';

/**
 * The longest the app waits, after "Sign in" was pressed on the card, for the sign-in to end before it draws: time
 * enough for a pool on a fast connection to answer both requests (about 55 ms on loopback, the proof of the password
 * worked out between them), short enough that on a slow network the customer soon sees the live form saying that
 * the sign-in is under way.
 */
const EARLY_DRAW_WAIT_MS = 150;

/**
 * Waits, before the app draws anything, for the prerendered card to be left alone, and sends a sign-in pressed
 * there at once (issue 30).
 *
 * The app's first render and hand-over hold the main thread for a while (a 43 ms task on loopback), and the
 * hand-over puts the live form's fields and buttons in place of the card's. Done while the customer is filling the
 * card in, that holds their keystrokes and their press back, and swaps the field they are typing into from under
 * them (a browser automation's fill, which had found the card's field, starts again on the live one after a pause).
 * So the app draws once the card has been quiet for a moment since it showed (whenCardAtRest), or at once when
 * something on it is pressed. On a slow phone the app arrives long after the card showed, and draws at once.
 *
 * When that press is "Sign in" (or Enter in a field), with an e-mail and a password the live form will accept, the
 * password sign-in goes first (the client's startSignInEarly), and the app draws once it has ended (or after
 * EARLY_DRAW_WAIT_MS): drawn before, the app would hold back the proof of the password, which is worked out between
 * the pool's two answers. Ended signed in, the app starts signed in and draws what follows a sign-in (the
 * dashboard, or the offer to verify an e-mail), never the form: its start takes the session as the sign-in's
 * answer (loadSession in src/authenticator/actors.ts). Otherwise (a refusal, a step for the customer such as an
 * MFA code, or not ended yet) the live form shows, and the sign-in it starts when the hand-over presses its own
 * "Sign in" takes this one's answer, sending nothing of its own. The checks are the form's own
 * (machines/authenticator/validation.ts), so nothing is sent that the form would refuse. The sign-in's code and its
 * SRP ephemeral are made ready as soon as the customer starts on the card, so that the press sends within its own
 * task; a visitor who leaves the card alone gets the live form on the entry's code alone. Resolves with whether that
 * sign-in is still under way when the app draws (its pool slower than EARLY_DRAW_WAIT_MS), and, where one was
 * started, when it has ended (whatever the end), for the work that waits for it (src/main.tsx's afterFirstScreen).
 */
export function whenCardLeftAlone(
  card: HTMLElement,
  client: AuthClient,
): Promise<{ signInUnderWay: boolean; signInEnded?: Promise<void> }> {
  const touched = new MutationObserver(() => prepare());
  const prepare = () => {
    touched.disconnect();
    void client.prepareEarlySignIn();
  };
  // "Sign in" pressed before the app's code had arrived: on such a connection the signed-in page's files (about 95 KB
  // gzip) take longer to come than the sign-in's two round trips, so they are asked for with its first request rather
  // than at its end. On bench:ab's mobile profile (1.6 Mbps) the page itself came 532 ms sooner (3453 → 2921 ms, 8
  // pairs) and the signed-in frame 90 ms later (its answers share the connection). Pressed once the app is running (a
  // fast connection), they wait for the end: on loopback, asked for with the first request, they held the pool's
  // answers and the proof back on the two cores, signed in 37 ms later and the page no sooner (issue 30).
  const pressedBeforeStart = card.hasAttribute(MARKERS.pressedSubmit);
  if (card.hasAttribute(MARKERS.lastInput) || card.hasAttribute(MARKERS.pressed)) prepare();
  else touched.observe(card, { attributes: true, attributeFilter: [MARKERS.lastInput, MARKERS.held, MARKERS.pressed] });
  // The card showed at the first paint (or, where the browser does not say when that was, counts as showing now).
  const shownAt = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? performance.now();
  return new Promise((draw) =>
    whenCardAtRest(
      card,
      () => {
        touched.disconnect();
        const typed = signInPressedOnCard(card);
        if (typed && validEmail(typed.email) === null && required(typed.password) === null) {
          const signInEnded = client.startSignInEarly(typed.email.trim(), typed.password);
          if (pressedBeforeStart) fetchSignedInFiles(gatePath.get());
          const ended = signInEnded.then(() => false);
          const waited = new Promise<boolean>((wait) => setTimeout(() => wait(true), EARLY_DRAW_WAIT_MS));
          void Promise.race([ended, waited]).then(
            (signInUnderWay) => draw({ signInUnderWay, signInEnded }),
            () => draw({ signInUnderWay: true, signInEnded }),
          );
        } else draw({ signInUnderWay: false });
      },
      shownAt,
    ),
  );
}
