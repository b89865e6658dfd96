/**
 * The app's languages: the customer's choice (remembered on this device), the
 * message catalogues (messages/<locale>.json, ICU MessageFormat, compiled at
 * build time and read by @lingui/core), and the translation of messages that
 * arrive in English (form rules, the client's and Cognito's errors). Used by
 * the sign-in widget, the shell, the pages and the prerendered card alike.
 */
export { LanguageProvider, loadFirstWords, useTranslation, type Translation } from './LanguageProvider.tsx';
export {
  isLocale as isLanguage,
  loadShownPart,
  LOCALES as LANGUAGES,
  localeName,
  type AppLocale as Language,
  type KeysUnder,
  type MessageKey,
  type Values,
} from './catalogue.ts';
export { DEFAULT_LOCALE as DEFAULT_LANGUAGE, directionOf, intlLocale, LOCALE_NAMES, PSEUDO_LOCALE } from './locales.ts';
export { translateMessage } from './translate.ts';
