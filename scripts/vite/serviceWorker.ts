/**
 * Generates dist/sw.js with Workbox after the build (and after the prerender,
 * so the precached index.html is the final one).
 *
 * Precached (the app shell): index.html, the two start-up scripts, the icon,
 * and the files of the entry (the sign-in screens), of the router, of the
 * dashboard's sign-in widget and of the worker's own registration: enough to
 * start offline on any URL and say so.
 * Everything else the build made is cached as it is first used (its name
 * changes with its content, so a cached copy is never stale), and
 * /config.json is fetched from the network first, with the last answer kept
 * for offline starts. Cognito and the API are never cached: the worker only
 * handles this origin's GET requests.
 */
import { generateSW } from 'workbox-build';
import { join } from 'node:path';
import { MODULES, readManifest, staticClosure } from './manifest.ts';

export const SHELL_MODULES = [MODULES.entry, MODULES.router, MODULES.protectedLayout, MODULES.serviceWorker];
const SHELL_FILES = ['index.html', 'layout-settings.js', 'sign-in-card.js', 'favicon.svg'];

export async function generateServiceWorker(outDir: string): Promise<{ count: number; size: number }> {
  const shell = staticClosure(readManifest(outDir), SHELL_MODULES);
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
    // Any app URL starts from the precached index.html; a URL naming a file is left to the network.
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/\/[^/?]+\.[^/?]+$/],
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
