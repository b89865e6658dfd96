/**
 * Two lists of files, written into index.html for the page to ask for ahead
 * of the imports that need them.
 *
 * The code a password sign-in needs beyond the entry's
 * (`<meta name="sign-in-files">`, MARKERS.signInFiles): the machine and the
 * sign-in's own code. The app fetches them once the form is up (the machine)
 * or idle, but a customer who presses "Sign in" on the prerendered card,
 * before the app has started, would wait for the app and then for them; the
 * start-up script asks for them at the press. Not the AWS SDK: a sign-in
 * pressed there sends its requests by fetch (src/cognito/earlyStart.ts), and
 * the SDK, asked for at the press, only took the main thread and the
 * connection from them (issue 30: on loopback, the proof of the password went
 * 10 ms later, the dashboard's frame 9 to 16 ms later). The app asks for it
 * once the sign-in has ended; a step that needs it before (a remembered
 * device's confirmation, a request sent again through its retries) imports it
 * then.
 *
 * The files a signed-in page needs beyond the entry's
 * (`<meta name="signed-in-files">`, MARKERS.signedInFiles), so the app can ask
 * for all of them side by side the moment a sign-in ends. Left to the lazy
 * imports, they came in three waves, each waiting for the one before (the
 * router, then the shell's guard and the page, then the shell's layout): on
 * the mobile profile of `npm run bench:trace`, a 3.3 s wait between the last
 * Cognito answer and the dashboard, 1.7 s once they came at once and in
 * fewer files (the `shell` and `home` chunks of vite.config.ts). Nothing here is fetched
 * before the sign-in ends (issue 30); the list costs the entry no bytes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MARKERS } from '../../src/first-paint/markers.ts';
import { ROUTES } from '../../src/routes/manifest.ts';
import { type Manifest, MODULES, readManifest, staticClosure } from './manifest.ts';

/** The page a sign-in lands on unless the address names another: the route manifest's, by its page module. */
const HOME_PAGE = 'dashboard/DashboardHome';
const homeRoute = ROUTES.find((route) => 'page' in route && route.page === HOME_PAGE);

/** What every signed-in page loads (the router, the shell's guard and layout), and the home page. */
export const SIGNED_IN = {
  shell: [MODULES.router, MODULES.protectedLayout, 'src/layout/AppLayout.tsx'],
  home: [`src/pages/${HOME_PAGE}.tsx`],
} as const;

const address = (file: string) => `/${file}`;

/** The entry's JS (its module and what it imports), as addresses from the site's root. */
function entryFiles(manifest: Manifest): string[] {
  return staticClosure(manifest, [MODULES.entry]).js.map(address);
}

/** The code a password sign-in fetches beyond the entry (the machine, signing in, the challenges), as addresses from the site's root. */
export function signInFiles(manifest: Manifest): string[] {
  const entry = new Set(entryFiles(manifest));
  return staticClosure(manifest, [MODULES.machine, MODULES.signingIn])
    .js.map(address)
    .filter((file) => !entry.has(file));
}

export interface SignedInFiles {
  /** the shell's files, the sign-in's left out (the entry's, and the later screens' it fetches while the customer types) */
  shell: string[];
  /** the home page's address, and its files, the shell's and the entry's left out */
  homePath: string;
  home: string[];
}

/** JS and CSS of each list, as addresses from the site's root, without what the sign-in or an earlier list brings. */
export function signedInFiles(manifest: Manifest): SignedInFiles {
  const filesOf = (keys: readonly string[]) => {
    const { js, css } = staticClosure(manifest, keys);
    return [...js, ...css];
  };
  const signIn = new Set(filesOf([MODULES.entry, MODULES.laterScreens]));
  const shell = filesOf(SIGNED_IN.shell).filter((file) => !signIn.has(file));
  const home = filesOf(SIGNED_IN.home).filter((file) => !signIn.has(file) && !shell.includes(file));
  if (!homeRoute) throw new Error(`The route manifest has no route for ${HOME_PAGE}: was it renamed?`);
  return { shell: shell.map(address), homePath: homeRoute.path, home: home.map(address) };
}

/** Writes both lists into dist/index.html, before its first script (the start-up script reads the first). */
export function writePreloadLists(outDir: string): void {
  const manifest = readManifest(outDir);
  const signIn = signInFiles(manifest);
  const signedIn = signedInFiles(manifest);
  const file = join(outDir, 'index.html');
  const html = readFileSync(file, 'utf8');
  const firstScript = html.indexOf('<script');
  if (firstScript < 0) throw new Error('index.html has no script: the files cannot be listed before it.');
  const metas =
    `<meta name="${MARKERS.signInFiles}" content="${signIn.join(' ')}" />\n    ` +
    `<meta name="${MARKERS.signedInFiles}" content="${signedIn.shell.join(' ')}" ` +
    `data-home-path="${signedIn.homePath}" data-home="${signedIn.home.join(' ')}" />\n    `;
  writeFileSync(file, html.slice(0, firstScript) + metas + html.slice(firstScript));
}
