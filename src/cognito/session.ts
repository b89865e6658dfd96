import type { ClientContext, RefreshLocks } from './context.ts';
import { AuthError, userUnauthenticated } from './errors.ts';
import { decodeJwt, type Jwt } from './jwt.ts';
import type { SignInDetails, TokenStore, Tokens } from './tokenStore.ts';
import type { AuthUser } from './types.ts';
import type { OperationInput, OperationOutput, UserPoolOperation } from './userPoolOperations.ts';

/** A token counts as expired this long before it really is, so it never dies in flight. */
const EXPIRY_MARGIN_MS = 5_000;

export function isExpired(token: Jwt, clockDrift: number, now: number): boolean {
  const exp = token.payload.exp;
  return typeof exp !== 'number' || now + clockDrift + EXPIRY_MARGIN_MS > exp * 1000;
}

const isStale = (tokens: Tokens, now: number) =>
  isExpired(tokens.accessToken, tokens.clockDrift, now) ||
  (tokens.idToken !== undefined && isExpired(tokens.idToken, tokens.clockDrift, now));

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
  if (tokens.signInDetails?.authFlowType === 'OAUTH_IMPLICIT') return import('./implicitRefresh.ts').then((module) => module.refuse(ctx));
  if (!tokens.refreshToken) {
    ctx.store.clear();
    ctx.events.emit({ type: 'signedOut' });
    return null;
  }
  // Refresh tokens of a remembered device only work with that device's key.
  const device = tokens.signInDetails ? ctx.store.loadDevice(tokens.signInDetails.loginId) : null;
  try {
    const output = await ctx.call('InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: ctx.config.userPoolClientId,
      AuthParameters: { REFRESH_TOKEN: tokens.refreshToken, ...(device ? { DEVICE_KEY: device.deviceKey } : {}) },
    });
    if (!output.AuthenticationResult) throw new AuthError('InvalidTokens', 'Invalid tokens.', 'Sign in again.');
    const next = tokensFromResult(ctx, output.AuthenticationResult, tokens);
    ctx.store.save(next);
    ctx.events.emit({ type: 'tokenRefreshed' });
    return next;
  } catch (error) {
    const authError =
      error instanceof AuthError ? error : new AuthError('Unknown', 'An unknown error has occurred.', undefined, { cause: error });
    // Offline is not a verdict on the session: keep the tokens for when the network returns.
    if (authError.name === 'NetworkError') throw authError;
    ctx.store.clear();
    ctx.events.emit({ type: 'tokenRefreshFailure', error: authError });
    ctx.events.emit({ type: 'signedOut' });
    if (authError.name === 'NotAuthorizedException') return null;
    throw authError;
  }
}

/**
 * How long a tab that refreshed keeps the cross-tab refresh lock after saving
 * (or clearing) the tokens. Chromium hands a Web Lock to another tab faster
 * than it copies localStorage there, and copies the keys one by one: without
 * this pause, the next tab to take the lock, whether it was waiting or came a
 * moment later, can read the tokens just replaced, or half of the new ones,
 * and refresh a second time. The tab's own callers get the new tokens at
 * once; only another tab's refresh waits (in a hidden tab, whose timers the
 * browser slows, up to a second or so).
 */
export const CROSS_TAB_SETTLE_MS = 300;

/**
 * Runs `task` holding the lock `name` and settles with its outcome at once,
 * then keeps the lock CROSS_TAB_SETTLE_MS longer when `linger()` says so
 * (the task asked the pool, so it may have saved or cleared tokens).
 */
function underLock<T>(ctx: ClientContext, locks: RefreshLocks, name: string, task: () => Promise<T>, linger: () => boolean): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    locks
      .request(name, async () => {
        try {
          resolve(await task());
        } catch (error) {
          reject(error);
        }
        if (linger()) await ctx.sleep(CROSS_TAB_SETTLE_MS);
      })
      .catch(reject);
  });
}

/** Whether these tokens need the refresh a caller came for: asked once outside the lock and again inside it. */
export type RefreshDue = (tokens: Tokens) => boolean;

/**
 * One refresh at a time across every tab of the origin (Web Locks), and one
 * per tab for concurrent callers (the shared promise). Whether a refresh is
 * due is asked again inside the lock, of tokens read there: another tab may
 * have refreshed meanwhile, and the tokens this tab read before the lock may
 * have been half-copied (localStorage reaches another tab key by key).
 */
function refreshOnce(ctx: ClientContext, due: RefreshDue): Promise<Tokens | null> {
  let refreshed = false;
  const run = async () => {
    const current = ctx.store.load();
    if (!current || !due(current)) return current;
    refreshed = true;
    return refresh(ctx, current);
  };
  const name = `cognito-refresh.${ctx.config.userPoolClientId}`;
  ctx.refreshing ??= (ctx.locks ? underLock(ctx, ctx.locks, name, run, () => refreshed) : run()).finally(() => {
    ctx.refreshing = undefined;
  });
  return ctx.refreshing;
}

/** The stored tokens, refreshed first when `due` says so (see refreshOnce); null when signed out. */
export async function refreshWhen(ctx: ClientContext, due: RefreshDue): Promise<Tokens | null> {
  const tokens = ctx.store.load();
  if (!tokens) return null;
  return due(tokens) ? refreshOnce(ctx, due) : tokens;
}

/**
 * The stored tokens, refreshed first when they have expired (allowing for
 * clock drift), or when forced unless another tab has refreshed them since.
 */
export async function currentTokens(ctx: ClientContext, options: { forceRefresh?: boolean } = {}): Promise<Tokens | null> {
  if (!options.forceRefresh) return refreshWhen(ctx, (tokens) => isStale(tokens, ctx.now()));
  const seen = ctx.store.load()?.accessToken.raw;
  return refreshWhen(ctx, (tokens) => tokens.accessToken.raw === seen);
}

/** The access token for a call that needs a signed-in user; UserUnAuthenticatedException otherwise. */
export async function requireAccessToken(ctx: ClientContext): Promise<string> {
  const tokens = await currentTokens(ctx);
  if (!tokens) throw userUnauthenticated();
  return tokens.accessToken.raw;
}

const isExpiredAccessToken = (error: unknown) =>
  error instanceof AuthError && error.name === 'NotAuthorizedException' && error.message === 'Access Token has expired';

/**
 * Calls an operation as the signed-in user. Should the pool say the access
 * token has expired although this browser's clock said otherwise (the pool's
 * clock moved), the tokens are refreshed and the call is made once more.
 */
export async function callAsUser<Op extends UserPoolOperation>(
  ctx: ClientContext,
  operation: Op,
  input: Omit<OperationInput<Op>, 'AccessToken'>,
): Promise<OperationOutput<Op>> {
  const attempt = (AccessToken: string) => ctx.call(operation, { ...input, AccessToken });
  try {
    return await attempt(await requireAccessToken(ctx));
  } catch (error) {
    if (!isExpiredAccessToken(error)) throw error;
    const fresh = await currentTokens(ctx, { forceRefresh: true });
    if (!fresh) throw userUnauthenticated();
    return attempt(fresh.accessToken.raw);
  }
}

/** The user of the stored session when its access token has not expired (allowing for clock drift); null otherwise. */
export function validStoredUser(store: TokenStore, now: number): AuthUser | null {
  const tokens = store.load();
  return tokens && !isExpired(tokens.accessToken, tokens.clockDrift, now) ? userFromTokens(tokens) : null;
}

/** The signed-in user from the stored tokens, without a network call. */
export function getCurrentUser(ctx: ClientContext): Promise<AuthUser> {
  const tokens = ctx.store.load();
  return tokens ? Promise.resolve(userFromTokens(tokens)) : Promise.reject(userUnauthenticated());
}
