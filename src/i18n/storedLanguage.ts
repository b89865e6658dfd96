import { DEFAULT_LANGUAGE, isLanguage, type Language } from './translate.ts';

/** Where the customer's choice of language is remembered between visits. */
export const LANGUAGE_STORAGE_KEY = 'customer-area.language';

type LanguageStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The browser's localStorage, or nothing where it cannot be reached (private modes, blocked storage). */
function browserStorage(): LanguageStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** The remembered language; English when there is none, or when what is stored is not a language this widget speaks. */
export function readLanguage(storage: LanguageStorage | undefined = browserStorage()): Language {
  try {
    const stored = storage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** Remembers the choice; a storage that refuses (full, blocked) only costs the memory, never the switch. */
export function writeLanguage(language: Language, storage: LanguageStorage | undefined = browserStorage()): void {
  try {
    storage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // The language still changes for this visit.
  }
}
