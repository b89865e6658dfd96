import { pendingSignIn, respond } from './challenges.ts';
import type { ClientContext, PendingSignIn } from './context.ts';
import { AuthError, nonBlank } from './errors.ts';
import { userAuth } from './signIn.ts';
import { asSignInStep } from './signInSteps.ts';
import type { MfaType, SignInResult } from './types.ts';

export interface ConfirmSignInInput {
  /** the code, the new password, the MFA type (SMS, TOTP or EMAIL), the chosen first factor, the password, or the custom answer */
  challengeResponse: string;
  options?: {
    /** attributes the pool requires with a new password */
    userAttributes?: Record<string, string>;
    /** a name for the authenticator app being set up */
    friendlyDeviceName?: string;
  };
}

const MFA_CHALLENGE: Record<MfaType, string> = { SMS: 'SMS_MFA', TOTP: 'SOFTWARE_TOKEN_MFA', EMAIL: 'EMAIL_OTP' };

/** Answers the challenge the last signIn or confirmSignIn stopped at. */
export async function confirmSignIn(ctx: ClientContext, input: ConfirmSignInInput): Promise<SignInResult> {
  const pending = pendingSignIn(ctx);
  // A new password, or the password chosen as first factor, is a password: only an empty one is blank.
  const isPassword = pending.challengeName === 'NEW_PASSWORD_REQUIRED' || pending.passwordChoice !== undefined;
  const answer =
    isPassword && input.challengeResponse !== '' ? input.challengeResponse : nonBlank(input.challengeResponse, 'challengeResponse');
  return asSignInStep(pending.loginId, () => answerChallenge(ctx, pending, answer, input));
}

async function answerChallenge(
  ctx: ClientContext,
  pending: PendingSignIn,
  answer: string,
  input: ConfirmSignInInput,
): Promise<SignInResult> {
  // Choice-based sign-in's own answers (the factor chosen, the password chosen) come with its chunk.
  if (pending.signInDetails.authFlowType === 'USER_AUTH') {
    const answered = await (await userAuth()).answerChoice(ctx, pending, answer);
    if (answered) return answered;
  }
  switch (pending.challengeName) {
    case 'EMAIL_OTP':
      return respond(ctx, pending, 'EMAIL_OTP', { EMAIL_OTP_CODE: answer });
    case 'SMS_MFA':
      return respond(ctx, pending, 'SMS_MFA', { SMS_MFA_CODE: answer });
    case 'SOFTWARE_TOKEN_MFA':
      return respond(ctx, pending, 'SOFTWARE_TOKEN_MFA', { SOFTWARE_TOKEN_MFA_CODE: answer });
    case 'SELECT_MFA_TYPE': {
      const choice = MFA_CHALLENGE[answer as MfaType];
      if (!choice) throw new AuthError('InvalidMfaType', 'Invalid MFA type', 'Choose SMS, TOTP or EMAIL.');
      return respond(ctx, pending, 'SELECT_MFA_TYPE', { ANSWER: choice });
    }
    case 'MFA_SETUP': {
      const verified = await ctx.call('VerifySoftwareToken', {
        Session: pending.session,
        UserCode: answer,
        FriendlyDeviceName: input.options?.friendlyDeviceName,
      });
      pending.session = verified.Session ?? pending.session;
      return respond(ctx, pending, 'MFA_SETUP', {});
    }
    case 'NEW_PASSWORD_REQUIRED': {
      const attributes = Object.fromEntries(
        Object.entries(input.options?.userAttributes ?? {}).map(([name, value]) => [`userAttributes.${name}`, value]),
      );
      return respond(ctx, pending, 'NEW_PASSWORD_REQUIRED', { NEW_PASSWORD: answer, ...attributes });
    }
    case 'CUSTOM_CHALLENGE':
      return respond(ctx, pending, 'CUSTOM_CHALLENGE', { ANSWER: answer });
    default:
      throw new AuthError('UnsupportedChallenge', 'An unknown error has occurred.', `Cannot answer ${pending.challengeName}.`);
  }
}
