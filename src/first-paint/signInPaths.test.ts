import { describe, expect, it } from 'vitest';
import { ROUTES } from '../routes/manifest.ts';
import { CARD_PATH_SOURCE, isSignInPath, SIGN_IN_PATH_SOURCE } from './signInPaths.ts';

/** The dashboard's pages, by their path under /dashboard/, as the manifest lists them. */
const DASHBOARD_PAGES = ROUTES.flatMap((route) =>
  'shell' in route && route.path !== '/dashboard' ? [route.path.slice('/dashboard/'.length)] : [],
);

describe('the paths that open on the sign-in card', () => {
  it('are the dashboard, each of its pages and /auth/login', () => {
    expect(isSignInPath('/dashboard')).toBe(true);
    expect(isSignInPath('/auth/login')).toBe(true);
    expect(isSignInPath('/oauth/callback')).toBe(true);
    for (const page of DASHBOARD_PAGES) expect(isSignInPath(`/dashboard/${page}`), page).toBe(true);
  });

  it('allow a trailing slash and any case, as the router does', () => {
    expect(isSignInPath('/dashboard/')).toBe(true);
    expect(isSignInPath('/Dashboard/UIKit/Button')).toBe(true);
    expect(isSignInPath('/auth/login/')).toBe(true);
  });

  it('leave out public pages and paths the router sends to /notfound', () => {
    for (const path of [
      '/',
      '/notfound',
      '/auth',
      '/auth/error',
      '/auth/access',
      '/dashboard/nope',
      '/dashboard/uikit',
      '/dashboardx',
      '/x/dashboard',
      '/dashboard/uikit/button/more',
    ]) {
      expect(isSignInPath(path), path).toBe(false);
    }
  });

  it('are, for now, the paths the prerendered card shows on too (both from the manifest)', () => {
    expect(DASHBOARD_PAGES.length).toBe(24);
    expect(CARD_PATH_SOURCE).toBe(SIGN_IN_PATH_SOURCE);
  });

  it('match whole page names only', () => {
    expect(isSignInPath('/dashboard/crud-menus')).toBe(false);
    expect(isSignInPath('/dashboard/xblocks')).toBe(false);
    expect(isSignInPath('/auth/loginx')).toBe(false);
  });
});
