/**
 * The machine's actors, made from the Cognito client. This is the one place
 * where the client's results are read as the machine's steps.
 */
import { fromPromise } from 'xstate';
import type {
  ConfirmSignUpInput,
  ConfirmSignUpOutput,
  SessionUser,
  SignInInput,
  SignInOutput,
  SignUpInput,
  SignUpOutput,
} from '../../machines/authenticator/index.ts';
import { AuthError, type AuthClient, type AuthUser } from '../cognito/index.ts';

const sessionUser = (user: AuthUser): SessionUser => ({ username: user.username, userId: user.userId, email: user.email });

export function createAuthActors(client: AuthClient) {
  return {
    loadSession: fromPromise<SessionUser | null>(async () => {
      const session = await client.fetchAuthSession();
      return session.tokens ? sessionUser(await client.getCurrentUser()) : null;
    }),
    signIn: fromPromise<SignInOutput, SignInInput>(async ({ input }) => {
      const result = await client.signIn(input);
      switch (result.step) {
        case 'DONE':
          return { step: 'DONE', user: sessionUser(result.user) };
        case 'CONFIRM_SIGN_UP':
          return result;
        case 'RESET_PASSWORD':
          // The reset screens are not built yet; say why the sign-in stopped.
          throw new AuthError('PasswordResetRequiredException', 'Password reset required for the user');
        default:
          throw new AuthError('UnsupportedChallenge', 'An unknown error has occurred.', `This app cannot handle ${result.step} yet.`);
      }
    }),
    signUp: fromPromise<SignUpOutput, SignUpInput>(async ({ input }) => {
      const result = await client.signUp(input);
      // Auto sign-in is not asked for yet, so a confirmed account simply goes to sign-in.
      return result.step === 'COMPLETE_AUTO_SIGN_IN' ? { step: 'DONE', username: result.username } : result;
    }),
    confirmSignUp: fromPromise<ConfirmSignUpOutput, ConfirmSignUpInput>(async ({ input }) => {
      const result = await client.confirmSignUp(input);
      return { step: 'DONE', username: result.username };
    }),
    signOut: fromPromise<void>(() => client.signOut()),
  };
}
