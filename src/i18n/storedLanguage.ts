import { isLocale, LOCALES, type AppLocale } from './catalogue.ts';
import { DEFAULT_LOCALE, LANGUAGE_PARAM, LANGUAGE_STORAGE_KEY, negotiateLocale, PSEUDO_LOCALE } from './locales.ts';

export { LANGUAGE_STORAGE_KEY };

type LanguageStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The browser's localStorage, or nothing where it cannot be reached (private modes, blocked storage). */
function browserStorage(): LanguageStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

function stored(storage: LanguageStorage | undefined): string | null {
  try {
    return storage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/**
 * The visitor's language: `?lang=`, then the remembered choice, then the
 * browser's languages, then English (locales.ts, negotiateLocale). A language
 * picked by the URL is remembered; a value the app does not offer is passed over.
 */
export function readLanguage(
  storage: LanguageStorage | undefined = browserStorage(),
  location: Pick<Location, 'search'> | undefined = typeof window === 'undefined' ? undefined : window.location,
  browser: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): AppLocale {
  const param = location ? new URLSearchParams(location.search).get(LANGUAGE_PARAM) : null;
  // The pseudo-locale is offered in development only (isLocale).
  const offered: string[] = isLocale(PSEUDO_LOCALE) ? [...LOCALES, PSEUDO_LOCALE] : [...LOCALES];
  const remembered = stored(storage);
  const chosen = negotiateLocale(offered, { param, stored: remembered, browser }, DEFAULT_LOCALE);
  const picked = isLocale(chosen) ? chosen : DEFAULT_LOCALE;
  if (param && picked === negotiateLocale(offered, { param }, '')) writeLanguage(picked, storage);
  return picked;
}

/** Remembers the choice; a storage that refuses (full, blocked) only costs the memory, never the switch. */
export function writeLanguage(language: AppLocale, storage: LanguageStorage | undefined = browserStorage()): void {
  try {
    storage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // The language still changes for this visit.
  }
}
