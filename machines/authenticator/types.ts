/**
 * The machine's view of the world. It declares what it needs from a Cognito
 * client (the actors' inputs and outputs) in its own terms; the app supplies
 * matching actors with `machine.provide({ actors })`. Every answer names its
 * step in the vocabulary of authSteps.ts, which the client shares, so the
 * adapter in src/authenticator/actors.ts stays thin.
 */
import type { NonReducibleUnknown } from 'xstate';
import type { AuthErrorName, AuthStep, CodeDeliveryDetails, FirstFactor, MfaType, StepAnswer } from './authSteps.ts';

export type { AuthErrorName, CodeDeliveryDetails, FirstFactor, MfaType };

/** Form fields of spec §3; SUBMIT carries whichever the current screen has. */
export type FieldName =
  | 'birthdate'
  | 'confirmation_code'
  | 'confirm_password'
  | 'email'
  | 'family_name'
  | 'given_name'
  | 'middle_name'
  | 'name'
  | 'nickname'
  | 'password'
  | 'phone_number'
  | 'preferred_username'
  | 'profile'
  | 'website'
  | 'username';

/** Choices and helper fields some screens add to the spec's fields. */
export type ChoiceName =
  /** the dial code in front of phone_number ("+1" unless chosen) */
  | 'country_code'
  /** confirmSignIn while choosing a second factor: SMS or TOTP */
  | 'mfa_type'
  /** verifyUser: which unverified attribute gets a code */
  | 'unverified_attribute'
  /** changePassword: the password being replaced */
  | 'current_password';

export type FormField = FieldName | ChoiceName;

/**
 * A screen's values. `custom:` attributes a screen adds travel through at
 * run time (the allow-list in validation.ts keeps them); they are left out of
 * the type so a screen's own values interface stays assignable.
 */
export type FormData = Partial<Record<FormField, string>>;

export interface SessionUser {
  username: string;
  userId: string;
  email?: string;
}

/** The session setup found: who is signed in. */
export interface LoadedSession extends SessionUser {
  /**
   * the session is the end of the sign-in pressed on the prerendered card, which ended as the app started (before
   * this machine had run): setup routes it as that sign-in's answer, so the checks that follow a sign-in still apply
   */
  signedInOnCard?: boolean;
}

/**
 * What confirmSignIn is waiting for: an SMS code, an authenticator-app code,
 * the choice between second factors, an e-mailed code (first factor or MFA),
 * or the password chosen as first factor.
 */
export type ChallengeName = 'SMS_MFA' | 'SOFTWARE_TOKEN_MFA' | 'SELECT_MFA_TYPE' | 'EMAIL_OTP' | 'PASSWORD';

/** The attributes a code can verify: the only ones verifyUser offers. */
export type ContactAttribute = 'email' | 'phone_number';

export type FederatedProvider = 'amazon' | 'apple' | 'google' | 'facebook';

// ---------------------------------------------------------------------------
// Actor outputs: the next auth step of spec §4, as the client reports it.
// ---------------------------------------------------------------------------

/** signIn, confirmSignIn and autoSignIn all answer with the next step of a sign-in. */
export type SignInOutput =
  | StepAnswer<'DONE', { user: SessionUser }>
  /** the account exists but was never confirmed (Cognito: UserNotConfirmedException) */
  | StepAnswer<'CONFIRM_SIGN_UP', { username: string }>
  /** an administrator asked for a new password (Cognito: PasswordResetRequiredException) */
  | StepAnswer<'RESET_PASSWORD', { username: string }>
  | StepAnswer<'CONFIRM_SIGN_IN_WITH_SMS_CODE', { codeDeliveryDetails?: CodeDeliveryDetails }>
  | StepAnswer<'CONFIRM_SIGN_IN_WITH_TOTP_CODE'>
  | StepAnswer<'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', { allowedMfaTypes: MfaType[] }>
  /** a code sent by e-mail: the first factor, or e-mail MFA after the password */
  | StepAnswer<'CONFIRM_SIGN_IN_WITH_EMAIL_CODE', { codeDeliveryDetails?: CodeDeliveryDetails }>
  /** choice-based sign-in: the first factors the pool offers this customer */
  | StepAnswer<'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION', { availableChallenges: FirstFactor[] }>
  /** the password was chosen as first factor */
  | StepAnswer<'CONFIRM_SIGN_IN_WITH_PASSWORD'>
  /** the pool asks for a passkey: the passkey actor opens the browser's prompt */
  | StepAnswer<'CONFIRM_SIGN_IN_WITH_PASSKEY'>
  /** an account created by an administrator: choose a password, and fill the attributes the pool requires */
  | StepAnswer<'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED', { missingAttributes?: string[] }>
  /** the pool requires an authenticator app that is not set up yet: the secret to set it up with (AssociateSoftwareToken's) */
  | StepAnswer<'CONTINUE_SIGN_IN_WITH_TOTP_SETUP', { sharedSecret: string }>;

export type SignUpOutput =
  | StepAnswer<'CONFIRM_SIGN_UP', { username: string; codeDeliveryDetails?: CodeDeliveryDetails }>
  | StepAnswer<'DONE', { username: string }>
  | StepAnswer<'COMPLETE_AUTO_SIGN_IN', { username: string }>;

export type ConfirmSignUpOutput = StepAnswer<'DONE', { username: string }> | StepAnswer<'COMPLETE_AUTO_SIGN_IN', { username: string }>;

/** A fresh code on its way, or DONE: the account is confirmed already, so there is nothing to confirm. */
export type ResendSignUpCodeOutput = StepAnswer<'CONFIRM_SIGN_UP', { codeDeliveryDetails?: CodeDeliveryDetails }> | StepAnswer<'DONE'>;

export type ResetPasswordOutput =
  StepAnswer<'CONFIRM_RESET_PASSWORD_WITH_CODE', { codeDeliveryDetails?: CodeDeliveryDetails }> | StepAnswer<'DONE'>;

export type ConfirmResetPasswordOutput = StepAnswer<'DONE'>;

/** The signed-in user's attributes as Cognito lists them, e.g. { email, email_verified: 'false' }. No step: it is DONE. */
export interface FetchUserAttributesOutput {
  attributes: Partial<Record<string, string>>;
}

export type SendAttributeCodeOutput = StepAnswer<'CONFIRM_ATTRIBUTE_WITH_CODE', { codeDeliveryDetails?: CodeDeliveryDetails }>;

export type ConfirmAttributeOutput = StepAnswer<'DONE'>;

// ---------------------------------------------------------------------------
// Actor inputs: what the machine hands each call. Values are already trimmed
// (except passwords, which are passed exactly as typed).
// ---------------------------------------------------------------------------

export interface SignInInput {
  username: string;
  password: string;
  /** choice-based sign-in (USER_AUTH): the first factor the customer asked for, the password left empty; 'CHOICE' lets the pool offer its choice */
  firstFactor?: FirstFactor | 'CHOICE';
}

export interface SignUpInput {
  username: string;
  password: string;
  attributes: Record<string, string>;
}

export interface ConfirmSignUpInput {
  username: string;
  confirmationCode: string;
}

export interface ResendSignUpCodeInput {
  username: string;
}

export interface ResendSignInCodeInput {
  username: string;
}

/**
 * Answers the challenge the last sign-in step asked for: an SMS or TOTP code,
 * the chosen MFA type ('SMS' | 'TOTP'), the first TOTP code of a new
 * authenticator app, or a new password (with the attributes the pool requires).
 */
export interface ConfirmSignInInput {
  challengeResponse: string;
  userAttributes?: Record<string, string>;
}

export interface ResetPasswordInput {
  username: string;
}

export interface ConfirmResetPasswordInput {
  username: string;
  confirmationCode: string;
  newPassword: string;
}

export interface SendAttributeCodeInput {
  attributeKey: ContactAttribute;
}

export interface ConfirmAttributeInput {
  attributeKey: ContactAttribute;
  confirmationCode: string;
}

export interface FederatedSignInInput {
  provider: FederatedProvider;
}

/** An actor that needs no input (xstate's default input type, so `fromPromise<Output>` fits). */
export type NoInput = NonReducibleUnknown;

/**
 * Every actor the machine invokes, by name, with its input and output. The
 * machine's default for each is a clear "not provided" error; the app
 * provides the ones its client supports.
 */
export interface AuthActorContracts {
  /** The stored session, or null. No network call while the tokens are fresh. */
  loadSession: { input: NoInput; output: LoadedSession | null };
  signIn: { input: SignInInput; output: SignInOutput };
  signUp: { input: SignUpInput; output: SignUpOutput };
  confirmSignUp: { input: ConfirmSignUpInput; output: ConfirmSignUpOutput };
  resendSignUpCode: { input: ResendSignUpCodeInput; output: ResendSignUpCodeOutput };
  /**
   * A new e-mailed sign-in code (the first factor EMAIL_OTP): Cognito sends one code per sign-in, so the sign-in
   * starts again (InitiateAuth USER_AUTH preferring EMAIL_OTP) and the code the customer had is void with its session.
   */
  resendSignInCode: { input: ResendSignInCodeInput; output: SignInOutput };
  /** Completes the sign-in a sign-up started (after COMPLETE_AUTO_SIGN_IN). */
  autoSignIn: { input: NoInput; output: SignInOutput };
  confirmSignIn: { input: ConfirmSignInInput; output: SignInOutput };
  /** The browser's passkey prompt for the sign-in under way (after CONFIRM_SIGN_IN_WITH_PASSKEY); a closed prompt fails with PasskeyCancelled. */
  passkeyPrompt: { input: NoInput; output: SignInOutput };
  /**
   * Passkey autofill while the sign-in screen waits: the browser's conditional request for the account last used
   * on this device, its passkey offered among the e-mail field's suggestions. With nothing to offer (no such
   * account, a browser without conditional mediation, an account without a passkey) it never answers. Stopped (its
   * signal aborted) as the screen moves on, so the customer's own way in never meets a pending request; a request
   * the browser ended fails with PasskeyCancelled.
   */
  passkeyAutofill: { input: NoInput; output: SignInOutput };
  /** Sends a password-reset code. */
  resetPassword: { input: ResetPasswordInput; output: ResetPasswordOutput };
  confirmResetPassword: { input: ConfirmResetPasswordInput; output: ConfirmResetPasswordOutput };
  fetchUserAttributes: { input: NoInput; output: FetchUserAttributesOutput };
  sendAttributeCode: { input: SendAttributeCodeInput; output: SendAttributeCodeOutput };
  confirmAttribute: { input: ConfirmAttributeInput; output: ConfirmAttributeOutput };
  /** Sends the browser to the provider; resolves once the redirect has started. */
  federatedSignIn: { input: FederatedSignInInput; output: void };
  signOut: { input: NoInput; output: void };
}

export type AuthActorName = keyof AuthActorContracts;

/** The actors whose answers are read as steps (steps.ts); the others answer with a session, or nothing (passkey autofill's is read as the passkey prompt's). */
export type Flow = Exclude<AuthActorName, 'loadSession' | 'federatedSignIn' | 'signOut' | 'passkeyAutofill'>;

/** An error as the screens show it: a name of the shared vocabulary, or Cognito's exception name. */
export interface AuthErrorInfo {
  name: AuthErrorName | (string & {});
  message: string;
}

export type InitialRoute = 'signIn' | 'signUp' | 'forgotPassword';

export interface AuthenticatorInput {
  /** the first screen for a visitor without a session (signIn by default) */
  initialRoute?: InitialRoute;
  /** no sign-up tab and no SIGN_UP transition (an initialRoute of signUp then means signIn) */
  hideSignUp?: boolean;
  /**
   * the passkey's prompt opens the moment the pool asks for a passkey, before its screen has drawn (the default);
   * false shows the screen waiting for its button (the studio's scenarios, which picture screens)
   */
  openPasskeyPrompt?: boolean;
}

export interface AuthContext {
  initialRoute: InitialRoute;
  hideSignUp: boolean;
  openPasskeyPrompt: boolean;
  /** the step the last answer named, and the flow that answered (transition.routing reads both) */
  step?: AuthStep;
  answeredBy?: Flow;
  /** the login the customer typed (their e-mail), carried from screen to screen */
  username?: string;
  /** set only while signed in: every route that needs a session reads it here */
  user?: SessionUser;
  /** the first factor the customer asked for by name (a passwordless button, or the choice); none for a password sign-in */
  chosenFactor?: FirstFactor;
  /** where the last code went */
  codeDeliveryDetails?: CodeDeliveryDetails;
  /** confirmSignIn: which code (or choice) the screen asks for */
  challengeName?: ChallengeName;
  /** confirmSignIn with SELECT_MFA_TYPE: the choices */
  allowedMfaTypes?: MfaType[];
  /** selectFactor: the first factors the pool offered; kept on the chosen factor's screen, for going back to the choice */
  availableChallenges?: FirstFactor[];
  /** forceNewPassword: attributes the pool requires before it accepts the new password */
  missingAttributes?: string[];
  /** setupTotp: the secret for the QR code */
  totpSecretCode?: string;
  /** verifyUser: the contact attributes still unverified, with the value to show */
  unverifiedAttributes?: Partial<Record<ContactAttribute, string>>;
  /** verifyUser → confirmVerifyUser: the attribute the code was sent for */
  attributeToVerify?: ContactAttribute;
  error?: AuthErrorInfo;
}

export type AuthEvent =
  | { type: 'INIT' }
  | { type: 'SUBMIT'; data: FormData }
  | { type: 'SIGN_IN' }
  | { type: 'SIGN_UP' }
  | { type: 'FORGOT_PASSWORD' }
  | { type: 'RESEND' }
  | { type: 'SKIP' }
  | { type: 'FEDERATED_SIGN_IN'; provider: FederatedProvider }
  /** a way to sign in without the password (data: the sign-in form, for its e-mail); no factor lets the pool offer its choice */
  | { type: 'SIGN_IN_WITH'; factor?: FirstFactor; data?: FormData }
  /** back to the choice of first factors, from a chosen factor's screen */
  | { type: 'CHOOSE_FACTOR' }
  | { type: 'SIGN_OUT' }
  | { type: 'CLEAR_ERROR' }
  | { type: 'SESSION_EXPIRED'; error: AuthErrorInfo }
  | { type: 'SIGNED_OUT_ELSEWHERE' }
  | { type: 'SIGNED_IN_ELSEWHERE'; user: SessionUser };

export type AuthEventType = AuthEvent['type'];
