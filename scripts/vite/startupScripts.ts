/**
 * The two scripts index.html runs before the first paint (src/first-paint/startup/):
 * each is a plain function that the dev server and the build write into
 * index.html, in the place its `<script data-startup="…">` holds, called with
 * the names it needs, taken from the modules that own them. So the token
 * keys, the storage keys, the scale bounds and the card's markers are written
 * once, in the app, and a rename there cannot leave the start-up scripts
 * reading a key nobody writes.
 *
 * Inline, not files: a file in <head> is a request the card's first paint
 * waits for (issue 30: inline, the paint came 8 to 16 ms sooner in three runs
 * of 21 to 31 alternating cold loads on loopback, 144 → 128 ms in one). The Content-Security-Policy allows them by their
 * hashes, read from the built index.html (scripts/security/securityHeaders.ts),
 * and no other inline script.
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

/** Each script, by the name index.html places it with: its source (a function declaration) and the names it is called with. */
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

/** The script as the browser runs it: `(function name(names) {…})({…});`, minified for the build. */
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

const isScriptName = (name: string): name is ScriptName => Object.hasOwn(STARTUP_SCRIPTS, name);

/** Where index.html places a start-up script: `<script data-startup="sign-in-card.js"></script>`. */
const PLACE = /<script data-startup="([\w.-]+)"><\/script>/g;

/**
 * index.html with each start-up script written in its place. Refuses a place
 * that names no script, a script placed twice or not at all, and code that
 * would end the <script> element early or change how the parser reads it.
 */
export async function withStartupScripts(html: string, root: string, minified: boolean): Promise<string> {
  const placed = [...html.matchAll(PLACE)].map((match) => match[1]!);
  for (const name of placed) if (!isScriptName(name)) throw new Error(`index.html places a start-up script "${name}" that does not exist.`);
  for (const name of Object.keys(STARTUP_SCRIPTS)) {
    const times = placed.filter((placedName) => placedName === name).length;
    if (times !== 1) throw new Error(`index.html must place the start-up script "${name}" once, not ${times} times.`);
  }
  const code = new Map<string, string>();
  for (const name of placed as ScriptName[]) {
    const script = (await startupScript(root, name, minified)).trim();
    if (/<\/script|<!--|<script/i.test(script))
      throw new Error(`The start-up script ${name} contains markup the HTML parser would read inside <script>.`);
    code.set(name, script);
  }
  return html.replace(PLACE, (_, name: string) => `<script>${code.get(name)}</script>`);
}

/** Writes the scripts into the app's index.html (not the studio's page, src/studio/index.html), minified in the build. */
export function startupScripts(): Plugin {
  let root = process.cwd();
  let minified = false;
  return {
    name: 'startup-scripts',
    configResolved(config) {
      root = config.root;
      minified = config.command === 'build';
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html, { filename }) =>
        resolve(filename) === resolve(root, 'index.html') ? withStartupScripts(html, root, minified) : html,
    },
  };
}
