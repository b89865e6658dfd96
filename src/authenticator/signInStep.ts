/**
 * A sign-in step as the machine reads it, from the client's: shared by the actors (actors.ts) and passkey
 * autofill's chunk (autofill.ts).
 */
import type { SessionUser, SignInOutput } from '../../machines/authenticator/index.ts';
import { AuthError, type AuthUser, type SignInResult } from '../cognito/index.ts';

export const sessionUser = (user: AuthUser): SessionUser => ({ username: user.username, userId: user.userId, email: user.email });

/** A sign-in step as the machine reads it. Custom challenges are not a route of spec §4. */
export function signInStep(result: SignInResult): SignInOutput {
  switch (result.step) {
    case 'DONE':
      return { step: 'DONE', user: sessionUser(result.user) };
    case 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE':
      throw new AuthError('UnsupportedChallenge', 'An unknown error has occurred.', 'This app has no screen for a custom challenge.');
    default:
      return result;
  }
}
