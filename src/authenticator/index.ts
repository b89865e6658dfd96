export { Authenticator } from './Authenticator.tsx';
export { AuthProvider, useAuth, useAuthActor, useAuthSettings, usePending, useRoute, type AuthProviderProps } from './AuthProvider.tsx';
export { SIGN_UP_ATTRIBUTES, type SignUpAttribute } from './fields/definitions.ts';
export { useTranslation } from './i18n/LanguageProvider.tsx';
export type { Language } from './i18n/translate.ts';
export type { AuthSettings } from './settings.ts';
