import type { AuthEventType } from './types.ts';

/**
 * What each event means, in the words a designer reads in the inspector and
 * in docs/authenticator.md. Screens send the first group; the app sends the
 * session events.
 */
export const eventDescriptions: Record<AuthEventType, string> = {
  INIT: 'The app mounted the authenticator: read the stored session.',
  SUBMIT: "The customer submitted the current screen's form (data: its fields).",
  SIGN_IN: 'The "Sign In" tab, or "Back to Sign In".',
  SIGN_UP: 'The "Create Account" tab (absent with hideSignUp).',
  FORGOT_PASSWORD: 'The "Forgot your password?" link on sign-in.',
  RESEND: 'Send the code again (confirm sign-up, confirm reset password, the e-mailed sign-in code).',
  SKIP: 'Skip verifying an e-mail or phone for now and go to the dashboard.',
  FEDERATED_SIGN_IN: 'Sign in with Amazon, Apple, Google or Facebook (provider).',
  SIGN_IN_WITH:
    'Sign in without the password (factor: WEB_AUTHN for a passkey, EMAIL_OTP or SMS_OTP for a code; none: let the pool offer its choice), or the factor picked on the choice screen.',
  CHOOSE_FACTOR: 'Back to the choice of first factors ("Choose another way").',
  SIGN_OUT: 'Profile → sign out.',
  CLEAR_ERROR: 'The customer dismissed the error message.',
  SESSION_EXPIRED: 'App: refreshing the tokens failed (error). A network error is ignored; anything else ends the session.',
  SIGNED_OUT_ELSEWHERE: 'App: the customer signed out in another tab.',
  SIGNED_IN_ELSEWHERE: 'App: the customer signed in in another tab (user).',
};

/** Events the screens send; the rest come from the app. */
export const screenEvents = [
  'SUBMIT',
  'SIGN_IN',
  'SIGN_UP',
  'FORGOT_PASSWORD',
  'RESEND',
  'SKIP',
  'FEDERATED_SIGN_IN',
  'SIGN_IN_WITH',
  'CHOOSE_FACTOR',
  'SIGN_OUT',
  'CLEAR_ERROR',
] as const satisfies readonly AuthEventType[];
