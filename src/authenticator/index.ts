export { Authenticator } from './Authenticator.tsx';
export { SignedInPlaceholder } from './SignedInPlaceholder.tsx';
export {
  AuthProvider,
  AuthScreensProvider,
  devInspector,
  useAuth,
  useAuthActor,
  useAuthSettings,
  usePending,
  useRoute,
  type AuthActor,
  type AuthProviderProps,
} from './AuthProvider.tsx';
/** Notes the account signed in to here, whose passkey the sign-in card's autofill offers next time (a chunk of its own). */
export const rememberAutofillLogin = (login: string): Promise<void> =>
  import('./autofill.ts').then((autofill) => autofill.rememberLogin(login));
export { SIGN_UP_ATTRIBUTES, type SignUpAttribute } from './fields/definitions.ts';
export type { AuthSettings } from './settings.ts';
export type { FirstFactor } from '../../machines/authenticator/index.ts';
