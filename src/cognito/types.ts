import type { CodeDeliveryDetails, FirstFactor, MfaType, SecondFactor, StepAnswer } from '../../machines/authenticator/authSteps.ts';
import type { Jwt } from './jwt.ts';
import type { SignInDetails } from './tokenStore.ts';

export type { CodeDeliveryDetails };

export interface AuthUser {
  /** Cognito's user name */
  username: string;
  /** the sub */
  userId: string;
  /** what the customer typed to sign in */
  loginId?: string;
  email?: string;
  signInDetails?: SignInDetails;
}

export type { FirstFactor, MfaType, SecondFactor };

/**
 * The next step of a sign-in, in the vocabulary of spec §4 that the
 * authenticator machine shares (machines/authenticator/authSteps.ts; the
 * Amplify Authenticator names them the same, so QA vocabulary carries over).
 * Every call that moves a sign-in forward answers with one of these; Cognito
 * errors that are really steps arrive as steps (signInSteps.ts).
 */
export type SignInResult =
  | StepAnswer<'DONE', { user: AuthUser }>
  | StepAnswer<'CONFIRM_SIGN_UP', { username: string }>
  | StepAnswer<'RESET_PASSWORD', { username: string }>
  | StepAnswer<'CONFIRM_SIGN_IN_WITH_SMS_CODE', { codeDeliveryDetails: CodeDeliveryDetails }>
  | StepAnswer<'CONFIRM_SIGN_IN_WITH_TOTP_CODE'>
  /** an e-mailed code: the first factor EMAIL_OTP, or e-mail MFA after the password */
  | StepAnswer<'CONFIRM_SIGN_IN_WITH_EMAIL_CODE', { codeDeliveryDetails: CodeDeliveryDetails }>
  /** choice-based sign-in: the factors the pool offers this user; confirmSignIn with one of them */
  | StepAnswer<'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION', { availableChallenges: FirstFactor[] }>
  /** the password was chosen as first factor: confirmSignIn with it */
  | StepAnswer<'CONFIRM_SIGN_IN_WITH_PASSWORD'>
  /** the pool asks for a passkey: confirmSignInWithPasskey() opens the browser's prompt */
  | StepAnswer<'CONFIRM_SIGN_IN_WITH_PASSKEY'>
  | StepAnswer<'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', { allowedMfaTypes: MfaType[] }>
  | StepAnswer<'CONTINUE_SIGN_IN_WITH_TOTP_SETUP', { sharedSecret: string; username: string }>
  | StepAnswer<'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED', { missingAttributes: string[] }>
  /** Cognito's custom challenge: beyond spec §4, for apps that answer one (the authenticator has no screen for it) */
  | { step: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE'; additionalInfo: Record<string, string> };

export type SignInStep = SignInResult['step'];

export type SignUpResult =
  | StepAnswer<'CONFIRM_SIGN_UP', { username: string; userId?: string; codeDeliveryDetails?: CodeDeliveryDetails }>
  /** confirmed and autoSignIn was asked for: call autoSignIn() */
  | StepAnswer<'COMPLETE_AUTO_SIGN_IN', { username: string; userId?: string }>
  | StepAnswer<'DONE', { username: string; userId?: string }>;

export type ConfirmSignUpResult = StepAnswer<'DONE', { username: string }> | StepAnswer<'COMPLETE_AUTO_SIGN_IN', { username: string }>;

/** A fresh code on its way, or DONE: the account is confirmed already. */
export type ResendSignUpCodeResult = StepAnswer<'CONFIRM_SIGN_UP', { codeDeliveryDetails: CodeDeliveryDetails }> | StepAnswer<'DONE'>;

export type ResetPasswordResult =
  | StepAnswer<'CONFIRM_RESET_PASSWORD_WITH_CODE', { username: string; codeDeliveryDetails: CodeDeliveryDetails }>
  | StepAnswer<'DONE', { username: string }>;

export type UpdateAttributeResult =
  | StepAnswer<'DONE', { attributeName: string }>
  | StepAnswer<'CONFIRM_ATTRIBUTE_WITH_CODE', { attributeName: string; codeDeliveryDetails: CodeDeliveryDetails }>;

export interface Device {
  id: string;
  name?: string;
  /** whether the pool remembers it (dev:device_remembered_status), so it may skip MFA */
  remembered: boolean;
  /** this browser's own device */
  current: boolean;
  attributes: Record<string, string>;
  createDate?: Date;
  lastAuthenticatedDate?: Date;
  lastModifiedDate?: Date;
}

/** One place the signed-in user is signed in, as ListUserSessions reports it (a sign-in and its refresh token). */
export interface UserSession {
  id: string;
  /** the session the calling access token belongs to: this browser */
  current: boolean;
  clientId?: string;
  /** browser and system as the pool read them from the User-Agent, e.g. "Chrome 125 / macOS 15.0"; absent when unknown */
  deviceType?: string;
  createdAt?: Date;
  /** the last refresh or rotation (or the sign-in) */
  lastActiveAt?: Date;
}

/** A passkey registered for the signed-in user, as ListWebAuthnCredentials reports it. */
export interface Passkey {
  credentialId: string;
  /** the name the authenticator gave it (Cognito: FriendlyCredentialName) */
  friendlyName?: string;
  relyingPartyId?: string;
  /** platform (built into the device) or cross-platform (a security key) */
  authenticatorAttachment?: string;
  transports: string[];
  createdAt?: Date;
}

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  expiration?: Date;
}

export interface AuthSession {
  tokens?: { accessToken: Jwt; idToken?: Jwt };
  userSub?: string;
  /** identity-pool credentials, when an identity pool is configured */
  credentials?: AwsCredentials;
  identityId?: string;
}

/** A change of the session, as the tab where it happened tells it. */
export type SessionChange =
  { type: 'signedIn'; user: AuthUser } | { type: 'signedOut'; reason?: SignOutReason } | { type: 'tokenRefreshed' } | SessionFailure;

/**
 * Why a session ended, where the tab knows more than "signed out" (without one: the customer signed out, or the
 * session ran out): the customer signed out of every device, deleted the account, or a call found the session
 * revoked from elsewhere. Other tabs hear only the sign-out.
 */
export type SignOutReason = 'everywhere' | 'deleted' | 'revoked';

/** A refresh that failed; only the tab where it ran hears it (the sign-out that follows is told to every tab). */
export type SessionFailure = { type: 'tokenRefreshFailure'; error: Error };

/**
 * What the app hears about the session, from this tab or another one.
 * `fromOtherTab` tells this tab's own sign-in (whose call's answer already
 * decides) from another tab's. Another tab's sign-in has been checked against
 * the token store, and its user is the one stored there.
 */
export type SessionEvent =
  (Exclude<SessionChange, SessionFailure> & { fromOtherTab: boolean }) | (SessionFailure & { fromOtherTab: false });
