import { useTranslation } from '../../i18n/index.ts';
import { word, type AccountWord } from './words.ts';

/** The page's words in the customer's language, and `tr` for messages that arrive in English. */
export function useWords() {
  const { language, tr } = useTranslation();
  return { w: (key: AccountWord, params?: Record<string, string>) => word(language, key, params), tr };
}

/** The message of a failed call, as the customer reads it. */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
