import { useEffect, useState } from 'react';
import { ScrollRestoration, useLocation } from 'react-router';
import { useLayout } from '../state/LayoutProvider.tsx';
import { nextVisit } from './pageKey.ts';
import { scrollToHash } from './scrollToHash.ts';

/**
 * What every navigation does, rendered once at the root of the router:
 * closes the menus (spec §4), restores the scroll position, and scrolls to
 * the #anchor once the page has rendered it.
 */
export function RouteEffects() {
  const location = useLocation();
  const { dispatch } = useLayout();

  useEffect(() => {
    dispatch({ type: 'navigated' });
  }, [location.key, dispatch]);

  useHashScroll();
  return <ScrollRestoration />;
}

/**
 * Scrolls to the URL's #anchor after each navigation, and when the caller
 * mounts: the shell uses it too, because it appears only after sign-in,
 * long after the navigation that carried the anchor.
 */
export function useHashScroll(): void {
  const location = useLocation();
  useEffect(() => (location.hash ? scrollToHash(location.hash) : undefined), [location.key, location.hash]);
}

/** The key to render the current page under: see nextVisit. */
export function usePageKey(): string {
  const location = useLocation();
  const [visit, setVisit] = useState(() => nextVisit(undefined, location));
  // Derived from the location alone, so rendering twice gives the same answer.
  const next = nextVisit(visit, location);
  if (next !== visit) setVisit(next);
  return next.pageKey;
}
