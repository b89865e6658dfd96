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
export { SIGN_UP_ATTRIBUTES, type SignUpAttribute } from './fields/definitions.ts';
export type { AuthSettings } from './settings.ts';
export type { FirstFactor } from '../../machines/authenticator/index.ts';
