export { createAuthClient, type AuthClient, type AuthClientOptions } from './client.ts';
export { assertCognitoConfig, type CognitoConfig } from './config.ts';
export { AuthError, isAuthError, NETWORK_ERROR_MESSAGE } from './errors.ts';
export type { Jwt, JwtPayload } from './jwt.ts';
export { createMemoryStorage, type KeyValueStorage, type Tokens } from './tokenStore.ts';
export type { AuthSession, AuthUser, CodeDeliveryDetails, ConfirmSignUpResult, SignInResult, SignUpResult } from './types.ts';
