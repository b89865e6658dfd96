/**
 * The message catalogues compiled at build time (src/i18n/messages/*.json).
 *
 * An import of `messages/<locale>.json?messages=<part>` becomes a module whose
 * default export is that part's messages (src/i18n/parts.ts) compiled by
 * Lingui's compiler, so the browser never parses ICU: it gets arrays that
 * @lingui/core fills in (a plain message too: a string would be compiled again at run time). With
 * `&pseudo` (development only) the English catalogue comes back accented and
 * about 40 % longer: the pseudo-locale en-XA, which shows any text that is
 * not in a catalogue and any box too small for a longer language.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { LOCALE_NAMES, type Locale } from '../../src/i18n/locales.ts';
import { chunkOf, CHUNKS, type Chunk } from '../../src/i18n/parts.ts';

const QUERY = /\/src\/i18n\/messages\/[^/?]+\.json\?(.*)$/;
const VIRTUAL = '\0catalogue:';

type Compiled = ReturnType<typeof compileMessage>;

/** The locales with a catalogue file and a name, in the names' order: what the app offers (src/i18n/catalogue.ts decides the same in the browser). */
export function offeredLocales(root: string): Locale[] {
  const files = new Set(readdirSync(join(root, 'src/i18n/messages')).filter((file) => file.endsWith('.json')));
  return (Object.keys(LOCALE_NAMES) as Locale[]).filter((locale) => files.has(`${locale}.json`));
}

/** The catalogue file's messages of one part, compiled; a message that does not parse fails the build, naming it. */
export function compileCatalogue(file: string, part: Chunk, pseudo = false): Record<string, Compiled> {
  const source = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  const compiled: Record<string, Compiled> = {};
  for (const [key, message] of Object.entries(source)) {
    if (chunkOf(key) !== part) continue;
    let tokens: Compiled;
    try {
      tokens = compileMessage(message);
    } catch (error) {
      throw new Error(`${file}: "${key}" is not a valid ICU message: ${(error as Error).message}`);
    }
    if (pseudo) tokens = pseudoTokens(tokens);
    compiled[key] = tokens;
  }
  return compiled;
}

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [
    letter,
    [...'áƀçđéƒĝĥíĵķĺɱñóþʠŕšţúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓÞǪŔŠŢÚṼŴẊÝŽ'][index]!,
  ]),
);

/** English made to look foreign and about 40 % longer, every literal accented and the whole bracketed, placeholders untouched. */
export function pseudoText(text: string): string {
  const accented = [...text].map((char) => ACCENTED[char] ?? char).join('');
  const letters = text.replace(/[^A-Za-z]/g, '').length;
  return accented + '·'.repeat(Math.ceil(letters * 0.4));
}

function pseudoTokens(tokens: Compiled): Compiled {
  const mapped = tokens.map((token) => {
    if (typeof token === 'string') return pseudoText(token);
    const [name, type, options] = token as [string, string?, Record<string, Compiled>?];
    if (options && typeof options === 'object')
      return [
        name,
        type,
        Object.fromEntries(Object.entries(options).map(([option, value]) => [option, Array.isArray(value) ? pseudoTokens(value) : value])),
      ];
    return token;
  }) as Compiled;
  return ['⟦', ...mapped, '⟧'] as Compiled;
}

const LOCALES_MODULE = 'virtual:catalogue-locales';

export function messageCatalogues(): Plugin {
  let root = process.cwd();
  return {
    name: 'message-catalogues',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    configureServer(server) {
      // A catalogue file added or removed while the dev server runs: the list of locales changes, and the page reloads.
      const changed = (file: string) => {
        if (!file.startsWith(join(root, 'src/i18n/messages'))) return;
        const module = server.moduleGraph.getModuleById(`\0${LOCALES_MODULE}`);
        if (module) server.moduleGraph.invalidateModule(module);
        server.ws.send({ type: 'full-reload' });
      };
      server.watcher.on('add', changed);
      server.watcher.on('unlink', changed);
    },
    async resolveId(source, importer) {
      if (source === LOCALES_MODULE) return `\0${LOCALES_MODULE}`;
      const [path, query = ''] = source.split('?');
      if (!path!.endsWith('.json') || !new URLSearchParams(query).has('messages')) return null;
      const resolved = await this.resolve(path!, importer, { skipSelf: true });
      return resolved ? `${VIRTUAL}${resolved.id}?${query}` : null;
    },
    load(id) {
      // The locales with a catalogue file (and a name): adding a file adds a language.
      if (id === `\0${LOCALES_MODULE}`) return `export default ${JSON.stringify(offeredLocales(root))};`;
      if (!id.startsWith(VIRTUAL)) return null;
      const match = QUERY.exec(id);
      if (!match) return null;
      const file = id.slice(VIRTUAL.length).split('?')[0]!;
      const params = new URLSearchParams(match[1]);
      const part = params.get('messages') as Chunk;
      if (!CHUNKS.includes(part)) throw new Error(`${id}: the chunk must be one of ${CHUNKS.join(', ')}`);
      this.addWatchFile(file);
      return `export default ${JSON.stringify(compileCatalogue(file, part, params.has('pseudo')))};`;
    },
  };
}
