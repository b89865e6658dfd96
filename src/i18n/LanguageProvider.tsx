import { createContext, use, useEffect, useMemo, useState, type ReactNode } from 'react';
import { isLoaded, loadPart, showLanguage, translate, type AppLocale, type MessageKey, type Values } from './catalogue.ts';
import { directionOf } from './locales.ts';
import { PARTS, type Part } from './parts.ts';
import { readLanguage, writeLanguage } from './storedLanguage.ts';
import { translateMessage } from './translate.ts';

export interface Translation {
  language: AppLocale;
  /** ltr or rtl, as the language is written */
  direction: 'ltr' | 'rtl';
  /** switches once the new language's words have arrived (the parts this page already shows) */
  setLanguage: (language: AppLocale) => Promise<void>;
  /** the app's own words */
  t: (key: MessageKey, values?: Values) => string;
  /** a message that arrived in English (form rule, client or Cognito error), with its exception's name where known */
  tr: (message: string, name?: string) => string;
}

const LanguageContext = createContext<Translation | null>(null);

/**
 * The customer's language for the whole app, remembered in localStorage, and
 * `lang`/`dir` on <html> to match. With `initialLanguage` (the studio's frames)
 * it starts there, leaves the document alone and a change is not remembered,
 * so a frame never changes the language of the app beside it.
 */
export function LanguageProvider({ children, initialLanguage }: { children: ReactNode; initialLanguage?: AppLocale }) {
  const [language, setStored] = useState<AppLocale>(() => initialLanguage ?? startLanguage ?? readLanguage());
  const remember = initialLanguage === undefined;
  // The language the later chunks are fetched in (a studio frame is a page of its own: its language is its page's).
  showLanguage(language);
  useEffect(() => {
    if (!remember) return;
    document.documentElement.lang = language;
    document.documentElement.dir = directionOf(language);
  }, [language, remember]);
  const value = useMemo<Translation>(
    () => ({
      language,
      direction: directionOf(language),
      setLanguage: async (next) => {
        const parts = PARTS.filter((part) => part === 'signin' || isLoaded(language, part));
        await Promise.all(parts.map((part) => loadPart(next, part)));
        if (remember) writeLanguage(next);
        setStored(next);
      },
      t: (key, values) => translate(language, key, values),
      tr: (message, name) => translateMessage(language, message, name),
    }),
    [language, remember],
  );
  return <LanguageContext value={value}>{children}</LanguageContext>;
}

/**
 * The customer's language and its words. With `part` 'app' (the shell and the
 * pages), it suspends until that part of the catalogue has arrived: the page's
 * Suspense boundary shows its loader meanwhile.
 */
export function useTranslation(part: Part = 'signin'): Translation {
  const translation = use(LanguageContext);
  if (!translation) throw new Error('useTranslation must be used inside <LanguageProvider> (the app provides one at its root).');
  // Always read through `use`, so a render after the words arrived calls it as the one that waited did.
  use(loadPart(translation.language, part));
  return translation;
}

let startLanguage: AppLocale | undefined;

/**
 * The sign-in part of the visitor's language, fetched before the app first
 * draws (English's is in the entry). Where it cannot arrive (offline before
 * it was ever fetched), this visit starts in English; the choice stays stored.
 */
export async function loadFirstWords(): Promise<void> {
  const language = readLanguage();
  try {
    await loadPart(language, 'signin');
    startLanguage = language;
  } catch {
    startLanguage = 'en';
  }
}
