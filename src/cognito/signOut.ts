import type { ClientContext } from './context.ts';

/**
 * Local sign-out: revoke the refresh token (which also kills the access and
 * id tokens minted from it) and forget the tokens. The tokens are forgotten
 * even when the revocation cannot reach the pool: the customer asked to leave.
 */
export async function signOut(ctx: ClientContext): Promise<void> {
  const tokens = ctx.store.load();
  ctx.store.clear();
  if (!tokens?.refreshToken || !tokens.accessToken.payload.origin_jti) return;
  try {
    await ctx.call('RevokeToken', { ClientId: ctx.config.userPoolClientId, Token: tokens.refreshToken });
  } catch {
    // Already forgotten locally; the refresh token expires on its own.
  }
}
