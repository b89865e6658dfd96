// The first paint first: its entry brings the sign-in screens' share of Mantine's styles and the card's own rules.
import {
  dropPrerenderedCard,
  firstPageShown,
  firstScreenShown,
  isSignInPath,
  MARKERS,
  showingPrerenderedCard,
  signedInScreenShown,
} from './first-paint/index.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { preloadRouter } from './app/AppRoutes.tsx';
import { whenCardLeftAlone } from './app/earlySignIn.ts';
import { ConfigErrorScreen } from './app/ConfigErrorScreen.tsx';
import { installDefaultPolicy } from './app/trustedTypes.ts';
import { createAuthClient, type AuthClient } from './cognito/index.ts';
import { loadConfig } from './config/config.ts';
import { loadFirstWords } from './i18n/index.ts';
import { scheduleRegistration, whenStable } from './pwa/schedule.ts';

// Before anything renders: the Trusted Types policy the Content-Security-Policy requires (docs/deploy.md).
installDefaultPolicy();
const root = createRoot(document.getElementById('root')!);
const signInFirst = isSignInPath(window.location.pathname);

try {
  // The visitor's words, unless they are English (in the entry), arrive while the configuration does.
  const [config] = await Promise.all([loadConfig(), loadFirstWords()]);
  const client = createAuthClient({
    config,
    // Fetched only by deployments that keep tokens in cookies: the default (localStorage) start carries none of it.
    storage:
      config.tokenStore === 'cookie'
        ? (await import('./cognito/cookieStorage.ts')).createCookieStorage({
            secure: location.protocol === 'https:' || location.hostname === 'localhost',
          })
        : undefined,
  });
  const mailboxUrl = import.meta.env.DEV && config.endpoint ? `${config.endpoint}/_emulator/` : undefined;
  const prerenderedCard = signInFirst ? showingPrerenderedCard() : null;
  if (!signInFirst) dropPrerenderedCard();
  // A customer with a stored session goes straight past the sign-in card: fetch the router now.
  if (signInFirst && document.documentElement.hasAttribute(MARKERS.storedSession)) preloadRouter();
  // Not while the customer is filling the card in: the app draws once they leave it, or press something on it.
  const { signInUnderWay, signInEnded } = prerenderedCard
    ? await whenCardLeftAlone(prerenderedCard, client)
    : { signInUnderWay: false, signInEnded: undefined };
  const app = (
    <StrictMode>
      <App client={client} config={config} mailboxUrl={mailboxUrl} signInFirst={signInFirst} prerenderedCard={prerenderedCard} />
    </StrictMode>
  );
  // With a sign-in pressed on the card still waiting for the pool, the first render is a transition, which React
  // works through in slices: the pool's answer, and the proof of the password worked out from it, go between them
  // rather than after the whole render (issue 30: on the mobile profile, whose round trips are about as long as the
  // render, signed in 55 ms sooner; loopback's sign-in has ended before the app draws).
  if (signInUnderWay) startTransition(() => root.render(app));
  else root.render(app);
  afterFirstScreen(client, config.firstFactors, signInEnded);
} catch (error) {
  console.error('The app could not start:', error);
  dropPrerenderedCard();
  root.render(<ConfigErrorScreen />);
}

/**
 * When the files of the sign-in's other ways (the AWS SDK, choice-based sign-in, a passkey's WebAuthn calls) are
 * fetched, with their warm-up and the next sign-in's SRP ephemeral (the client's preload). On the sign-in form, once
 * it is up rather than once the browser is idle: on a slow phone, a press could come first and wait for them (issue
 * 30). Where "Sign in" was pressed on the prerendered card, the start-up script has asked for what that sign-in needs,
 * and the rest (the SDK included: that sign-in goes by fetch) waits for it to end rather than share the main thread
 * and the connection with its requests and its proof: then, on the form it left the customer on (a refusal, a step
 * such as an MFA code), for the form's idle moment.
 *
 * Signed in (that sign-in ended so, or a stored session opened the page), they wait for the signed-in page, or a
 * screen that follows the sign-in, and the idle moment after it: the page's own files come first, and the sign-in's
 * other ways are for a sign-in that may follow a sign-out. Fetched at the end of a sign-in pressed on the card, or
 * while it was under way, as they were, they held the page back: on the mobile profile of `npm run bench:ab` the page
 * itself came 176 ms sooner once they waited (3476 → 3300 ms, the signed-in frame to the page 1500 → 1268 ms, 8
 * pairs); on loopback within the noise.
 */
async function whenSignInFilesWanted(client: AuthClient, earlySignIn: Promise<void> | undefined): Promise<unknown> {
  await firstScreenShown;
  await earlySignIn;
  // Tokens stored here (or the hosted UI's answer being taken): signed in. A screen shown then (an unverified e-mail's
  // offer) needs the SDK for its own calls: it does not wait for the page.
  if (!client.startsSignedOut()) return whenStable(Promise.race([firstPageShown, signedInScreenShown]));
  const signInFiles = document.querySelector(`meta[name="${MARKERS.signInFiles}"]`);
  if (earlySignIn || signInFiles?.hasAttribute(MARKERS.signInFilesAsked)) return whenStable(Promise.resolve());
}

/**
 * Work that must not delay the first screen: fetching the AWS SDK and the code of the pool's other first factors
 * (while the customer types, not after they press "Sign in" or "E-mail me a code") and, in production, the
 * service worker, registered once the app is stable or after 30 s and checked
 * again when the connection returns or the tab comes back into view. The app is stable once the router has shown
 * its first page and the main thread is idle: on a sign-in path, once the sign-in has ended and the signed-in page
 * is up, so the worker's download and precaching compete neither with the sign-in nor with that page's files
 * (issue 30: registered at the end of the sign-in, they held the signed-in page back by 0.13 to 0.15 s on the
 * mobile profile).
 */
function afterFirstScreen(client: AuthClient, firstFactors: readonly string[], earlySignIn: Promise<void> | undefined): void {
  void whenSignInFilesWanted(client, earlySignIn).then(() => client.preload(firstFactors).catch(() => {}));
  // The dev server compiles the router and the dashboard's hundred-odd modules on first request, which takes
  // seconds: in development they are fetched while the customer types (a build serves them ready-made, after the sign-in).
  if (import.meta.env.DEV) void whenStable(firstScreenShown).then(preloadRouter);
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const request = scheduleRegistration(firstPageShown, () => {
    // Offline before the worker was ever installed, the module cannot arrive: nothing to register then.
    void import('./pwa/serviceWorker.ts').then(
      (serviceWorker) => serviceWorker.registerOrUpdate(),
      () => {},
    );
  });
  window.addEventListener('online', request);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') request();
  });
}
