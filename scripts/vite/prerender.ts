/**
 * Puts the sign-in card, rendered with react-dom/server, into the built
 * index.html, with the <meta> that tells the start-up script (src/first-paint/startup/sign-in-card.js) when it may
 * show. The card's module is loaded through a throw-away Vite SSR server, so
 * it is the same TypeScript, JSX and CSS-module handling as the app's.
 */
import react from '@vitejs/plugin-react';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MARKERS } from '../../src/first-paint/markers.ts';
import { directionOf, LOCALE_NAMES } from '../../src/i18n/locales.ts';
import { compileCatalogue, messageCatalogues, offeredLocales } from './messages.ts';
import { createServer } from 'vite';

const CARD_MODULE = '/scripts/prerender/renderCard.tsx';

interface CardModule {
  renderSignInCard(): string;
  cardConditions(): unknown;
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

async function loadCardModule<T>(root: string, use: (module: CardModule) => T): Promise<T> {
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    plugins: [react(), messageCatalogues()],
    cacheDir: 'node_modules/.vite/prerender',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    return use((await server.ssrLoadModule(CARD_MODULE)) as CardModule);
  } finally {
    await server.close();
  }
}

/** Rewrites dist/index.html with the card before the app's root and its conditions in <head>. */
export async function prerenderSignInCard(root: string, outDir: string): Promise<void> {
  const file = join(outDir, 'index.html');
  const html = readFileSync(file, 'utf8');
  const { card, conditions } = await loadCardModule(root, (module) => ({
    card: module.renderSignInCard(),
    conditions: module.cardConditions(),
  }));
  const meta = `<meta name="sign-in-card" content="${attribute(JSON.stringify(conditions))}" />\n    `;
  const firstScript = html.indexOf('<script');
  const rootDiv = html.indexOf('<div id="root"></div>');
  if (firstScript < 0 || rootDiv < 0)
    throw new Error('index.html no longer has the start-up scripts or <div id="root">: the prerender cannot place the card.');
  const withMeta = html.slice(0, firstScript) + meta + html.slice(firstScript);
  writeFileSync(file, withMeta.replace('<div id="root"></div>', `${card}\n    <div id="root"></div>`));
  writeCardWords(root, outDir, card);
}

/**
 * Each language's words for the card, beside index.html (MARKERS.wordsPath):
 * the texts and labels the card marks with their keys, in that language, and
 * the language's name and direction. The start-up script fetches the
 * visitor's, when it is not the language the card was drawn in, and puts them
 * in place before the card first paints.
 */
function writeCardWords(root: string, outDir: string, card: string): void {
  const keys = new Set([...card.matchAll(new RegExp(`(?:${MARKERS.text}|${MARKERS.label})="([\\w.]+)"`, 'g'))].map((match) => match[1]!));
  const directory = join(outDir, MARKERS.wordsPath);
  mkdirSync(directory, { recursive: true });
  for (const locale of offeredLocales(root)) {
    const messages = compileCatalogue(join(root, 'src/i18n/messages', `${locale}.json`), 'signin');
    const words = Object.fromEntries(
      [...keys].map((key) => {
        const tokens = messages[key];
        if (!tokens || tokens.some((token) => typeof token !== 'string'))
          throw new Error(`The card's "${key}" must be plain text in ${locale}.json`);
        return [key, tokens.join('')];
      }),
    );
    const name = LOCALE_NAMES[locale];
    writeFileSync(join(directory, `${locale}.json`), JSON.stringify({ lang: locale, dir: directionOf(locale), name, words }));
  }
}
