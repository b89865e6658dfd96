import { next, SIGN_IN_SESSION_MS } from './challenges.ts';
import type { ClientContext, PendingAutoSignIn } from './context.ts';
import { AuthError } from './errors.ts';
import { signIn } from './signIn.ts';
import { AUTO_SIGN_IN_POLL_MS } from './signUp.ts';
import type { SignInResult } from './types.ts';

const notOnTime = () =>
  new AuthError('AutoSignInTimeout', 'The account was not confirmed on time.', 'Sign in with your e-mail and password.');

/**
 * Signs the new customer in after sign-up, within 180000 ms of it.
 *
 * In code mode the confirmation gave a session: one InitiateAuth USER_AUTH
 * with it signs in, the code standing in for the password (no SRP). Where the
 * pool gave no session, and in link mode (the customer confirms by a link in
 * another window, so this client never sees ConfirmSignUp's session), it signs
 * in with the password kept since sign-up, asking every 5 s in link mode until
 * the pool says the account is confirmed. Whatever the outcome, what was kept
 * is dropped when this ends.
 */
export async function autoSignIn(ctx: ClientContext): Promise<SignInResult> {
  const pending = ctx.pendingAutoSignIn;
  ctx.pendingAutoSignIn = undefined;
  if (!pending) {
    throw new AuthError('AutoSignInUnavailable', 'Auto sign-in was not started or has expired.', 'Sign in with your e-mail and password.');
  }
  if (pending.expiresAt <= ctx.now()) throw notOnTime();
  if (ctx.store.load()) {
    throw new AuthError('UserAlreadyAuthenticatedException', 'There is already a signed in user.', 'Sign out before signing in again.');
  }
  if (pending.session?.stage === 'confirmed') return withSession(ctx, pending, pending.session.token);
  if (pending.password === undefined) {
    throw new AuthError('AutoSignInUnavailable', 'Auto sign-in was not started or has expired.', 'Sign in with your e-mail and password.');
  }
  const link = ctx.config.signUpVerificationMethod === 'link';
  for (;;) {
    const result = await signIn(ctx, {
      username: pending.username,
      password: pending.password,
      options: { authFlowType: pending.authFlowType },
    });
    if (!link || result.step !== 'CONFIRM_SIGN_UP') return result;
    if (ctx.now() + AUTO_SIGN_IN_POLL_MS > pending.expiresAt) throw notOnTime();
    await ctx.sleep(AUTO_SIGN_IN_POLL_MS);
  }
}

/** One request: the pool answers tokens (or a second factor it requires, which confirmSignIn then takes). */
async function withSession(ctx: ClientContext, pending: PendingAutoSignIn, session: string): Promise<SignInResult> {
  ctx.pendingSignIn = undefined;
  const output = await ctx.call('InitiateAuth', {
    ClientId: ctx.config.userPoolClientId,
    AuthFlow: 'USER_AUTH',
    AuthParameters: { USERNAME: pending.username },
    Session: session,
  });
  return next(ctx, output, {
    loginId: pending.username,
    username: pending.username,
    challengeName: '',
    signInDetails: { loginId: pending.username, authFlowType: 'USER_AUTH' },
    expiresAt: ctx.now() + SIGN_IN_SESSION_MS,
  });
}
