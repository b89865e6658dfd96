/**
 * Every catalogue against English (issue 24): the same keys, messages that
 * parse, the same placeholders, a translation for every message outside a
 * short list of words that are the same everywhere, and the file picked up by
 * the app as soon as it exists.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './catalogue.ts';
import { LOCALE_NAMES } from './locales.ts';
import { chunkOf, CHUNKS, NAMESPACE_CHUNKS } from './parts.ts';

const DIRECTORY = join(import.meta.dirname, 'messages');
const FILES = readdirSync(DIRECTORY).filter((file) => file.endsWith('.json'));
const read = (file: string) => JSON.parse(readFileSync(join(DIRECTORY, file), 'utf8')) as Record<string, string>;
const english = read('en.json');

/** Words a translation may leave as English wrote them: names, and abbreviations every language uses. */
const SAME_EVERYWHERE = new Set([
  'OK',
  'SMS',
  'TOTP',
  'AWS',
  'Google',
  'Facebook',
  'Apple',
  'Amazon',
  'Mantine',
  'PIN',
  'URL',
  'ID',
  'Email',
  'Website',
]);

type Token = ReturnType<typeof compileMessage>[number];

/** The names of a message's arguments, plural and select arguments included, sorted. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: readonly Token[]) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      const [name, , options] = token as [string, string?, Record<string, Token[] | string>?];
      names.add(name);
      if (options && typeof options === 'object') for (const value of Object.values(options)) if (Array.isArray(value)) walk(value);
    }
  };
  walk(compileMessage(message));
  return [...names].sort();
}

describe('the catalogues', () => {
  it('are offered as soon as their file exists, each named in itself', () => {
    const files = FILES.map((file) => file.slice(0, -'.json'.length));
    expect([...LOCALES].sort()).toEqual(files.filter((locale) => locale in LOCALE_NAMES).sort());
    // A file with no name in the list is a mistake the test names, not a language silently left out.
    expect(files.filter((locale) => !(locale in LOCALE_NAMES))).toEqual([]);
  });

  it('are valid ICU in English, each key in a part the build knows', () => {
    for (const [key, message] of Object.entries(english)) {
      expect(() => compileMessage(message), key).not.toThrow();
      expect(key, 'a key is namespace.name or a plain name').toMatch(/^[A-Za-z][\w]*(?:\.[\w-]+)*$/);
      expect(CHUNKS).toContain(chunkOf(key));
    }
    // Every namespace the build splits off names keys that exist.
    for (const namespace of Object.keys(NAMESPACE_CHUNKS))
      expect(
        Object.keys(english).some((key) => key.startsWith(`${namespace}.`)),
        namespace,
      ).toBe(true);
  });

  for (const file of FILES.filter((name) => name !== 'en.json')) {
    describe(file, () => {
      const catalogue = read(file);

      it('has every key of English and no other', () => {
        expect(
          Object.keys(catalogue).filter((key) => !(key in english)),
          'keys English does not have',
        ).toEqual([]);
        expect(
          Object.keys(english).filter((key) => !(key in catalogue)),
          'keys missing',
        ).toEqual([]);
      });

      it("parses, with English's placeholders", () => {
        for (const [key, message] of Object.entries(catalogue)) {
          if (!(key in english)) continue;
          let names: string[] = [];
          expect(() => (names = argumentsOf(message)), `${file} ${key}`).not.toThrow();
          expect(names, `${file} ${key}: placeholders`).toEqual(argumentsOf(english[key]!));
        }
      });

      it('translates every message but names and shared abbreviations', () => {
        const same = Object.entries(catalogue).filter(
          ([key, message]) =>
            message === english[key] && !SAME_EVERYWHERE.has(message) && /\p{L}{2,}/u.test(message.replace(/\{\w+\}/g, '')),
        );
        expect(same.map(([key]) => key)).toEqual([]);
      });
    });
  }
});
