/**
 * The step table: which route each auth step of spec §4 leads to. An actor's
 * answer is read as a step (DONE as the complete step of the flow that
 * produced it; a few Cognito errors as the steps they really are), and the
 * step's row picks the next state. Adding a step means adding a row here, not
 * a branch in the machine.
 */
import type { AuthActorContracts, ContactAttribute } from './types.ts';

export type AuthStep =
  | 'SIGN_IN'
  | 'SIGN_IN_COMPLETE'
  | 'CONFIRM_SIGN_UP'
  | 'SIGN_UP_COMPLETE'
  | 'CONFIRM_SIGN_IN_WITH_SMS_CODE'
  | 'CONFIRM_SIGN_IN_WITH_TOTP_CODE'
  | 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION'
  | 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED'
  | 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP'
  | 'RESET_PASSWORD'
  | 'CONFIRM_RESET_PASSWORD_WITH_CODE'
  | 'RESET_PASSWORD_COMPLETE'
  | 'COMPLETE_AUTO_SIGN_IN'
  | 'SHOULD_CONFIRM_USER_ATTRIBUTE'
  | 'CONFIRM_ATTRIBUTE_WITH_CODE'
  | 'CONFIRM_ATTRIBUTE_COMPLETE';

/** The actors whose answers are read as steps. */
export type Flow =
  | 'signIn'
  | 'confirmSignIn'
  | 'autoSignIn'
  | 'signUp'
  | 'confirmSignUp'
  | 'resendSignUpCode'
  | 'resetPassword'
  | 'confirmResetPassword'
  | 'fetchUserAttributes'
  | 'sendAttributeCode'
  | 'confirmAttribute';

/** Where a step can lead: a route, or a moment in `transition` that makes one more call first. */
export type Target =
  | 'signIn'
  | 'confirmSignUp'
  | 'confirmSignIn'
  | 'forceNewPassword'
  | 'confirmResetPassword'
  | 'setupTotp'
  | 'verifyUser'
  | 'confirmVerifyUser'
  | 'authenticated'
  | 'transition.checkingAttributes'
  | 'transition.autoSigningIn'
  | 'transition.sendingSignUpCode'
  | 'transition.sendingResetCode'
  | 'transition.fetchingTotpSecret';

/** A condition a row can put on one of its choices, read from the actor's answer. */
export type StepCondition = 'hasUnverifiedContact' | 'hasSharedSecret';

export interface StepChoice {
  to: Target;
  /** only when this holds */
  when?: StepCondition;
  /** only for answers from these flows */
  from?: readonly Flow[];
  description: string;
}

const SIGN_IN_FLOWS = ['signIn', 'confirmSignIn', 'autoSignIn'] as const satisfies readonly Flow[];

/** The one table. Choices are tried in order; the first that applies wins. */
export const stepTable: Record<AuthStep, readonly StepChoice[]> = {
  SIGN_IN: [{ to: 'signIn', description: 'Sign in by hand, with the e-mail filled in.' }],
  SIGN_IN_COMPLETE: [{ to: 'transition.checkingAttributes', description: 'Signed in: look for an e-mail or phone still to verify.' }],
  CONFIRM_SIGN_UP: [
    {
      from: SIGN_IN_FLOWS,
      to: 'transition.sendingSignUpCode',
      description: 'User not confirmed: send a fresh code, then confirm the account.',
    },
    { to: 'confirmSignUp', description: 'Enter the code that was just sent.' },
  ],
  SIGN_UP_COMPLETE: [{ to: 'signIn', description: 'Account confirmed: sign in with the password just chosen.' }],
  CONFIRM_SIGN_IN_WITH_SMS_CODE: [{ to: 'confirmSignIn', description: 'Enter the code sent by SMS.' }],
  CONFIRM_SIGN_IN_WITH_TOTP_CODE: [{ to: 'confirmSignIn', description: 'Enter the code from the authenticator app.' }],
  CONTINUE_SIGN_IN_WITH_MFA_SELECTION: [{ to: 'confirmSignIn', description: 'Choose SMS or authenticator app.' }],
  CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED: [{ to: 'forceNewPassword', description: 'Choose a new password.' }],
  CONTINUE_SIGN_IN_WITH_TOTP_SETUP: [
    { when: 'hasSharedSecret', to: 'setupTotp', description: 'Show the QR code of the secret that came with the step.' },
    { to: 'transition.fetchingTotpSecret', description: 'Fetch a secret for the authenticator app, then show its QR code.' },
  ],
  RESET_PASSWORD: [{ to: 'transition.sendingResetCode', description: 'Password reset required: send a reset code.' }],
  CONFIRM_RESET_PASSWORD_WITH_CODE: [{ to: 'confirmResetPassword', description: 'Enter the reset code and a new password.' }],
  RESET_PASSWORD_COMPLETE: [{ to: 'signIn', description: 'Password changed: sign in with it.' }],
  COMPLETE_AUTO_SIGN_IN: [{ to: 'transition.autoSigningIn', description: 'Sign the new customer in without asking again.' }],
  SHOULD_CONFIRM_USER_ATTRIBUTE: [
    { when: 'hasUnverifiedContact', to: 'verifyUser', description: 'An e-mail or phone is unverified: offer to verify it.' },
    { to: 'authenticated', description: 'Nothing to verify: the dashboard.' },
  ],
  CONFIRM_ATTRIBUTE_WITH_CODE: [{ to: 'confirmVerifyUser', description: 'Enter the code sent to that e-mail or phone.' }],
  CONFIRM_ATTRIBUTE_COMPLETE: [{ to: 'authenticated', description: 'Verified: the dashboard.' }],
};

/** The answers a flow's actor can give, as the client names them; an answer without a step counts as DONE. */
type AnswerOf<F extends Flow> = AuthActorContracts[F]['output'] extends infer O ? (O extends { step: infer S } ? S : 'DONE') : never;

/**
 * How each flow's answers read as steps: mostly the same name, and DONE as
 * the complete step of that flow. Every answer of the actor's output type
 * must have an entry (the type checker says which one is missing).
 */
export const answerSteps: { [F in Flow]: Record<AnswerOf<F>, AuthStep> } = {
  signIn: signInAnswers(),
  confirmSignIn: signInAnswers(),
  autoSignIn: signInAnswers(),
  signUp: { CONFIRM_SIGN_UP: 'CONFIRM_SIGN_UP', DONE: 'SIGN_UP_COMPLETE', COMPLETE_AUTO_SIGN_IN: 'COMPLETE_AUTO_SIGN_IN' },
  confirmSignUp: { DONE: 'SIGN_UP_COMPLETE', COMPLETE_AUTO_SIGN_IN: 'COMPLETE_AUTO_SIGN_IN' },
  // A new code is on its way: the customer confirms with it.
  resendSignUpCode: { DONE: 'CONFIRM_SIGN_UP' },
  resetPassword: { CONFIRM_RESET_PASSWORD_WITH_CODE: 'CONFIRM_RESET_PASSWORD_WITH_CODE', DONE: 'RESET_PASSWORD_COMPLETE' },
  confirmResetPassword: { DONE: 'RESET_PASSWORD_COMPLETE' },
  // The attributes are read: the row decides whether one needs confirming.
  fetchUserAttributes: { DONE: 'SHOULD_CONFIRM_USER_ATTRIBUTE' },
  sendAttributeCode: { CONFIRM_ATTRIBUTE_WITH_CODE: 'CONFIRM_ATTRIBUTE_WITH_CODE' },
  confirmAttribute: { DONE: 'CONFIRM_ATTRIBUTE_COMPLETE' },
};

function signInAnswers(): Record<AnswerOf<'signIn'>, AuthStep> {
  return {
    DONE: 'SIGN_IN_COMPLETE',
    CONFIRM_SIGN_UP: 'CONFIRM_SIGN_UP',
    RESET_PASSWORD: 'RESET_PASSWORD',
    CONFIRM_SIGN_IN_WITH_SMS_CODE: 'CONFIRM_SIGN_IN_WITH_SMS_CODE',
    CONFIRM_SIGN_IN_WITH_TOTP_CODE: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE',
    CONTINUE_SIGN_IN_WITH_MFA_SELECTION: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION',
    CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED',
    CONTINUE_SIGN_IN_WITH_TOTP_SETUP: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP',
  };
}

/** The steps a flow can lead to, in table order. */
export function stepsOfFlow(flow: Flow): AuthStep[] {
  const steps = Object.values(answerSteps[flow]) as AuthStep[];
  return (Object.keys(stepTable) as AuthStep[]).filter((step) => steps.includes(step));
}

/** The step an actor's answer stands for, or undefined for an answer nobody knows. */
export function stepOf(flow: Flow, output: unknown): AuthStep | undefined {
  const raw = output && typeof output === 'object' && 'step' in output ? output.step : 'DONE';
  const answers: Partial<Record<string, AuthStep>> = answerSteps[flow];
  return typeof raw === 'string' && Object.hasOwn(answers, raw) ? answers[raw] : undefined;
}

/**
 * Errors that are really steps. "User not confirmed" and "Password reset
 * required" are where the customer has to go next, not failures to show.
 *
 * "Already confirmed" (ConfirmSignUp: NotAuthorizedException "User cannot be
 * confirmed. Current status is CONFIRMED"; ResendConfirmationCode:
 * InvalidParameterException "User is already confirmed.") means the goal of
 * the confirmSignUp screen is met already, e.g. by a confirmation in another
 * tab. It is read as SIGN_UP_COMPLETE: sign-in with the e-mail filled in, the
 * same place a successful confirmation leads, with no error the customer
 * cannot act on.
 */
export interface ErrorStep {
  flows: readonly Flow[];
  /** the error's name; absent: any error */
  name?: string;
  /** a part of the message that must be there too (any case) */
  message?: string;
  step: AuthStep;
  /** show the error on the next screen (it explains why the customer is there) */
  showError: boolean;
  description: string;
}

export const errorSteps: readonly ErrorStep[] = [
  {
    flows: SIGN_IN_FLOWS,
    name: 'UserNotConfirmedException',
    step: 'CONFIRM_SIGN_UP',
    showError: false,
    description: 'User not confirmed: confirm the account.',
  },
  {
    flows: SIGN_IN_FLOWS,
    name: 'PasswordResetRequiredException',
    step: 'RESET_PASSWORD',
    showError: false,
    description: 'Password reset required: reset it.',
  },
  {
    flows: ['confirmSignUp'],
    name: 'NotAuthorizedException',
    message: 'Current status is CONFIRMED',
    step: 'SIGN_UP_COMPLETE',
    showError: false,
    description: 'Already confirmed: as good as a confirmation.',
  },
  {
    flows: ['resendSignUpCode'],
    name: 'InvalidParameterException',
    message: 'already confirmed',
    step: 'SIGN_UP_COMPLETE',
    showError: false,
    description: 'Already confirmed: no code needed, sign in.',
  },
  {
    flows: ['autoSignIn'],
    step: 'SIGN_IN',
    showError: true,
    description: 'Auto sign-in failed (e.g. "The account was not confirmed on time."): sign in by hand.',
  },
];

function errorFields(error: unknown): { name: string; message: string } {
  if (!error || typeof error !== 'object') return { name: '', message: '' };
  const { name, message } = error as { name?: unknown; message?: unknown };
  return { name: typeof name === 'string' ? name : '', message: typeof message === 'string' ? message : '' };
}

/** The error rows that apply to a flow, in order. */
export const errorStepsOf = (flow: Flow): ErrorStep[] => errorSteps.filter((row) => row.flows.includes(flow));

export function errorStepMatches(row: Pick<ErrorStep, 'name' | 'message'>, error: unknown): boolean {
  const { name, message } = errorFields(error);
  return (
    (row.name === undefined || row.name === name) &&
    (row.message === undefined || message.toLowerCase().includes(row.message.toLowerCase()))
  );
}

/** The e-mail and phone a user has not verified yet, with the value to show. */
export function unverifiedContacts(attributes: Partial<Record<string, string>>): Partial<Record<ContactAttribute, string>> {
  const unverified: Partial<Record<ContactAttribute, string>> = {};
  for (const name of ['email', 'phone_number'] as const) {
    const value = attributes[name];
    if (value && attributes[`${name}_verified`] !== 'true') unverified[name] = value;
  }
  return unverified;
}

export const stepConditions: Record<StepCondition, (output: unknown) => boolean> = {
  hasUnverifiedContact: (output) => {
    const attributes = (output as { attributes?: Partial<Record<string, string>> } | undefined)?.attributes ?? {};
    return Object.keys(unverifiedContacts(attributes)).length > 0;
  },
  hasSharedSecret: (output) => !!(output as { sharedSecret?: unknown } | undefined)?.sharedSecret,
};
