import type { ClientContext } from './context.ts';
import { AuthError, userUnauthenticated } from './errors.ts';
import { decodeJwt, type Jwt } from './jwt.ts';
import type { SignInDetails, Tokens } from './tokenStore.ts';
import type { AuthUser } from './types.ts';
import type { OperationInput, OperationOutput, UserPoolOperation } from './userPoolOperations.ts';

/** A token counts as expired this long before it really is, so it never dies in flight. */
const EXPIRY_MARGIN_MS = 5_000;

export function isExpired(token: Jwt, clockDrift: number, now: number): boolean {
  const exp = token.payload.exp;
  return typeof exp !== 'number' || now + clockDrift + EXPIRY_MARGIN_MS > exp * 1000;
}

const isStale = (tokens: Tokens, now: number) =>
  isExpired(tokens.accessToken, tokens.clockDrift, now) || (tokens.idToken !== undefined && isExpired(tokens.idToken, tokens.clockDrift, now));

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
    const authError = error instanceof AuthError ? error : new AuthError('Unknown', 'An unknown error has occurred.', undefined, { cause: error });
    // Offline is not a verdict on the session: keep the tokens for when the network returns.
    if (authError.name === 'NetworkError') throw authError;
    ctx.store.clear();
    ctx.events.emit({ type: 'tokenRefreshFailure', error: authError });
    ctx.events.emit({ type: 'signedOut' });
    if (authError.name === 'NotAuthorizedException') return null;
    throw authError;
  }
}

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
  request<T>(name: string, options: { ifAvailable: true }, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

/**
 * How long a tab that waited for the refresh lock watches the store for the
 * tokens the holder saved. A lock is handed over between tabs faster than
 * localStorage is copied between them, so right after the hand-over the
 * store can still show the tokens the other tab has just replaced.
 */
export const CROSS_TAB_SETTLE_MS = 300;
const SETTLE_POLL_MS = 20;

/** The stored tokens once they differ from `seen`, or whatever is stored after `within` ms. */
async function storedChange(ctx: ClientContext, seen: Tokens, within: number): Promise<Tokens | null> {
  for (let waited = 0; waited < within; waited += SETTLE_POLL_MS) {
    const current = ctx.store.load();
    if (!current || current.accessToken.raw !== seen.accessToken.raw) return current;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
  }
  return ctx.store.load();
}

/**
 * One refresh at a time across every tab of the origin (Web Locks), and one
 * per tab for concurrent callers (the shared promise). Inside the lock the
 * tokens are read again: if another tab refreshed meanwhile, its tokens are
 * used. A tab that had to wait for the lock gives the other tab's tokens a
 * moment to arrive in its copy of the store before it concludes there are none.
 */
function refreshOnce(ctx: ClientContext, seen: Tokens, force: boolean): Promise<Tokens | null> {
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  const run = async (waited: boolean) => {
    const current = waited ? await storedChange(ctx, seen, CROSS_TAB_SETTLE_MS) : ctx.store.load();
    if (!current) return null;
    const refreshedElsewhere = current.accessToken.raw !== seen.accessToken.raw;
    if (refreshedElsewhere && (force || !isStale(current, ctx.now()))) return current;
    return refresh(ctx, current);
  };
  const name = `cognito-refresh.${ctx.config.userPoolClientId}`;
  const locked = (): Promise<Tokens | null> =>
    locks!.request(name, { ifAvailable: true }, (lock) => (lock ? run(false) : locks!.request(name, () => run(true))));
  ctx.refreshing ??= (locks ? locked() : run(false)).finally(() => {
    ctx.refreshing = undefined;
  });
  return ctx.refreshing;
}

/** The stored tokens, refreshed first when they have expired (allowing for clock drift) or when forced. */
export async function currentTokens(ctx: ClientContext, options: { forceRefresh?: boolean } = {}): Promise<Tokens | null> {
  const tokens = ctx.store.load();
  if (!tokens) return null;
  if (options.forceRefresh || isStale(tokens, ctx.now())) return refreshOnce(ctx, tokens, options.forceRefresh ?? false);
  return tokens;
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
  const attempt = (AccessToken: string) => ctx.call(operation, { ...input, AccessToken } as OperationInput<Op>);
  try {
    return await attempt(await requireAccessToken(ctx));
  } catch (error) {
    if (!isExpiredAccessToken(error)) throw error;
    const fresh = await currentTokens(ctx, { forceRefresh: true });
    if (!fresh) throw userUnauthenticated();
    return attempt(fresh.accessToken.raw);
  }
}

/** The signed-in user from the stored tokens, without a network call. */
export async function getCurrentUser(ctx: ClientContext): Promise<AuthUser> {
  const tokens = ctx.store.load();
  if (!tokens) throw userUnauthenticated();
  return userFromTokens(tokens);
}
