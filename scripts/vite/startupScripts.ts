/**
 * The two scripts index.html runs before the first paint (src/first-paint/startup/):
 * each is a plain function that the dev server and the build serve called
 * with the names it needs, taken from the modules that own them. So the token
 * keys, the storage keys, the scale bounds and the card's markers are written
 * once, in the app, and a rename there cannot leave the start-up scripts
 * reading a key nobody writes.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { minify, type Plugin } from 'vite';
import { TOKEN_COOKIE_PREFIX } from '../../src/cognito/cookieStorage.ts';
import { TOKEN_KEYS } from '../../src/cognito/tokenStore.ts';
import { LOOPBACK_HOST } from '../../src/config/checks.ts';
import { CONFIG_PATH, EARLY_CONFIG_KEY } from '../../src/config/earlyConfig.ts';
import { MARKERS } from '../../src/first-paint/markers.ts';
import { directionOf, LANGUAGE_PARAM, LANGUAGE_STORAGE_KEY, negotiateLocale } from '../../src/i18n/locales.ts';
import { DEFAULT_CONFIG, MAX_SCALE, MIN_SCALE, SETTINGS_KEY } from '../../src/layout/state/settings.ts';
import { offeredLocales } from './messages.ts';

const SOURCE_DIR = 'src/first-paint/startup';

/** Each served file: its source (a function declaration) and the names it is called with. */
export const STARTUP_SCRIPTS = {
  'layout-settings.js': {
    source: 'layout-settings.js',
    names: { layoutKey: SETTINGS_KEY, defaultScale: DEFAULT_CONFIG.scale, minScale: MIN_SCALE, maxScale: MAX_SCALE },
  },
  'sign-in-card.js': {
    source: 'sign-in-card.js',
    names: {
      tokenKeys: TOKEN_KEYS,
      cookiePrefix: TOKEN_COOKIE_PREFIX,
      loopbackHost: LOOPBACK_HOST.source,
      languageKey: LANGUAGE_STORAGE_KEY,
      layoutKey: SETTINGS_KEY,
      markers: MARKERS,
      configPath: CONFIG_PATH,
      earlyConfig: EARLY_CONFIG_KEY,
    },
  },
} as const;

type ScriptName = keyof typeof STARTUP_SCRIPTS;

/**
 * What the card's script also needs to pick the visitor's language as the app
 * will: the offered locales, those written right to left, the URL parameter,
 * and the app's own negotiateLocale (src/i18n/locales.ts, self-contained), whose
 * source is passed in as it is.
 */
function languageNames(root: string) {
  const locales = offeredLocales(root);
  return {
    names: { locales, rtl: locales.filter((locale) => directionOf(locale) === 'rtl'), languageParam: LANGUAGE_PARAM },
    extra: `, ${negotiateLocale.toString()}`,
  };
}

/** The script as the browser gets it: `(function name(names) {…})({…});`, minified for the build. */
export async function startupScript(root: string, name: ScriptName, minified: boolean): Promise<string> {
  const { source } = STARTUP_SCRIPTS[name];
  const language = name === 'sign-in-card.js' ? languageNames(root) : { names: {}, extra: '' };
  const names = { ...STARTUP_SCRIPTS[name].names, ...language.names };
  const code = `(${readFileSync(resolve(root, SOURCE_DIR, source), 'utf8').trim()})(${JSON.stringify(names)}${language.extra});\n`;
  if (!minified) return code;
  const result = await minify(name, code, { compress: true, mangle: true });
  if (result.errors.length > 0) throw new Error(`${name} did not minify: ${result.errors.map((error) => error.message).join('; ')}`);
  return result.code;
}

const isScriptName = (path: string): path is ScriptName => Object.hasOwn(STARTUP_SCRIPTS, path);

/** Serves the scripts at `/<name>` on the dev server, and writes them beside index.html in the build. */
export function startupScripts(): Plugin {
  let root = process.cwd();
  return {
    name: 'startup-scripts',
    configResolved(config) {
      root = config.root;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0]!.slice(1);
        if (!isScriptName(path)) return next();
        startupScript(root, path, false).then(
          (code) => {
            res.setHeader('content-type', 'text/javascript; charset=utf-8');
            res.setHeader('cache-control', 'no-cache');
            res.end(code);
          },
          (error: unknown) => next(error),
        );
      });
    },
    async generateBundle() {
      for (const name of Object.keys(STARTUP_SCRIPTS) as ScriptName[]) {
        this.emitFile({ type: 'asset', fileName: name, source: await startupScript(root, name, true) });
      }
    },
  };
}
