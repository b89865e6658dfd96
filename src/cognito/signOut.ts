import type { ClientContext } from './context.ts';

/**
 * Signs out. Local: revoke the refresh token (which also kills the access and
 * id tokens minted from it). Global: GlobalSignOut, which ends every session
 * of the user everywhere. The tokens are forgotten first, even when the pool
 * cannot be reached: the customer asked to leave, and a half-finished
 * sign-out must not leave a usable session in this browser.
 */
export async function signOut(ctx: ClientContext, options: { global?: boolean; reason?: 'revoked' } = {}): Promise<void> {
  const tokens = ctx.store.load();
  ctx.store.clear();
  ctx.pendingSignIn = undefined;
  ctx.signedInWithPassword = undefined;
  const reason = options.global ? 'everywhere' : options.reason;
  ctx.events.emit(reason ? { type: 'signedOut', reason } : { type: 'signedOut' });
  if (!tokens) return;
  if (options.global) {
    // The customer asked for every device: if the pool cannot be told, they must know.
    await ctx.call('GlobalSignOut', { AccessToken: tokens.accessToken.raw });
    return;
  }
  if (!tokens.refreshToken || !tokens.accessToken.payload.origin_jti) return;
  try {
    await ctx.call('RevokeToken', { ClientId: ctx.config.userPoolClientId, Token: tokens.refreshToken });
  } catch {
    // Already forgotten here; the refresh token expires on its own.
  }
}
