/**
 * The messages in the customer's language, through @lingui/core.
 *
 * Each catalogue (messages/<locale>.json) arrives in chunks by the keys'
 * namespaces (parts.ts), compiled at build time (scripts/vite/messages.ts).
 * English's sign-in chunk is in the entry, so the card never waits for words;
 * any other chunk is fetched the first time a customer needs it, and only by
 * customers who use that language (English's later chunks are named below;
 * loaders.ts knows where every other language's are).
 */
import { setupI18n, type Messages } from '@lingui/core';
import type en from './messages/en.json';
import englishSignIn from './messages/en.json?messages=signin';
import { DEFAULT_LOCALE, LOCALE_NAMES, PSEUDO_LOCALE, type Locale } from './locales.ts';
import { CHUNKS_OF_PART, READ_BY_KEY_IN_ENGLISH, type Chunk, type Part } from './parts.ts';
import CATALOGUE_FILES from 'virtual:catalogue-locales';
import { retryable } from '../chunks/retryable.ts';

/** Every message's key, as the English catalogue declares them. */
export type MessageKey = keyof typeof en;
export type Values = Record<string, string | number | Date>;

/** The locales the app offers: a name in LOCALE_NAMES and a catalogue file (the build lists the files), in the names' order. */
export const LOCALES: readonly Locale[] = (Object.keys(LOCALE_NAMES) as Locale[]).filter((locale) => CATALOGUE_FILES.includes(locale));

/** Offered locales, and in development the pseudo-locale as well. */
export type AppLocale = Locale | typeof PSEUDO_LOCALE;

export const isLocale = (value: unknown): value is AppLocale =>
  (LOCALES as readonly unknown[]).includes(value) || (import.meta.env.DEV && value === PSEUDO_LOCALE);

export const localeName = (locale: AppLocale): string => (locale === PSEUDO_LOCALE ? 'Pseudo (en-XA)' : LOCALE_NAMES[locale]);

let englishArriving: Readonly<Messages> | undefined;

/**
 * English's words for the messages that arrive in English (parts.ts), which translate.ts recognises them by: fetched
 * with the first words of any other language, so present whenever one is shown; an English visitor never needs them.
 */
export const arrivingInEnglish = (): Readonly<Messages> | undefined => englishArriving;

const importEnglishArriving = retryable(() => import('./messages/en.json?messages=arriving'));
const loadEnglishArriving = () =>
  importEnglishArriving().then((module) => {
    // with the few English reads by key, which travel in the entry (parts.ts)
    const byKey = [...READ_BY_KEY_IN_ENGLISH].map((key) => [key, englishSignIn[key]]);
    englishArriving = { ...module.default, ...Object.fromEntries(byKey) } as Messages;
  });

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

/** A chunk of the catalogue, asked for again under a new address after a failure (src/chunks/retryable.ts). */
const wordsOf = (load: () => Promise<{ default: Messages }>): (() => Promise<Messages>) => {
  const again = retryable(load);
  return () => again().then((module) => module.default);
};

/** English's chunks after the first, each fetched the first time it is needed. */
const ENGLISH_LATER: Record<Exclude<Chunk, 'signin'>, () => Promise<Messages>> = {
  screens: wordsOf(() => import('./messages/en.json?messages=screens')),
  app: wordsOf(() => import('./messages/en.json?messages=app')),
  pages: wordsOf(() => import('./messages/en.json?messages=pages')),
  // English shows a message that arrives in English as it came (translate.ts): neither the words it is recognised by
  // nor those for an exception's name.
  arriving: () => Promise.resolve({}),
  exceptions: () => Promise.resolve({}),
};

const importLoaders = retryable(() => import('./loaders.ts'));

export const isLoaded = (locale: AppLocale, part: Part): boolean => loaded.get(`${locale}:${part}`)?.status === 'fulfilled';

/** Fetches one part of a locale's catalogue once; the same promise for every caller. */
export function loadPart(locale: AppLocale, part: Part): Promise<void> {
  const id = `${locale}:${part}`;
  let promise = loaded.get(id);
  if (!promise) {
    // English's later chunks are named here; where every other language's are (ninety-odd addresses) comes in a
    // small chunk of its own, which an English visitor never fetches.
    const messages =
      locale === DEFAULT_LOCALE
        ? Promise.all(CHUNKS_OF_PART[part].map((chunk) => ENGLISH_LATER[chunk as Exclude<Chunk, 'signin'>]())).then(
            (chunks) => Object.assign({}, ...chunks) as Messages,
          )
        : Promise.all([
            importLoaders().then(({ loadMessages }) => loadMessages(locale, part)),
            part === 'signin' ? loadEnglishArriving() : undefined,
          ]).then(([messages]) => messages);
    const arrival: Arrival = messages.then((messages) => {
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
