import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/routes/manifest.ts';
import { NAVIGATION_EXCEPTIONS, PUBLIC_PAGE_MODULES } from './serviceWorker.ts';

/** What Workbox's navigation route tests: the path and the query. */
const leftToNetwork = (url: string) => {
  const { pathname, search } = new URL(url, 'https://app.example');
  return NAVIGATION_EXCEPTIONS.some((rule) => rule.test(pathname + search));
};

describe("the service worker's navigation rules", () => {
  it('answers every app URL with the app shell, whatever its query', () => {
    for (const { path } of ROUTES.filter((route) => !('network' in route))) expect(leftToNetwork(`${path}?lang=de`), path).toBe(false);
    for (const url of [
      '/',
      '/dashboard',
      '/dashboard/',
      '/dashboard/uikit/table',
      '/dashboard/account?lang=de',
      '/notfound',
      '/no/such/page',
      '/v1.2/x',
    ]) {
      expect(leftToNetwork(url), url).toBe(false);
    }
  });

  it("leaves files and the hosted UI's return to the network", () => {
    for (const url of [
      '/sw.js',
      '/config.json',
      '/config.json?fresh=1',
      '/favicon.svg',
      '/assets/app-BnN3imz8.js',
      '/oauth/callback',
      '/oauth/callback?code=abc&state=xyz',
    ]) {
      expect(leftToNetwork(url), url).toBe(true);
    }
  });
});

describe("the service worker's precache", () => {
  it('holds every public page of the route manifest, and no dashboard page', () => {
    expect(PUBLIC_PAGE_MODULES).toEqual(
      expect.arrayContaining(['src/pages/landing/LandingPage.tsx', 'src/pages/notfound/NotFoundPage.tsx']),
    );
    expect(PUBLIC_PAGE_MODULES.filter((module) => module.includes('/dashboard/') || module.includes('uikit'))).toEqual([]);
  });
});
