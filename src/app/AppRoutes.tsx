import { Component, lazy, Suspense, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { Authenticator, useRoute } from '../authenticator/index.ts';
import { loadShownPart } from '../i18n/index.ts';
import { PageLoader } from '../layout/index.ts';
import { markFirstScreenShown, takeOver } from '../first-paint/index.ts';
import { CHUNK_FAILURE, LoadFailure } from './LoadFailure.tsx';

// The signed-in app's words (the catalogue's `app` part) arrive beside the router.
const loadRouter = () => Promise.all([import('./RouterRoot.tsx'), loadShownPart('app')]).then(([router]) => router);
const RouterRoot = lazy(loadRouter);

/** Starts fetching the router early, for a customer whose next screen is known to need it. */
export const preloadRouter = (): void => void loadRouter().catch(() => {});

export interface AppRoutesProps {
  /**
   * The page was opened on a sign-in path (src/first-paint/signInPaths.ts): the sign-in widget
   * shows at once, and the router (React Router and every route) is loaded
   * only once the customer is signed in. Elsewhere the router starts at once.
   */
  signInFirst: boolean;
  /** the card prerendered into index.html, showing until the live form takes over */
  prerenderedCard: HTMLElement | null;
}

/**
 * The app's routes, with the sign-in card first on sign-in paths. Once the
 * customer is signed in the router takes over for good; from then on the
 * dashboard's own sign-in widget (ProtectedLayout) handles sign-out and any
 * later sign-in, as before.
 */
export function AppRoutes({ signInFirst, prerenderedCard }: AppRoutesProps) {
  const [routerShown, setRouterShown] = useState(!signInFirst);
  if (!routerShown) {
    return (
      <>
        <Authenticator>
          <ShowRouter onShow={setRouterShown} />
        </Authenticator>
        <SignInShown prerenderedCard={prerenderedCard} />
      </>
    );
  }
  return (
    <LoadBoundary>
      <Suspense fallback={<PageLoader fullPage />}>
        <RouterRoot />
      </Suspense>
    </LoadBoundary>
  );
}

/** Rendered by the widget once the customer is signed in: switches to the router (the same spinner shows meanwhile). */
function ShowRouter({ onShow }: { onShow: (shown: true) => void }) {
  useEffect(() => onShow(true), [onShow]);
  return <PageLoader fullPage />;
}

/**
 * Watches the widget's route: once it leaves the start-up states, the live
 * card (or the dashboard's spinner) is in the DOM, so the prerendered card
 * hands over, in the same frame, and the first screen is marked as shown.
 */
function SignInShown({ prerenderedCard }: { prerenderedCard: HTMLElement | null }) {
  const route = useRoute();
  const started = route !== 'idle' && route !== 'setup';
  useLayoutEffect(() => {
    if (!started) return;
    const root = document.getElementById('root');
    if (prerenderedCard?.isConnected && root) {
      const pressed = takeOver(prerenderedCard, root);
      // Pressed on the next task, once React has applied the copied values to the form's state.
      if (pressed) setTimeout(() => pressed.click(), 0);
    }
    markFirstScreenShown();
  }, [started, prerenderedCard]);
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
