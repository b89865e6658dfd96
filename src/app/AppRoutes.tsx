import { Component, lazy, Suspense, useLayoutEffect, useSyncExternalStore, type ReactNode } from 'react';
import { isSignedInScreen } from '../../machines/authenticator/routes.ts';
import { Authenticator, useRoute } from '../authenticator/index.ts';
import { loadShownPart } from '../i18n/index.ts';
import { PageLoader, ShellFrame } from '../layout/index.ts';
import { routeAt } from '../routes/manifest.ts';
import { isSignInPath, markFirstScreenShown, markSignedInScreenShown, takeOver, whenCardAtRest } from '../first-paint/index.ts';
import { gatePath } from './gatePath.ts';
import { fetchSignedInFiles } from './signedInFiles.ts';
import { CHUNK_FAILURE, LoadFailure } from './LoadFailure.tsx';

// The signed-in app's words (the catalogue's `app` part) arrive beside the router; on a guarded path (the dashboard,
// once signed in), so do the shell's and the page's files, all at once rather than one import level after another.
const loadRouter = () => {
  const path = gatePath.get();
  if (isSignInPath(path)) fetchSignedInFiles(path);
  return Promise.all([import('./RouterRoot.tsx'), loadShownPart('app')]).then(([router]) => router);
};
// Rendered once the router has loaded its first page's modules (RouterRoot.tsx says why). Asked for in the task after
// the one that draws the shell's frame in its place: asking (a <link> added to the page for each file) was 36 of the
// 61 ms between a sign-in's last answer and that frame in a loopback trace (issue 30, `npm run bench:trace`).
const RouterRoot = lazy(async () => {
  await new Promise((nextTask) => setTimeout(nextTask, 0));
  const module = await loadRouter();
  await module.routerReady();
  return module;
});

/** Starts fetching the router early, for a customer whose next screen is known to need it. */
export const preloadRouter = (): void => void loadRouter().catch(() => {});

export interface AppRoutesProps {
  /**
   * The page was opened on a path the gate guards (src/first-paint/signInPaths.ts): the widget's first
   * screen is the app's first screen, and takes over from the prerendered card.
   */
  signInFirst: boolean;
  /** the card prerendered into index.html, showing until the live form takes over */
  prerenderedCard: HTMLElement | null;
}

/**
 * The app's one sign-in gate: the only `<Authenticator>` of the app, above
 * the router. The route manifest says which paths it guards (`guarded`,
 * read through isSignInPath): there, for a visitor not signed in, it shows
 * the sign-in widget in place of the router, and the router's chunk (React
 * Router, every route, the dashboard) is not even fetched until the sign-in
 * on a page opened there. Elsewhere (the landing page, 404, the /auth/*
 * pages) it stands aside and the router shows at once. The URL never
 * changes, so a deep link survives sign-in; a sign-out in the shell brings
 * the card back in its place.
 */
export function AppRoutes({ signInFirst, prerenderedCard }: AppRoutesProps) {
  // Only a change between a guarded and a public path renders the gate again, not every navigation.
  const guarded = useSyncExternalStore(gatePath.subscribe, () => isSignInPath(gatePath.get()));
  // While the router and a page of the shell are on their way (a sign-in has just ended, or a stored session opened
  // the page), the shell's frame with the page's title; elsewhere, a spinner.
  const route = routeAt(gatePath.get());
  const loading = route && 'shell' in route ? <ShellFrame title={route.title} /> : <PageLoader fullPage />;
  return (
    <>
      <Authenticator guards={guarded}>
        <LoadBoundary>
          <Suspense fallback={loading}>
            <RouterRoot />
          </Suspense>
        </LoadBoundary>
      </Authenticator>
      {signInFirst && <SignInShown prerenderedCard={prerenderedCard} />}
      <SignedInScreenWatch />
    </>
  );
}

/**
 * Watches the widget's route: once it leaves the start-up states, the live
 * card (or the signed-in page's frame) is in the DOM, so the first screen is
 * marked as shown and the prerendered card hands over, in the same frame, as
 * soon as the customer's hands are off it (at once, unless they are pressing
 * or typing on it: whenCardAtRest).
 */
function SignInShown({ prerenderedCard }: { prerenderedCard: HTMLElement | null }) {
  const route = useRoute();
  const started = route !== 'idle' && route !== 'setup';
  useLayoutEffect(() => {
    if (!started) return;
    markFirstScreenShown();
    const root = document.getElementById('root');
    if (!prerenderedCard?.isConnected || !root) return;
    return whenCardAtRest(prerenderedCard, () => {
      if (!prerenderedCard.isConnected) return;
      const pressed = takeOver(prerenderedCard, root);
      // Pressed on the next task, once React has applied the copied values to the form's state.
      if (pressed) setTimeout(() => pressed.click(), 0);
    });
  }, [started, prerenderedCard]);
  return null;
}

/**
 * Marks the first screen the widget shows to a customer who is signed in already (the offer to verify an e-mail or
 * phone that follows some sign-ins), for the work that otherwise waits for the signed-in page (src/main.tsx).
 */
function SignedInScreenWatch() {
  const route = useRoute();
  useLayoutEffect(() => {
    if (isSignedInScreen(route)) markSignedInScreenShown();
  }, [route]);
  return null;
}

/** The router's chunk did not arrive (offline, or gone after a deploy): a finished page with a Reload button. */
class LoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('The app could not load its pages:', error);
  }

  override render() {
    return this.state.failed ? <LoadFailure fullPage {...CHUNK_FAILURE} /> : this.props.children;
  }
}
