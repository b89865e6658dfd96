/**
 * The app's languages: the customer's choice (remembered on this device), the
 * dictionaries of the app's own words, and the translation of messages that
 * arrive in English (form rules, the client's and Cognito's errors). Used by
 * the sign-in widget, the shell's notices and the prerendered card alike.
 */
export { LanguageProvider, useTranslation, type Translation } from './LanguageProvider.tsx';
export {
  addMessages,
  DEFAULT_LANGUAGE,
  format,
  isLanguage,
  LANGUAGE_NAMES,
  LANGUAGES,
  translateMessage,
  type Language,
  type Params,
} from './translate.ts';
export type { UiKey } from './en.ts';
export type { CatalogueEntry } from './errorCatalogue.ts';
