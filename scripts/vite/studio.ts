/**
 * The designers' studio, on the dev server only: `/studio` and any page
 * opened with `?scenario=<name>` are answered with the studio's own page
 * (src/studio/index.html), which plays scenarios on the real screens. The
 * production build has no such page: the studio is no entry of the build,
 * and `apply: 'serve'` keeps this plugin out of it.
 */
import type { Plugin } from 'vite';

export const STUDIO_PAGE = '/src/studio/index.html';

/** Whether a request is for the studio: its page, or a scenario on any path. */
export function isStudioRequest(url: string): boolean {
  const { pathname, searchParams } = new URL(url, 'http://dev');
  if (pathname === '/studio' || pathname === '/studio/') return true;
  // Modules and assets keep their own answers; only a page (no file extension) becomes a scenario.
  return searchParams.has('scenario') && !/\.[a-z0-9]+$/i.test(pathname);
}

export function studio(): Plugin {
  return {
    name: 'studio',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const accept = req.headers.accept ?? '';
        if (req.method === 'GET' && accept.includes('text/html') && isStudioRequest(req.url ?? '/')) {
          const query = new URL(req.url ?? '/', 'http://dev').search;
          req.url = `${STUDIO_PAGE}${query}`;
        }
        next();
      });
    },
  };
}
