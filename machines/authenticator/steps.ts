/**
 * How the machine reads an actor's answer: the client has already made Cognito's answers and errors steps (authSteps.ts);
 * here DONE becomes the answering flow's complete step, and the answer's data what the next screen shows. Where each step
 * leads is the table in machine.ts (`transition.routing`).
 */
import { AUTH_STEPS, type AuthStep } from './authSteps.ts';
import { emailedFirstFactor } from './validation.ts';
import type {
  AuthContext,
  ChallengeName,
  CodeDeliveryDetails,
  ContactAttribute,
  FirstFactor,
  Flow,
  MfaType,
  SessionUser,
} from './types.ts';

/** What DONE means, by the flow that said it. */
const DONE: Record<Flow, AuthStep> = {
  signIn: 'SIGN_IN_COMPLETE',
  confirmSignIn: 'SIGN_IN_COMPLETE',
  passkeyPrompt: 'SIGN_IN_COMPLETE',
  autoSignIn: 'SIGN_IN_COMPLETE',
  signUp: 'SIGN_UP_COMPLETE',
  confirmSignUp: 'SIGN_UP_COMPLETE',
  // DONE from a resend: the account is confirmed already, as good as a confirmation.
  resendSignUpCode: 'SIGN_UP_COMPLETE',
  // A new sign-in's DONE (a pool that asks for no code after all) is a sign-in like any other.
  resendSignInCode: 'SIGN_IN_COMPLETE',
  resetPassword: 'RESET_PASSWORD_COMPLETE',
  confirmResetPassword: 'RESET_PASSWORD_COMPLETE',
  fetchUserAttributes: 'SHOULD_CONFIRM_USER_ATTRIBUTE',
  sendAttributeCode: 'CONFIRM_ATTRIBUTE_WITH_CODE',
  confirmAttribute: 'CONFIRM_ATTRIBUTE_COMPLETE',
};

/** Everything any actor's answer may carry, for reading it whatever the flow. */
export interface AnyAnswer {
  step?: string;
  username?: string;
  user?: SessionUser;
  codeDeliveryDetails?: CodeDeliveryDetails;
  allowedMfaTypes?: MfaType[];
  availableChallenges?: FirstFactor[];
  missingAttributes?: string[];
  attributes?: Partial<Record<string, string>>;
  sharedSecret?: string;
}

const isAuthStep = (value: unknown): value is AuthStep => (AUTH_STEPS as readonly unknown[]).includes(value);

/** The step an answer stands for (an answer without a step is DONE), or undefined for one this machine does not know. */
export function stepOf(flow: Flow, answer: AnyAnswer): AuthStep | undefined {
  const step = answer.step ?? 'DONE';
  if (step === 'DONE') return DONE[flow];
  return isAuthStep(step) ? step : undefined;
}

/** The challenge confirmSignIn answers, by the step that led there. */
const CHALLENGE_OF_STEP: Partial<Record<AuthStep, ChallengeName>> = {
  CONFIRM_SIGN_IN_WITH_SMS_CODE: 'SMS_MFA',
  CONFIRM_SIGN_IN_WITH_TOTP_CODE: 'SOFTWARE_TOKEN_MFA',
  CONTINUE_SIGN_IN_WITH_MFA_SELECTION: 'SELECT_MFA_TYPE',
  CONFIRM_SIGN_IN_WITH_EMAIL_CODE: 'EMAIL_OTP',
  CONFIRM_SIGN_IN_WITH_PASSWORD: 'PASSWORD',
};

/**
 * The first factors that send a code, and what their screen asks for: that screen shows as soon as the button is
 * pressed, while the pool sends the code (machine.ts, confirmSignIn.sendingCode); the answer then confirms it or
 * leads elsewhere.
 */
export const CODE_FACTORS = {
  EMAIL_OTP: { challengeName: CHALLENGE_OF_STEP.CONFIRM_SIGN_IN_WITH_EMAIL_CODE!, deliveryMedium: 'EMAIL' },
  SMS_OTP: { challengeName: CHALLENGE_OF_STEP.CONFIRM_SIGN_IN_WITH_SMS_CODE!, deliveryMedium: 'SMS' },
} as const satisfies Partial<Record<FirstFactor, { challengeName: ChallengeName; deliveryMedium: 'EMAIL' | 'SMS' }>>;

export const sendsCode = (factor: FirstFactor | undefined): factor is keyof typeof CODE_FACTORS =>
  factor !== undefined && Object.hasOwn(CODE_FACTORS, factor);

/** The screens of a chosen first factor: the choice stays known there, so the customer can go back to it. */
const AFTER_CHOICE: readonly AuthStep[] = [
  'CONFIRM_SIGN_IN_WITH_EMAIL_CODE',
  'CONFIRM_SIGN_IN_WITH_SMS_CODE',
  'CONFIRM_SIGN_IN_WITH_PASSWORD',
  'CONFIRM_SIGN_IN_WITH_PASSKEY',
];

/** What a flow leaves behind for the next screen; cleared whenever a new step arrives or the customer goes back. */
export const NO_FLOW_DATA = {
  step: undefined,
  answeredBy: undefined,
  codeDeliveryDetails: undefined,
  challengeName: undefined,
  allowedMfaTypes: undefined,
  availableChallenges: undefined,
  missingAttributes: undefined,
  totpSecretCode: undefined,
  unverifiedAttributes: undefined,
  error: undefined,
} as const satisfies Partial<AuthContext>;

/** The context after an answer: its step, and the data the next screen needs (nothing left from the one before). */
export function contextAfter(context: AuthContext, flow: Flow, answer: AnyAnswer): Partial<AuthContext> {
  const step = stepOf(flow, answer);
  return {
    ...NO_FLOW_DATA,
    step,
    answeredBy: flow,
    username: answer.username ?? context.username,
    user: answer.user ?? context.user,
    codeDeliveryDetails: answer.codeDeliveryDetails,
    challengeName: step && CHALLENGE_OF_STEP[step],
    allowedMfaTypes: answer.allowedMfaTypes,
    availableChallenges: answer.availableChallenges ?? (step && AFTER_CHOICE.includes(step) ? context.availableChallenges : undefined),
    missingAttributes: answer.missingAttributes,
    totpSecretCode: answer.sharedSecret,
    unverifiedAttributes: answer.attributes && unverifiedContacts(answer.attributes),
  };
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

/** Conditions a row of the routing table can add to its step, read from the context the answer left. */
export const stepConditions = {
  hasUnverifiedContact: (context: AuthContext) => Object.keys(context.unverifiedAttributes ?? {}).length > 0,
  hasChoice: (context: AuthContext) => (context.availableChallenges?.length ?? 0) > 0,
  // The passkey's prompt opens with the route, not from its screen once drawn (the input's openPasskeyPrompt).
  opensPasskeyPrompt: (context: AuthContext) => context.openPasskeyPrompt,
  emailedFirstFactor,
  // A sign-in's CONFIRM_SIGN_UP means "never confirmed": a fresh code goes out first.
  fromSignIn: (context: AuthContext) => DONE[context.answeredBy ?? 'signUp'] === 'SIGN_IN_COMPLETE',
} satisfies Record<string, (context: AuthContext) => boolean>;

export type StepCondition = keyof typeof stepConditions;
