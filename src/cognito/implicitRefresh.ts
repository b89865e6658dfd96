import type { ClientContext } from './context.ts';
import { AuthError } from './errors.ts';

/**
 * A session of the hosted UI's implicit grant has no refresh token: it ends
 * with its access token, with spec §8's words. Loaded only when that happens.
 */
export function refuse(ctx: ClientContext): never {
  const error = new AuthError(
    'TokenRefreshNotSupported',
    'Token refresh is not supported when authenticated with the implicit grant oauth flow',
    'Sign in again.',
  );
  ctx.store.clear();
  ctx.events.emit({ type: 'tokenRefreshFailure', error });
  ctx.events.emit({ type: 'signedOut' });
  throw error;
}
