/**
 * The messages in the customer's language, through @lingui/core.
 *
 * Each catalogue (messages/<locale>.json) arrives in two chunks, its sign-in
 * part and its app part (parts.ts), compiled at build time
 * (scripts/vite/messages.ts). English's sign-in part is in the entry, so the
 * card never waits for words; any other chunk is fetched the first time a
 * customer needs it, and only by customers who use that language.
 */
import { setupI18n, type Messages } from '@lingui/core';
import type en from './messages/en.json';
import englishSignIn from './messages/en.json?messages=signin';
import { DEFAULT_LOCALE, LOCALE_NAMES, PSEUDO_LOCALE, type Locale } from './locales.ts';
import type { Part } from './parts.ts';

/** Every message's key, as the English catalogue declares them. */
export type MessageKey = keyof typeof en;
export type Values = Record<string, string | number | Date>;

type Loader = () => Promise<Messages>;

const fileLocale = (path: string) => path.slice(path.lastIndexOf('/') + 1, -'.json'.length);

function loaders(found: Record<string, Loader>): Map<string, Loader> {
  return new Map(Object.entries(found).map(([path, load]) => [fileLocale(path), load]));
}

const LOADERS: Record<Part, Map<string, Loader>> = {
  signin: loaders(import.meta.glob<Messages>('./messages/*.json', { query: { messages: 'signin' }, import: 'default' })),
  screens: loaders(import.meta.glob<Messages>('./messages/*.json', { query: { messages: 'screens' }, import: 'default' })),
  app: loaders(import.meta.glob<Messages>('./messages/*.json', { query: { messages: 'app' }, import: 'default' })),
};

if (import.meta.env.DEV) {
  LOADERS.signin.set(PSEUDO_LOCALE, () => import('./messages/en.json?messages=signin&pseudo').then((module) => module.default));
  LOADERS.screens.set(PSEUDO_LOCALE, () => import('./messages/en.json?messages=screens&pseudo').then((module) => module.default));
  LOADERS.app.set(PSEUDO_LOCALE, () => import('./messages/en.json?messages=app&pseudo').then((module) => module.default));
}

/** The locales the app offers: a name in LOCALE_NAMES and a catalogue file, in the names' order. */
export const LOCALES: readonly Locale[] = (Object.keys(LOCALE_NAMES) as Locale[]).filter((locale) => LOADERS.signin.has(locale));

/** Offered locales, and in development the pseudo-locale as well. */
export type AppLocale = Locale | typeof PSEUDO_LOCALE;

export const isLocale = (value: unknown): value is AppLocale =>
  (LOCALES as readonly unknown[]).includes(value) || (import.meta.env.DEV && value === PSEUDO_LOCALE);

export const localeName = (locale: AppLocale): string => (locale === PSEUDO_LOCALE ? 'Pseudo (en-XA)' : LOCALE_NAMES[locale]);

/** English's first-screen messages, compiled: also what translate.ts recognises messages arriving in English by. */
export const ENGLISH_SIGN_IN: Readonly<Messages> = englishSignIn;

export const i18n = setupI18n({
  locale: DEFAULT_LOCALE,
  messages: { [DEFAULT_LOCALE]: { ...englishSignIn } },
  // A key whose part has not arrived reads as itself (the catalogue tests keep every key in every locale).
  missing: (_locale, id) => id,
});

/**
 * A part's arrival, as React's `use` reads a promise: marked fulfilled once
 * done, so a component that finds its words already there never suspends.
 */
type Arrival = Promise<void> & { status?: 'fulfilled'; value?: undefined };

const arrived = (): Arrival => Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined });

const loaded = new Map<string, Arrival>([[`${DEFAULT_LOCALE}:signin`, arrived()]]);

export const isLoaded = (locale: AppLocale, part: Part): boolean => loaded.get(`${locale}:${part}`)?.status === 'fulfilled';

/** Fetches one part of a locale's catalogue once; the same promise for every caller. */
export function loadPart(locale: AppLocale, part: Part): Promise<void> {
  const id = `${locale}:${part}`;
  let promise = loaded.get(id);
  if (!promise) {
    const load = LOADERS[part].get(locale);
    if (!load) return Promise.reject(new Error(`No catalogue for ${locale}`));
    const arrival: Arrival = load().then((messages) => {
      i18n.load(locale, messages);
      arrival.status = 'fulfilled';
    });
    // A chunk that failed (offline) is asked for again next time.
    arrival.catch(() => loaded.delete(id));
    loaded.set(id, arrival);
    promise = arrival;
  }
  return promise;
}

let shown: AppLocale = DEFAULT_LOCALE;

/** The language the app shows (LanguageProvider says), for loaders that fetch a part beside a chunk. */
export const showLanguage = (locale: AppLocale): void => void (shown = locale);

/** Fetches a part in the language shown, beside the chunk whose screens need it (a lazy loader's Promise.all). */
export const loadShownPart = (part: Part): Promise<void> => loadPart(shown, part);

/** A message in `locale`; its key when the part holding it has not arrived (a bug the tests look for). */
export function translate(locale: AppLocale, key: MessageKey, values?: Values): string {
  if (i18n.locale !== locale) i18n.activate(locale);
  return i18n._(key, values);
}

/** The keys of one namespace without its prefix: `KeysUnder<'account'>` holds 'title' for 'account.title'. */
export type KeysUnder<Namespace extends string> = MessageKey extends infer Key
  ? Key extends `${Namespace}.${infer Rest}`
    ? Rest
    : never
  : never;
