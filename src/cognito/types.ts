import type { Jwt } from './jwt.ts';
import type { SignInDetails } from './tokenStore.ts';

/** Where a code was sent, as Cognito reports it. */
export interface CodeDeliveryDetails {
  destination?: string;
  deliveryMedium?: 'EMAIL' | 'SMS' | 'PHONE';
  attributeName?: string;
}

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

export type MfaType = 'SMS' | 'TOTP';

/**
 * The next step of a sign-in, named as in spec §4 (and as the Amplify
 * Authenticator names them, so QA vocabulary carries over). Every call that
 * moves a sign-in forward answers with one of these.
 */
export type SignInResult =
  | { step: 'DONE'; user: AuthUser }
  | { step: 'CONFIRM_SIGN_UP'; username: string }
  | { step: 'RESET_PASSWORD'; username: string }
  | { step: 'CONFIRM_SIGN_IN_WITH_SMS_CODE'; codeDeliveryDetails: CodeDeliveryDetails }
  | { step: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' }
  | { step: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION'; allowedMfaTypes: MfaType[] }
  | { step: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP'; sharedSecret: string; username: string }
  | { step: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED'; missingAttributes: string[] }
  | { step: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE'; additionalInfo: Record<string, string> };

export type SignInStep = SignInResult['step'];

export type SignUpResult =
  | { step: 'CONFIRM_SIGN_UP'; username: string; userId?: string; codeDeliveryDetails?: CodeDeliveryDetails }
  /** confirmed and autoSignIn was asked for: call autoSignIn() */
  | { step: 'COMPLETE_AUTO_SIGN_IN'; username: string; userId?: string }
  | { step: 'DONE'; username: string; userId?: string };

export type ConfirmSignUpResult = { step: 'DONE'; username: string } | { step: 'COMPLETE_AUTO_SIGN_IN'; username: string };

export type ResetPasswordResult =
  | { step: 'CONFIRM_RESET_PASSWORD_WITH_CODE'; username: string; codeDeliveryDetails: CodeDeliveryDetails }
  | { step: 'DONE'; username: string };

export type UpdateAttributeResult =
  | { step: 'DONE'; attributeName: string }
  | { step: 'CONFIRM_ATTRIBUTE_WITH_CODE'; attributeName: string; codeDeliveryDetails: CodeDeliveryDetails };

export interface Device {
  id: string;
  name?: string;
  attributes: Record<string, string>;
  createDate?: Date;
  lastAuthenticatedDate?: Date;
  lastModifiedDate?: Date;
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
export type SessionChange = { type: 'signedIn'; user: AuthUser } | { type: 'signedOut' } | { type: 'tokenRefreshed' } | SessionFailure;

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
