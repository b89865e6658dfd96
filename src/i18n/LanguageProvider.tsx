import { createContext, use, useMemo, useState, type ReactNode } from 'react';
import type { UiKey } from './en.ts';
import { readLanguage, writeLanguage } from './storedLanguage.ts';
import { translate, translateMessage, type Language, type Params } from './translate.ts';

export interface Translation {
  language: Language;
  setLanguage: (language: Language) => void;
  /** the widget's own words */
  t: (key: UiKey, params?: Params) => string;
  /** a message that arrived in English (form rule, client or Cognito error) */
  tr: (message: string) => string;
}

const LanguageContext = createContext<Translation | null>(null);

/**
 * The customer's language for the whole app, remembered in localStorage. With
 * `initialLanguage` (the studio's frames) it starts there and a change is not
 * remembered, so a frame never changes the language of the app beside it.
 */
export function LanguageProvider({ children, initialLanguage }: { children: ReactNode; initialLanguage?: Language }) {
  const [language, setStored] = useState<Language>(() => initialLanguage ?? readLanguage());
  const remember = initialLanguage === undefined;
  const value = useMemo<Translation>(
    () => ({
      language,
      setLanguage: (next) => {
        if (remember) writeLanguage(next);
        setStored(next);
      },
      t: (key, params) => translate(language, key, params),
      tr: (message) => translateMessage(language, message),
    }),
    [language, remember],
  );
  return <LanguageContext value={value}>{children}</LanguageContext>;
}

export function useTranslation(): Translation {
  const translation = use(LanguageContext);
  if (!translation) throw new Error('useTranslation must be used inside <LanguageProvider> (the app provides one at its root).');
  return translation;
}
