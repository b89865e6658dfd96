/**
 * The auth vocabulary: the steps of spec §4 (the words in which the Cognito
 * client says where a flow stands, and from which the machine picks the next
 * route), the factors, where a code went, and the error names more than one
 * room tells apart. They are declared here once. The machine's actor
 * contracts (types.ts) and the client's results (src/cognito/types.ts) both
 * spell their answers through `StepAnswer`, so neither side can name a step
 * the other does not know; the session API (src/session) takes the same
 * names through the client's entry. This file holds no behaviour and imports
 * nothing: it is the one file of machines/ that src/cognito may import (types
 * only).
 */
export const AUTH_STEPS = [
  // Spec §4 also names SIGN_IN: that is the signIn route itself, where every flow that ends without a session lands.
  // No answer names it, so it is not one of these.
  'SIGN_IN_COMPLETE',
  'CONFIRM_SIGN_UP',
  'SIGN_UP_COMPLETE',
  'CONFIRM_SIGN_IN_WITH_SMS_CODE',
  'CONFIRM_SIGN_IN_WITH_TOTP_CODE',
  // Passwordless (issue 17), named as the Amplify Authenticator names them where it has a name.
  'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION',
  'CONFIRM_SIGN_IN_WITH_EMAIL_CODE',
  'CONFIRM_SIGN_IN_WITH_PASSWORD',
  // Amplify runs the browser's passkey prompt inside its call; here it is a step, so the machine can show the prompt's screen.
  'CONFIRM_SIGN_IN_WITH_PASSKEY',
  'CONTINUE_SIGN_IN_WITH_MFA_SELECTION',
  'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED',
  'CONTINUE_SIGN_IN_WITH_TOTP_SETUP',
  'RESET_PASSWORD',
  'CONFIRM_RESET_PASSWORD_WITH_CODE',
  'RESET_PASSWORD_COMPLETE',
  'COMPLETE_AUTO_SIGN_IN',
  'SHOULD_CONFIRM_USER_ATTRIBUTE',
  'CONFIRM_ATTRIBUTE_WITH_CODE',
  'CONFIRM_ATTRIBUTE_COMPLETE',
] as const;

export type AuthStep = (typeof AUTH_STEPS)[number];

/**
 * The first factors of Cognito's choice-based sign-in (USER_AUTH), by the
 * challenge names the pool uses for them in AvailableChallenges and
 * PREFERRED_CHALLENGE.
 */
export type FirstFactor = 'PASSWORD' | 'PASSWORD_SRP' | 'EMAIL_OTP' | 'SMS_OTP' | 'WEB_AUTHN';

/**
 * A second factor, by the names Cognito's MFA settings use: an SMS code, an
 * authenticator app (TOTP), an e-mailed code. The sign-in's choice of second
 * factor, the confirm screen's labels and the Account page's two-step
 * settings all speak of these.
 */
export type MfaType = 'SMS' | 'TOTP' | 'EMAIL';

/**
 * A second factor a customer may turn on: one of the code factors, or a passkey that verifies the customer
 * (Cognito's WebAuthnMfaSettings), which is never the preferred one and never chosen by name at sign-in.
 */
export type SecondFactor = MfaType | 'WEB_AUTHN';

/** Where a code was sent, as Cognito reports it (CodeDeliveryDetails). */
export interface CodeDeliveryDetails {
  destination?: string;
  deliveryMedium?: 'EMAIL' | 'SMS' | 'PHONE';
  attributeName?: string;
}

/**
 * The error names the rooms tell apart, besides Cognito's own exception names
 * (which pass through as the service sent them): the client's names, the
 * browser's passkey prompt's, and the form refusals of the machine's rules.
 */
export type AuthErrorName =
  // the client's own
  | 'NetworkError'
  | 'UserUnAuthenticatedException'
  | 'UserAlreadyAuthenticatedException'
  | 'EmptyUsername'
  | 'EmptyPassword'
  | 'EmptyConfirmationCode'
  | 'EmptyChallengeResponse'
  | 'InvalidConfiguration'
  | 'InvalidTokens'
  | 'UnsupportedChallenge'
  | 'Unknown'
  // the browser's passkey prompt
  | 'PasskeyCancelled'
  | 'PasskeyAlreadyRegistered'
  | 'PasskeyNotSupported'
  // the machine's form rules refusing a form the screens would not have sent
  | 'InvalidMfaType'
  | 'EmptyAttribute';

/**
 * One answer of a flow: the next step with what it carries, or DONE for "this
 * flow is complete", which the machine reads as the flow's own complete step
 * (spec §4: DONE maps to the matching complete state).
 */
export type StepAnswer<Step extends AuthStep | 'DONE', Carries extends object = object> = { step: Step } & Carries;
