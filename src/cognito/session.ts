import type { ClientContext } from './context.ts';
import { AuthError, userUnauthenticated } from './errors.ts';
import { decodeJwt, type Jwt } from './jwt.ts';
import type { SignInDetails, Tokens } from './tokenStore.ts';
import type { AuthSession, AuthUser } from './types.ts';

/** A token counts as expired this long before it really is, so it never dies in flight. */
const EXPIRY_MARGIN_MS = 5_000;

export function isExpired(token: Jwt, clockDrift: number, now: number): boolean {
  const exp = token.payload.exp;
  return typeof exp !== 'number' || now + clockDrift + EXPIRY_MARGIN_MS > exp * 1000;
}

interface AuthenticationResultLike {
  AccessToken?: string;
  IdToken?: string;
  RefreshToken?: string;
}

/** Turns Cognito's AuthenticationResult into stored tokens, measuring the clock drift on the way. */
export function tokensFromResult(
  ctx: ClientContext,
  result: AuthenticationResultLike,
  previous?: Pick<Tokens, 'refreshToken' | 'signInDetails'>,
  signInDetails?: SignInDetails,
): Tokens {
  if (!result.AccessToken) throw new AuthError('InvalidTokens', 'Invalid tokens.', 'Sign in again.');
  const accessToken = decodeJwt(result.AccessToken);
  const { iat, username } = accessToken.payload;
  if (typeof iat !== 'number') throw new AuthError('InvalidTokens', 'iat not found in access token', 'Sign in again.');
  if (typeof username !== 'string') throw new AuthError('InvalidTokens', 'Invalid tokens.', 'Sign in again.');
  return {
    username,
    accessToken,
    idToken: result.IdToken ? decodeJwt(result.IdToken) : undefined,
    refreshToken: result.RefreshToken ?? previous?.refreshToken,
    clockDrift: iat * 1000 - ctx.now(),
    signInDetails: signInDetails ?? previous?.signInDetails,
  };
}

export function userFromTokens(tokens: Tokens): AuthUser {
  const claims = tokens.idToken?.payload ?? tokens.accessToken.payload;
  return {
    username: tokens.username,
    userId: String(claims.sub ?? tokens.accessToken.payload.sub ?? ''),
    loginId: tokens.signInDetails?.loginId,
    email: typeof claims.email === 'string' ? claims.email : undefined,
    signInDetails: tokens.signInDetails,
  };
}

async function refresh(ctx: ClientContext, tokens: Tokens): Promise<Tokens | null> {
  if (!tokens.refreshToken) {
    ctx.store.clear();
    return null;
  }
  try {
    const output = await ctx.call('InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: ctx.config.userPoolClientId,
      AuthParameters: { REFRESH_TOKEN: tokens.refreshToken },
    });
    if (!output.AuthenticationResult) throw new AuthError('InvalidTokens', 'Invalid tokens.', 'Sign in again.');
    const next = tokensFromResult(ctx, output.AuthenticationResult, tokens);
    ctx.store.save(next);
    return next;
  } catch (error) {
    // Offline is not a verdict on the session: keep the tokens for when the network returns.
    if (error instanceof AuthError && error.name === 'NetworkError') throw error;
    ctx.store.clear();
    if (error instanceof AuthError && error.name === 'NotAuthorizedException') return null;
    throw error;
  }
}

/**
 * Creates the session functions. Refresh is single-flight: callers that find
 * the tokens stale while a refresh is under way wait for that one.
 */
export function createSessionFunctions(ctx: ClientContext) {
  let inFlight: Promise<Tokens | null> | undefined;

  function refreshOnce(tokens: Tokens): Promise<Tokens | null> {
    inFlight ??= refresh(ctx, tokens).finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  }

  async function fetchAuthSession(options: { forceRefresh?: boolean } = {}): Promise<AuthSession> {
    let tokens = ctx.store.load();
    if (!tokens) return {};
    const stale =
      isExpired(tokens.accessToken, tokens.clockDrift, ctx.now()) ||
      (tokens.idToken !== undefined && isExpired(tokens.idToken, tokens.clockDrift, ctx.now()));
    if (options.forceRefresh || stale) tokens = await refreshOnce(tokens);
    if (!tokens) return {};
    return {
      tokens: { accessToken: tokens.accessToken, idToken: tokens.idToken },
      userSub: typeof tokens.accessToken.payload.sub === 'string' ? tokens.accessToken.payload.sub : undefined,
    };
  }

  /** The signed-in user from the stored tokens, without a network call. */
  async function getCurrentUser(): Promise<AuthUser> {
    const tokens = ctx.store.load();
    if (!tokens) throw userUnauthenticated();
    return userFromTokens(tokens);
  }

  return { fetchAuthSession, getCurrentUser };
}
