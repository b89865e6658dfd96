/**
 * Cognito errors that are really the next step of a sign-in (spec §4): an
 * account never confirmed goes to CONFIRM_SIGN_UP, one whose password an
 * administrator reset goes to RESET_PASSWORD. InitiateAuth and
 * RespondToAuthChallenge can both answer so; every sign-in call of the client
 * goes through here, so the machine only ever sees steps.
 */
import { isNamed } from './errors.ts';
import type { SignInResult } from './types.ts';

export async function asSignInStep(loginId: string, attempt: () => Promise<SignInResult>): Promise<SignInResult> {
  try {
    return await attempt();
  } catch (error) {
    if (isNamed(error, 'UserNotConfirmedException')) return { step: 'CONFIRM_SIGN_UP', username: loginId };
    if (isNamed(error, 'PasswordResetRequiredException')) return { step: 'RESET_PASSWORD', username: loginId };
    throw error;
  }
}
