// The first paint first: its entry brings the sign-in screens' share of Mantine's styles and the card's own rules.
import { dropPrerenderedCard, firstScreenShown, isSignInPath, MARKERS, showingPrerenderedCard } from './first-paint/index.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { preloadRouter } from './app/AppRoutes.tsx';
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
  root.render(
    <StrictMode>
      <App client={client} config={config} mailboxUrl={mailboxUrl} signInFirst={signInFirst} prerenderedCard={prerenderedCard} />
    </StrictMode>,
  );
  afterFirstScreen(client, config.firstFactors, signInFirst);
} catch (error) {
  console.error('The app could not start:', error);
  dropPrerenderedCard();
  root.render(<ConfigErrorScreen />);
}

/**
 * Work that must not delay the first screen: fetching the AWS SDK and the code of the pool's other first factors
 * (while the customer types, not after they press "Sign in" or "E-mail me a code") and, in production, the
 * service worker, registered once the app is stable or after 30 s and checked
 * again when the connection returns or the tab comes back into view. On a sign-in path the app is stable once the
 * sign-in has ended, so the worker's registration never competes with it (issue 30).
 */
function afterFirstScreen(client: AuthClient, firstFactors: readonly string[], signInFirst: boolean): void {
  void whenStable(firstScreenShown).then(() => client.preload(firstFactors).catch(() => {}));
  // The dev server compiles the router and the dashboard's hundred-odd modules on first request, which takes
  // seconds: in development they are fetched while the customer types (a build serves them ready-made, after the sign-in).
  if (import.meta.env.DEV) void whenStable(firstScreenShown).then(preloadRouter);
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const request = scheduleRegistration(signInFirst ? signInEnded(client) : firstScreenShown, () => {
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

/**
 * On a sign-in path: resolves once the customer is signed in (here, or in another tab), or once the first screen
 * shows for a customer whose session was already stored (no sign-in to wait for).
 */
function signInEnded(client: AuthClient): Promise<void> {
  if (document.documentElement.hasAttribute(MARKERS.storedSession)) return firstScreenShown;
  return new Promise((resolve) => {
    const stop = client.onSessionEvent((event) => {
      if (event.type !== 'signedIn') return;
      stop();
      resolve();
    });
  });
}
