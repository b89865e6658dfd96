/**
 * A plain dictionary lookup, no i18n library: the widget's own words by key
 * (en.ts, es.ts), and messages that arrive in English (form rules, the
 * client's and Cognito's errors) through the catalogue.
 */
import { en, type UiKey, type UiStrings } from './en.ts';
import { errorCatalogue, type CatalogueEntry } from './errorCatalogue.ts';
import { es } from './es.ts';

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name in itself, as the language menu lists it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

export const dictionaries: Record<Language, UiStrings> = { en, es };

export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

export type Params = Record<string, string | number>;

/** Fills `{name}` with params.name; a name without a value stays as written, so a mistake shows. */
export function format(template: string, params: Params = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

export function translate(language: Language, key: UiKey, params?: Params): string {
  return format(dictionaries[language][key], params);
}

interface CompiledEntry {
  entry: CatalogueEntry;
  pattern: RegExp;
  names: string[];
}

const PLACEHOLDER = /\{(\w+)\}/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Messages without a placeholder are looked up whole; the others are matched as patterns, in catalogue order. */
function compile(entries: readonly CatalogueEntry[]) {
  const exact = new Map<string, CatalogueEntry>();
  const patterns: CompiledEntry[] = [];
  for (const entry of entries) {
    const names = [...entry.en.matchAll(PLACEHOLDER)].map((match) => match[1]!);
    if (names.length === 0) {
      exact.set(entry.en, entry);
      continue;
    }
    const source = entry.en
      .split(PLACEHOLDER)
      .map((part, index) => (index % 2 === 1 ? '(.+?)' : escapeRegExp(part)))
      .join('');
    patterns.push({ entry, pattern: new RegExp(`^${source}$`), names });
  }
  return { exact, patterns };
}

const compiled = compile(errorCatalogue);

/** Messages a lazily loaded part of the app brings with it (whole messages, no placeholders), so the first screen does not carry them. */
export function addMessages(entries: readonly CatalogueEntry[]): void {
  for (const entry of entries) compiled.exact.set(entry.en, entry);
}

/**
 * Cognito's English words where they name what this app does not ask for: the login is the customer's e-mail,
 * so "username" would send them looking for a field that is not there. Only the pool's own texts: spec texts are
 * never reworded. The error objects keep the pool's words (the developer console shows them).
 */
const ENGLISH_WORDING = new Map([['Incorrect username or password.', 'Incorrect e-mail or password.']]);

/**
 * A message as the customer reads it in their language. English messages are
 * shown as they came (the spec's texts verbatim; a few of the pool's reworded,
 * ENGLISH_WORDING); in another language a known message is translated and an
 * unknown one is shown unchanged.
 */
export function translateMessage(language: Language, message: string): string {
  if (language === 'en') return ENGLISH_WORDING.get(message) ?? message;
  const known = compiled.exact.get(message);
  if (known) return known[language];
  for (const { entry, pattern, names } of compiled.patterns) {
    const match = pattern.exec(message);
    if (!match) continue;
    const params: Params = {};
    names.forEach((name, index) => {
      params[name] = translateMessage(language, match[index + 1]!);
    });
    return format(entry[language], params);
  }
  return message;
}
