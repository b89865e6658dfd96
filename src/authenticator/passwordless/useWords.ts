import { format, useTranslation } from '../../i18n/index.ts';
import { word, type PasswordlessWord } from './words.ts';

/** The passwordless screens' words in the customer's language. */
export function useWords() {
  const { language } = useTranslation();
  return (key: PasswordlessWord, params?: Record<string, string>) => format(word(language, key), params);
}
