import { useCallback } from 'react';
import { useTranslation, type KeysUnder, type Values } from '../../i18n/index.ts';

/**
 * The words about passkeys (the catalogue's `passkeys.*`): the Account page's
 * Passkeys section and the offer made after a password sign-in share them, so
 * the browser's refusals read the same in both.
 */
export type PasskeyWord = KeysUnder<'passkeys'>;

export function usePasskeyWords() {
  const { t } = useTranslation('app');
  return useCallback((key: PasskeyWord, values?: Values) => t(`passkeys.${key}`, values), [t]);
}

/** The browser's refusals the passkey words explain; other errors go through the catalogue. */
export const BROWSER_ERRORS: readonly string[] = ['PasskeyCancelled', 'PasskeyAlreadyRegistered', 'PasskeyNotSupported'];
