import type { CognitoConfig } from './config.ts';
import type { SessionEvents } from './sessionEvents.ts';
import type { AuthFlowType, DeviceMetadata, SignInDetails, TokenStore, Tokens } from './tokenStore.ts';
import type { UserPoolCall } from './userPoolOperations.ts';

/** A sign-in waiting for the customer to answer a challenge (an MFA code, a new password…). */
export interface PendingSignIn {
  loginId: string;
  /** the USERNAME every challenge response carries */
  username: string;
  challengeName: string;
  session?: string;
  signInDetails: SignInDetails;
  device?: DeviceMetadata;
  /** Cognito sessions last 3 minutes; after that the sign-in must start again */
  expiresAt: number;
}

/** Credentials kept in memory for one auto sign-in after sign-up, and only until it runs. */
export interface PendingAutoSignIn {
  username: string;
  password: string;
  authFlowType: AuthFlowType;
  expiresAt: number;
}

/** The part of the Web Locks API (`navigator.locks`) the token refresh uses to work one tab at a time. */
export interface RefreshLocks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** What the client's functions share: configuration, the wire, the token store, events and the clock. */
export interface ClientContext {
  config: CognitoConfig;
  call: UserPoolCall;
  store: TokenStore;
  events: SessionEvents;
  /** browser clock, ms; replaceable in tests */
  now(): number;
  /** timers; replaceable in tests so polling can run fast */
  sleep(ms: number): Promise<void>;
  /** cross-tab locks; none outside a browser, where one client is alone */
  locks?: RefreshLocks;
  pendingSignIn?: PendingSignIn;
  pendingAutoSignIn?: PendingAutoSignIn;
  /** the refresh under way in this tab, shared by concurrent callers */
  refreshing?: Promise<Tokens | null>;
}
