import { useMemo } from 'react';
import { useTranslation, type KeysUnder, type Values } from '../../i18n/index.ts';

export type AccountWord = KeysUnder<'account'>;

/**
 * The Account page's words (the catalogue's `account.*`, which arrive with the
 * signed-in app's part) in the customer's language, and `tr` for messages
 * that arrive in English.
 */
export function useWords() {
  const { t, tr, language } = useTranslation('app');
  return useMemo(() => ({ w: (key: AccountWord, values?: Values) => t(`account.${key}`, values), tr, language }), [t, tr, language]);
}

/** The message of a failed call, as the customer reads it. */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The exception's name of a failed call, where it has one, so its words can be found by name. */
export const nameOf = (error: unknown): string | undefined => (error instanceof Error ? error.name : undefined);
