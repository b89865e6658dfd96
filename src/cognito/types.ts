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

/** Every call that moves a sign-in forward answers with the next step. */
export type SignInResult =
  | { step: 'DONE'; user: AuthUser }
  | { step: 'CONFIRM_SIGN_UP'; username: string }
  | { step: 'RESET_PASSWORD'; username: string };

export type SignUpResult =
  | { step: 'CONFIRM_SIGN_UP'; username: string; userId?: string; codeDeliveryDetails?: CodeDeliveryDetails }
  | { step: 'DONE'; username: string; userId?: string };

export type ConfirmSignUpResult = { step: 'DONE'; username: string };

export interface AuthSession {
  tokens?: { accessToken: Jwt; idToken?: Jwt };
  userSub?: string;
}
