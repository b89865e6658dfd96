/**
 * The paths the app's sign-in gate guards (src/app/AppRoutes.tsx), and those
 * the prerendered card shows on: both read from the route manifest
 * (src/routes/manifest.ts, `guarded` and `card`). Today they are the same
 * paths (the dashboard and its pages, /auth/login, and /oauth/callback, where
 * the hosted UI's answer arrives); the manifest says so per route. A page
 * opened on a guarded path starts with the widget, before the router is even
 * loaded, and the build writes the card's pattern into index.html for the
 * script that decides whether the prerendered card shows
 * (src/first-paint/startup/sign-in-card.js). Anything else under /dashboard
 * is not a page: the router sends it to /notfound without asking anyone to
 * sign in first.
 */
import { pathsPattern } from '../routes/manifest.ts';

/** The source of the pattern of the paths the sign-in gate guards (case-insensitive, optional trailing slash). */
export const SIGN_IN_PATH_SOURCE = pathsPattern((route) => route.guarded);

/** The source of the pattern of the paths the prerendered card shows on. */
export const CARD_PATH_SOURCE = pathsPattern((route) => route.card);

const pattern = new RegExp(SIGN_IN_PATH_SOURCE, 'i');

/** Whether the sign-in gate guards this path. */
export const isSignInPath = (pathname: string): boolean => pattern.test(pathname);
