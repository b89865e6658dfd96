import { useCallback } from 'react';
import { useTranslation, type KeysUnder, type Values } from '../../i18n/index.ts';

export type PasswordlessWord = KeysUnder<'passwordless'>;

/** The passwordless screens' words (the catalogue's `passwordless.*`) in the customer's language. */
export function useWords() {
  const { t } = useTranslation('screens');
  return useCallback((key: PasswordlessWord, values?: Values) => t(`passwordless.${key}`, values), [t]);
}
