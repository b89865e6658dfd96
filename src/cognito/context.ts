import type { CognitoConfig } from './config.ts';
import type { TokenStore } from './tokenStore.ts';
import type { UserPoolCall } from './userPoolOperations.ts';

/** What the client's functions share: configuration, the wire, the token store and the clock. */
export interface ClientContext {
  config: CognitoConfig;
  call: UserPoolCall;
  store: TokenStore;
  /** browser clock, ms; replaceable in tests */
  now(): number;
}
