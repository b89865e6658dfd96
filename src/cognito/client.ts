import { assertCognitoConfig, type CognitoConfig } from './config.ts';
import type { ClientContext } from './context.ts';
import { createSessionFunctions } from './session.ts';
import { signIn, type SignInInput } from './signIn.ts';
import { signOut } from './signOut.ts';
import { confirmSignUp, signUp, type ConfirmSignUpInput, type SignUpInput } from './signUp.ts';
import { createTokenStore, type KeyValueStorage } from './tokenStore.ts';
import { createUserPoolCall } from './userPool.ts';

export interface AuthClientOptions {
  config: CognitoConfig;
  /** where tokens live; localStorage by default */
  storage?: KeyValueStorage;
  /** browser clock; replaceable in tests */
  now?: () => number;
}

/** The framework-free Cognito client: plain functions over one configuration and one token store. */
export function createAuthClient(options: AuthClientOptions) {
  assertCognitoConfig(options.config);
  const call = createUserPoolCall(options.config);
  const ctx: ClientContext = {
    config: options.config,
    call,
    store: createTokenStore(options.storage ?? globalThis.localStorage, options.config.userPoolClientId),
    now: options.now ?? Date.now,
  };
  const session = createSessionFunctions(ctx);
  return {
    signIn: (input: SignInInput) => signIn(ctx, input),
    signUp: (input: SignUpInput) => signUp(ctx, input),
    confirmSignUp: (input: ConfirmSignUpInput) => confirmSignUp(ctx, input),
    signOut: () => signOut(ctx),
    fetchAuthSession: session.fetchAuthSession,
    getCurrentUser: session.getCurrentUser,
    /** Starts fetching the SDK before the first call needs it. */
    preload: () => call.preload(),
  };
}

export type AuthClient = ReturnType<typeof createAuthClient>;
