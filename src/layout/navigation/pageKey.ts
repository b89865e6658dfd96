/** One visit to a page, as the outlet key sees it. */
export interface PageVisit {
  /** the key the page is rendered under; a new one runs the page again */
  pageKey: string;
  locationKey: string;
  path: string;
  hash: string;
}

export interface VisitedLocation {
  key: string;
  pathname: string;
  search: string;
  hash: string;
}

/**
 * The page's key after a navigation. Any navigation to a page, the one on
 * screen included, runs it again (spec §2: reload on the same URL); a jump to
 * another anchor of the same page does not, so the page keeps its state.
 */
export function nextVisit(previous: PageVisit | undefined, location: VisitedLocation): PageVisit {
  const path = location.pathname + location.search;
  const visit = { locationKey: location.key, path, hash: location.hash };
  if (!previous) return { ...visit, pageKey: location.key };
  if (previous.locationKey === location.key) return previous;
  const anchorJump = previous.path === path && previous.hash !== location.hash;
  return { ...visit, pageKey: anchorJump ? previous.pageKey : location.key };
}
