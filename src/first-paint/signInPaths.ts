/**
 * The URLs whose first screen, for a visitor who is not signed in, is the
 * sign-in card: the dashboard and its pages (the widget wraps the shell),
 * /auth/login, and /oauth/callback, where the hosted UI's answer arrives (the
 * widget finishes the sign-in, and the router starts once it has). The router builds the dashboard's children from this list,
 * the app starts with the sign-in widget on these paths before the router is
 * even loaded, and the build writes the same pattern into index.html for the
 * script that decides whether the prerendered card shows (see
 * src/first-paint/startup/sign-in-card.js).
 */
export const DASHBOARD_PAGES = [
  'crud-menu',
  'uikit/formlayout',
  'uikit/input',
  'uikit/floatlabel',
  'uikit/invalidstate',
  'uikit/button',
  'uikit/table',
  'uikit/list',
  'uikit/tree',
  'uikit/panel',
  'uikit/overlay',
  'uikit/media',
  'uikit/menu',
  'uikit/message',
  'uikit/file',
  'uikit/chart',
  'uikit/misc',
  'utilities/icons',
  'documentation',
  'blocks',
  'pages/crud',
  'pages/timeline',
  'pages/empty',
  'account',
] as const;

export type DashboardPage = (typeof DASHBOARD_PAGES)[number];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The source of the pattern, matched without regard to case and with an
 * optional trailing slash, as React Router matches paths. Anything else under
 * /dashboard is not a page: the router sends it to /notfound without asking
 * anyone to sign in first.
 */
export const SIGN_IN_PATH_SOURCE = `^/(?:dashboard(?:/(?:${DASHBOARD_PAGES.map(escape).join('|')}))?|auth/login|oauth/callback)/?$`;

const pattern = new RegExp(SIGN_IN_PATH_SOURCE, 'i');

export const isSignInPath = (pathname: string): boolean => pattern.test(pathname);
