/**
 * The paths whose first screen, for a visitor who is not signed in, is the
 * sign-in widget, and those the prerendered card shows on: both read from the
 * route manifest (src/routes/manifest.ts). Today they are the same paths (the
 * dashboard and its pages, /auth/login, and /oauth/callback, where the hosted
 * UI's answer arrives); the manifest says so per route. The app starts with
 * the widget on the first before the router is even loaded, and the build
 * writes the second's pattern into index.html for the script that decides
 * whether the prerendered card shows (src/first-paint/startup/sign-in-card.js).
 * Anything else under /dashboard is not a page: the router sends it to
 * /notfound without asking anyone to sign in first.
 */
import { pathsPattern } from '../routes/manifest.ts';

/** The source of the pattern of the paths that open on the sign-in widget (case-insensitive, optional trailing slash). */
export const SIGN_IN_PATH_SOURCE = pathsPattern((route) => route.signInFirst);

/** The source of the pattern of the paths the prerendered card shows on. */
export const CARD_PATH_SOURCE = pathsPattern((route) => route.card);

const pattern = new RegExp(SIGN_IN_PATH_SOURCE, 'i');

export const isSignInPath = (pathname: string): boolean => pattern.test(pathname);
