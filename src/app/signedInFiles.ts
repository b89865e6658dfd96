import { MARKERS } from '../first-paint/index.ts';

/** The files already asked for, so a second sign-in in the same page asks for none again. */
const asked = new Set<string>();

const listed = (value: string | undefined) => (value ?? '').split(' ').filter(Boolean);

/**
 * Asks for every file a signed-in page at `path` needs, side by side: the
 * shell's (the router, the guard, the layout), and the home page's when the
 * path is the home page's. The build lists them in index.html
 * (scripts/vite/preloadLists.ts); the lazy imports that follow find them on
 * their way or already arrived, instead of each import level waiting for the
 * one above it. The dev server names its own modules up front
 * (scripts/vite/devPreload.ts), so there is no list there and nothing to do.
 */
export function fetchSignedInFiles(path: string): void {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${MARKERS.signedInFiles}"]`);
  if (!meta) return;
  const home = path.replace(/\/+$/, '') === meta.dataset.homePath;
  for (const href of [...listed(meta.content), ...(home ? listed(meta.dataset.home) : [])]) {
    if (asked.has(href)) continue;
    asked.add(href);
    const link = document.createElement('link');
    if (href.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
      // As the bundler's own stylesheet link asks for it (CORS, anonymous): otherwise that link fetches it again.
      link.crossOrigin = '';
    } else {
      link.rel = 'modulepreload';
    }
    link.href = href;
    document.head.append(link);
  }
}
