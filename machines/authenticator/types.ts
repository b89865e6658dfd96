/**
 * The machine's view of the world. It declares what it needs from a Cognito
 * client (the actors' inputs and outputs) in its own terms; the app supplies
 * matching actors with `machine.provide({ actors })`.
 */

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

export type FormData = Partial<Record<FieldName, string>>;

export interface CodeDelivery {
  destination?: string;
  deliveryMedium?: string;
  attributeName?: string;
}

export interface SessionUser {
  username: string;
  userId: string;
  email?: string;
}

/** What each actor resolves with: the next auth step of spec §4. */
export type SignInOutput =
  | { step: 'DONE'; user: SessionUser }
  | { step: 'CONFIRM_SIGN_UP'; username: string };

export type SignUpOutput =
  | { step: 'CONFIRM_SIGN_UP'; username: string; codeDeliveryDetails?: CodeDelivery }
  | { step: 'DONE'; username: string };

export type ConfirmSignUpOutput = { step: 'DONE'; username: string };

export interface SignInInput {
  username: string;
  password: string;
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

/** An error as the screens show it. */
export interface AuthErrorInfo {
  name: string;
  message: string;
}

export type InitialRoute = 'signIn' | 'signUp';

export interface AuthenticatorInput {
  /** the first screen for a visitor without a session (signIn by default) */
  initialRoute?: InitialRoute;
}

export interface AuthContext {
  initialRoute: InitialRoute;
  /** the login the flow is about, carried from screen to screen */
  username?: string;
  codeDeliveryDetails?: CodeDelivery;
  user?: SessionUser;
  error?: AuthErrorInfo;
}

export type AuthEvent =
  | { type: 'SUBMIT'; data: FormData }
  | { type: 'SIGN_IN' }
  | { type: 'SIGN_UP' }
  | { type: 'SIGN_OUT' }
  | { type: 'CLEAR_ERROR' };
