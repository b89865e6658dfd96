export { createAuthClient, type AuthClient, type AuthClientOptions } from './client.ts';
export { assertCognitoConfig, type CognitoConfig } from './config.ts';
export { createCookieStorage, TOKEN_COOKIE_PREFIX, tokenCookieName, type CookieStorageOptions, type SameSite } from './cookieStorage.ts';
export { AuthError, isAuthError, NETWORK_ERROR_MESSAGE } from './errors.ts';
export type { Jwt, JwtPayload } from './jwt.ts';
export type { MfaPreference } from './mfa.ts';
export { createMemoryStorage, type AuthFlowType, type KeyValueStorage, type Tokens } from './tokenStore.ts';
export type {
  AuthSession,
  AuthUser,
  AwsCredentials,
  CodeDeliveryDetails,
  ConfirmSignUpResult,
  ResendSignUpCodeResult,
  Device,
  FirstFactor,
  MfaType,
  SecondFactor,
  Passkey,
  ResetPasswordResult,
  SessionEvent,
  SignInResult,
  SignInStep,
  SignUpResult,
  UpdateAttributeResult,
} from './types.ts';
