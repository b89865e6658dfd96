import type { CognitoConfig } from './config.ts';
import type { SessionEvents } from './sessionEvents.ts';
import type { FirstFactor, SignInResult } from './types.ts';
import type { AuthFlowType, DeviceMetadata, SignInDetails, TokenStore, Tokens } from './tokenStore.ts';
import type { SrpEphemeral } from './srp/srp.ts';
import type { OperationOutput, UserPoolCall } from './userPoolOperations.ts';

/**
 * The first requests of a password sign-in (USER_SRP_AUTH, the remembered device named as signIn names it), sent by
 * fetch at a press on the prerendered card (earlyStart.ts), for that sign-in to go on from.
 */
export interface EarlyAnswers {
  ephemeral: SrpEphemeral;
  /** InitiateAuth's answer; undefined where none usable came (the sign-in then asks itself); a refusal rejects */
  started: Promise<OperationOutput<'InitiateAuth'> | undefined>;
  /** the answer to PASSWORD_VERIFIER, where InitiateAuth asked for the proof; undefined where none usable came */
  verified: Promise<OperationOutput<'RespondToAuthChallenge'> | undefined>;
}

/** A password sign-in started at a press on the prerendered card, before the app had drawn its form (earlyStart.ts). */
export interface EarlySignIn {
  loginId: string;
  /** what it proves: a sign-in with another password does not take it */
  password: string;
  /** how it ends: the sign-in that takes it answers with this */
  result: Promise<SignInResult>;
  expiresAt: number;
}

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
  /** choice-based sign-in: the first factors the pool offered (SELECT_CHALLENGE) */
  availableChallenges?: FirstFactor[];
  /** the password was chosen as first factor: the next answer is the password, sent this way */
  passwordChoice?: 'PASSWORD' | 'PASSWORD_SRP';
  /** WEB_AUTHN: the pool's CREDENTIAL_REQUEST_OPTIONS (PublicKeyCredentialRequestOptions as JSON) */
  passkeyOptions?: string;
  /** the first factor so far is the password (not a passkey, not a code): the app may offer a passkey afterwards */
  byPassword?: boolean;
}

/**
 * What one auto sign-in after sign-up needs, kept in memory only until it
 * runs. With a sign-up session (code mode, a client allowed USER_AUTH) no
 * password is kept: the confirmation code is the first factor. The password is
 * kept only where the client cannot see the confirmation (link mode) or the
 * pool handed out no session.
 */
export interface PendingAutoSignIn {
  username: string;
  /** SignUp's session until ConfirmSignUp answers, then ConfirmSignUp's */
  session?: { token: string; stage: 'signedUp' | 'confirmed' };
  password?: string;
  authFlowType: AuthFlowType;
  /** the end of the window (spec §4: 180000 ms after sign-up) */
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
  /** a password sign-in started at a press on the prerendered card, for the sign-in that follows, or the app's start, to take */
  earlySignIn?: EarlySignIn;
  pendingAutoSignIn?: PendingAutoSignIn;
  /** the device key confirmed at this tab's last sign-in, when the pool remembers it only if the customer says so */
  deviceAwaitingChoice?: string;
  /** the customer whose sign-in in this tab was by password, until the app has offered a passkey (or they sign out) */
  signedInWithPassword?: string;
  /** the refresh under way in this tab, shared by concurrent callers */
  refreshing?: Promise<Tokens | null>;
  /** the browser's passkey prompt has handed over a credential, and the sign-in's answer to it is on its way to the pool */
  passkeyAnswered?: boolean;
}
