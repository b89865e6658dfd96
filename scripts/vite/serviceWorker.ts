/**
 * Generates dist/sw.js with Workbox after the build (and after the prerender,
 * so the precached index.html is the final one).
 *
 * Precached (the app shell): index.html (the start-up scripts are in it), the icon,
 * and the files of the entry (the sign-in screens), of the router, of the
 * dashboard's sign-in widget, of the public pages (landing, 404, auth pages), of the
 * English catalogue's later parts and of the worker's own registration: enough to open any app URL offline, whichever
 * page installed the worker, and say so. A dashboard page shows offline once
 * its files have been used (cached as they are).
 * Everything else the build made is cached as it is first used (its name
 * changes with its content, so a cached copy is never stale), and
 * /config.json is fetched from the network first, with the last answer kept
 * for offline starts. Cognito and the API are never cached: the worker only
 * handles this origin's GET requests.
 */
import { generateSW } from 'workbox-build';
import { join } from 'node:path';
import { type AppRoute, pathsPattern, ROUTES } from '../../src/routes/manifest.ts';
import { MODULES, readManifest, staticClosure } from './manifest.ts';

/** The public pages' modules (the landing page, the 404 page any unknown URL ends on, the auth pages): small, and opened offline as they are. */
export const PUBLIC_PAGE_MODULES = ROUTES.flatMap((route: AppRoute) => (route.page && !route.shell ? [`src/pages/${route.page}.tsx`] : []));

// index.html holds the start-up scripts (scripts/vite/startupScripts.ts).
const SHELL_FILES = ['index.html', 'favicon.svg'];

export const SHELL_MODULES = [MODULES.entry, MODULES.router, MODULES.protectedLayout, ...PUBLIC_PAGE_MODULES, MODULES.serviceWorker];

/**
 * The English catalogue's later parts (src/i18n/parts.ts): the router waits for the app part, so without it no page
 * after the sign-in card opens offline. Other languages' parts are cached once used, as they are fetched only by
 * the customers who speak them.
 */
const ENGLISH_PARTS = /\/src\/i18n\/messages\/en\.json\?messages=(?:screens|app|pages)$/;

/**
 * Navigations the worker leaves to the network. Everything else on this origin is an app URL and starts from the
 * precached index.html, online or not. (Workbox tests these against the path and query.)
 */
export const NAVIGATION_EXCEPTIONS: readonly RegExp[] = [
  // A URL naming a file (/sw.js, /config.json, /favicon.svg, /assets/…): the file itself or the server's 404,
  // never the app in its place.
  /\/[^/?]+\.[^/?]+(?:\?.*)?$/,
  // The routes that say why in the manifest (src/routes/manifest.ts: `network`), such as the hosted UI's return.
  new RegExp(pathsPattern((route) => route.network !== undefined).replace(/\/\?\$$/, '/?(?:[?#]|$)'), 'i'),
];

export async function generateServiceWorker(outDir: string): Promise<{ count: number; size: number }> {
  const manifest = readManifest(outDir);
  const shell = staticClosure(manifest, [...SHELL_MODULES, ...Object.keys(manifest).filter((key) => ENGLISH_PARTS.test(key))]);
  const { count, size, warnings } = await generateSW({
    globDirectory: outDir,
    globPatterns: [...SHELL_FILES, ...shell.js, ...shell.css],
    swDest: join(outDir, 'sw.js'),
    mode: 'production',
    sourcemap: false,
    inlineWorkboxRuntime: true,
    cleanupOutdatedCaches: true,
    // The first worker takes charge of the open page at once; a new version waits for the customer's reload.
    clientsClaim: true,
    skipWaiting: false,
    // Hashed names carry their own version.
    dontCacheBustURLsMatching: /^assets\/[^/]+-[\w-]{8}\.\w+$/,
    // Any app URL starts from the precached index.html, but for the exceptions above.
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [...NAVIGATION_EXCEPTIONS],
    runtimeCaching: [
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/config.json',
        handler: 'NetworkFirst',
        options: { cacheName: 'config', networkTimeoutSeconds: 5, cacheableResponse: { statuses: [200] } },
      },
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/assets\/[^/]+-[\w-]{8}\.\w+$/.test(url.pathname),
        handler: 'CacheFirst',
        options: { cacheName: 'assets', cacheableResponse: { statuses: [200] }, expiration: { maxEntries: 250 } },
      },
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/demo/'),
        handler: 'StaleWhileRevalidate',
        options: { cacheName: 'demo-data', cacheableResponse: { statuses: [200] }, expiration: { maxEntries: 60 } },
      },
    ],
  });
  for (const warning of warnings) console.warn(`service worker: ${warning}`);
  return { count, size };
}
