import type { ClientContext } from './context.ts';
import { AuthError } from './errors.ts';
import { signIn } from './signIn.ts';
import { AUTO_SIGN_IN_POLL_MS } from './signUp.ts';
import type { SignInResult } from './types.ts';

/**
 * Signs in with the credentials signUp kept in memory. In code mode the
 * account is confirmed already, so one sign-in does it. In link mode the
 * customer confirms by a link in another window: ask every 5 s until the pool
 * says the account is confirmed, for at most 180000 ms after sign-up.
 * The password is dropped as soon as this ends, whatever the outcome.
 */
export async function autoSignIn(ctx: ClientContext): Promise<SignInResult> {
  const pending = ctx.pendingAutoSignIn;
  if (!pending || pending.expiresAt <= ctx.now()) {
    ctx.pendingAutoSignIn = undefined;
    throw new AuthError('AutoSignInUnavailable', 'Auto sign-in was not started or has expired.', 'Sign in with your e-mail and password.');
  }
  const link = ctx.config.signUpVerificationMethod === 'link';
  try {
    for (;;) {
      const result = await signIn(ctx, {
        username: pending.username,
        password: pending.password,
        options: { authFlowType: pending.authFlowType },
      });
      if (!link || result.step !== 'CONFIRM_SIGN_UP') return result;
      if (ctx.now() + AUTO_SIGN_IN_POLL_MS > pending.expiresAt) {
        throw new AuthError('AutoSignInTimeout', 'The account was not confirmed on time.', 'Confirm the account, then sign in.');
      }
      await ctx.sleep(AUTO_SIGN_IN_POLL_MS);
    }
  } finally {
    ctx.pendingAutoSignIn = undefined;
  }
}
