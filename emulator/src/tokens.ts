/**
 * Grants and the tokens minted from them. A grant is one sign-in; its refresh
 * token and every access and id token minted from it share its `origin_jti`,
 * so revoking the grant (RevokeToken, GlobalSignOut, DeleteUser) stops them all.
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { type Context, own } from './context.ts';
import { errors } from './errors.ts';
import { signJwt, verifyJwt } from './jwt.ts';
import type { AppClient, Grant, User, UserPool } from './state.ts';
import { openTokenSession, touchTokenSession } from './userSessions.ts';

export interface AuthenticationResult {
  AccessToken: string;
  ExpiresIn: number;
  TokenType: 'Bearer';
  IdToken: string;
  RefreshToken?: string;
  NewDeviceMetadata?: { DeviceKey: string; DeviceGroupKey: string };
}

const BOOLEAN_ATTRIBUTES = new Set(['email_verified', 'phone_number_verified']);

function idTokenAttributes(user: User): Record<string, unknown> {
  const claims: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(user.attributes)) {
    if (name === 'sub') continue;
    claims[name] = BOOLEAN_ATTRIBUTES.has(name) ? value === 'true' : value;
  }
  return claims;
}

function mintAccessAndId(
  ctx: Context,
  pool: UserPool,
  client: AppClient,
  user: User,
  grant: Grant,
  nonce?: string,
): Omit<AuthenticationResult, 'RefreshToken'> {
  const groups = user.groups && user.groups.length > 0 ? { 'cognito:groups': user.groups } : {};
  const iat = Math.floor(ctx.now() / 1000);
  const iss = ctx.issuer(pool.id);
  const eventId = randomUUID();
  const sub = user.attributes.sub ?? user.username;
  const access = {
    sub,
    ...groups,
    ...(grant.deviceKey ? { device_key: grant.deviceKey } : {}),
    iss,
    client_id: client.clientId,
    origin_jti: grant.originJti,
    event_id: eventId,
    token_use: 'access',
    scope: grant.scopes ? grant.scopes.join(' ') : USER_ADMIN_SCOPE,
    auth_time: grant.authTime,
    iat,
    exp: iat + client.accessTokenValidity,
    jti: randomUUID(),
    username: user.username,
  };
  const id = {
    sub,
    ...groups,
    aud: client.clientId,
    iss,
    'cognito:username': user.username,
    ...idTokenAttributes(user),
    ...(nonce === undefined ? {} : { nonce }),
    origin_jti: grant.originJti,
    event_id: eventId,
    token_use: 'id',
    auth_time: grant.authTime,
    iat,
    exp: iat + client.idTokenValidity,
    jti: randomUUID(),
  };
  return {
    AccessToken: signJwt(access, pool.signingKey),
    ExpiresIn: client.accessTokenValidity,
    TokenType: 'Bearer',
    IdToken: signJwt(id, pool.signingKey),
  };
}

// Cognito's refresh tokens are encrypted JWTs the client cannot read; ours have
// the same five-part shape and carry the grant id and a secret checked by hash.
const REFRESH_HEADER = Buffer.from('{"cty":"JWT","enc":"A256GCM","alg":"RSA-OAEP"}').toString('base64url');
const GRANT_ID_BYTES = 36;
const randomSegment = (bytes: number) => randomBytes(bytes).toString('base64url');
const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

function newRefreshToken(grant: Grant): string {
  const secret = randomSegment(384);
  grant.secrets.push({ hash: hashSecret(secret) });
  const grantSegment = Buffer.concat([Buffer.from(grant.originJti, 'utf8'), randomBytes(220)]).toString('base64url');
  return [REFRESH_HEADER, grantSegment, randomSegment(12), secret, randomSegment(16)].join('.');
}

/** The grant a refresh token belongs to and the entry of the secret it presented, or null when it is not ours. */
function readRefreshToken(pool: UserPool, token: string): { grant: Grant; secret: Grant['secrets'][number] } | null {
  const parts = token.split('.');
  if (parts.length !== 5) return null;
  const originJti = Buffer.from(parts[1]!, 'base64url').subarray(0, GRANT_ID_BYTES).toString('utf8');
  const grant = own(pool.grants, originJti);
  if (!grant) return null;
  const given = Buffer.from(hashSecret(parts[3]!), 'hex');
  const secret = grant.secrets.find((entry) => timingSafeEqual(Buffer.from(entry.hash, 'hex'), given));
  return secret ? { grant, secret } : null;
}

/** What a sign-in through the hosted UI adds to a grant: its scopes, and the nonce its id token repeats. */
export interface OAuthGrantOptions {
  scopes: string[];
  nonce?: string;
  /** when the user signed in at the hosted page (epoch seconds), which may be before the code was exchanged */
  authTime?: number;
}

/** A fresh sign-in: a new grant, and access, id and refresh tokens from it. */
export function issueTokens(
  ctx: Context,
  pool: UserPool,
  client: AppClient,
  user: User,
  deviceKey?: string,
  oauth?: OAuthGrantOptions,
): AuthenticationResult {
  const now = ctx.now();
  const grant: Grant = {
    originJti: randomUUID(),
    clientId: client.clientId,
    username: user.username,
    // The time of the sign-in itself, kept by every refresh of the grant (mintAccessAndId).
    authTime: oauth?.authTime ?? Math.floor(now / 1000),
    expiresAt: now + client.refreshTokenValidity * 1000,
    revoked: false,
    ...(deviceKey ? { deviceKey } : {}),
    secrets: [],
    ...(oauth ? { scopes: oauth.scopes } : {}),
  };
  openTokenSession(ctx, pool, grant, (old) => revoke(ctx, pool, old));
  pool.grants[grant.originJti] = grant;
  const refreshToken = newRefreshToken(grant);
  grantChanged(ctx, pool, grant);
  return { ...mintAccessAndId(ctx, pool, client, user, grant, oauth?.nonce), RefreshToken: refreshToken };
}

export interface RefreshRequest {
  refreshToken: string;
  deviceKey?: string;
  /** GetTokensFromRefreshToken with rotation on hands out a new refresh token. */
  rotate: boolean;
}

/** New access and id tokens from a refresh token (and, when rotating, a new refresh token). */
export function refreshTokens(
  ctx: Context,
  pool: UserPool,
  client: AppClient,
  request: RefreshRequest,
): AuthenticationResult | Omit<AuthenticationResult, 'RefreshToken'> {
  const found = readRefreshToken(pool, request.refreshToken);
  if (!found || found.grant.clientId !== client.clientId) throw errors.notAuthorized('Invalid Refresh Token');
  const { grant, secret } = found;
  if (grant.revoked) throw errors.notAuthorized('Refresh Token has been revoked');
  if (grant.expiresAt <= ctx.now()) throw errors.notAuthorized('Refresh Token has expired');
  const grace = client.refreshTokenRotation.retryGracePeriodSeconds * 1000;
  if (secret.retiredAt !== undefined && secret.retiredAt + grace <= ctx.now()) throw errors.notAuthorized('Invalid Refresh Token');
  // A refresh token issued to a device only works with that device's key.
  if (grant.deviceKey && grant.deviceKey !== request.deviceKey) throw errors.notAuthorized('Invalid Refresh Token');
  const user = own(pool.users, grant.username);
  if (!user) throw errors.notAuthorized('Invalid Refresh Token');
  if (!user.enabled) throw errors.notAuthorized('User is disabled.');
  // A forgotten device's refresh token refreshes no more (ForgetDevice leaves its access token be).
  if (grant.deviceKey && !own(user.devices, grant.deviceKey)) throw errors.notAuthorized('Invalid Refresh Token');
  const tokens = mintAccessAndId(ctx, pool, client, user, grant);
  touchTokenSession(ctx, grant);
  grantChanged(ctx, pool, grant);
  if (!request.rotate) return tokens;
  secret.retiredAt ??= ctx.now();
  // Secrets retired past their grace period answer as unknown ones do, so they need not be kept.
  grant.secrets = grant.secrets.filter((entry) => entry.retiredAt === undefined || entry.retiredAt + grace > ctx.now());
  const refreshToken = newRefreshToken(grant);
  grantChanged(ctx, pool, grant);
  return { ...tokens, RefreshToken: refreshToken };
}

/** The username a refresh token speaks for, for SECRET_HASH checks; undefined when it is not ours. */
export function refreshTokenOwner(pool: UserPool, token: string): string | undefined {
  return readRefreshToken(pool, token)?.grant.username;
}

export interface Authorized {
  pool: UserPool;
  user: User;
  claims: Record<string, unknown>;
}

/** The scope Cognito's self-service calls (GetUser, ChangePassword, …) require of an access token. */
export const USER_ADMIN_SCOPE = 'aws.cognito.signin.user.admin';

/**
 * The pool and user an access token speaks for, for a self-service call:
 * checked as {@link readAccessToken} does, and it must carry
 * `aws.cognito.signin.user.admin` (a hosted-UI token asked for with `openid`
 * alone does not), as Cognito requires.
 */
export function authorize(ctx: Context, accessToken: string): Authorized {
  const authorized = readAccessToken(ctx, accessToken);
  const scopes = typeof authorized.claims.scope === 'string' ? authorized.claims.scope.split(' ') : [];
  if (!scopes.includes(USER_ADMIN_SCOPE)) throw errors.notAuthorized('Access Token does not have required scopes');
  return authorized;
}

/** The pool and user an access token speaks for, after checking signature, expiry and revocation, whatever its scopes. */
export function readAccessToken(ctx: Context, accessToken: string): Authorized {
  for (const pool of Object.values(ctx.state.pools)) {
    const claims = verifyJwt(accessToken, pool.signingKey);
    if (!claims) continue;
    // The issuer's host is this server's, which may have changed port since a
    // restart; the signature already proves the token is this pool's.
    if (claims.token_use !== 'access' || !String(claims.iss).endsWith(`/${pool.id}`)) break;
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= ctx.now()) {
      throw errors.notAuthorized('Access Token has expired');
    }
    const grant = typeof claims.origin_jti === 'string' ? own(pool.grants, claims.origin_jti) : undefined;
    if (!grant || grant.revoked) throw errors.notAuthorized('Access Token has been revoked');
    const user = typeof claims.username === 'string' ? own(pool.users, claims.username) : undefined;
    if (!user) throw errors.notAuthorized('User does not exist.');
    if (!user.enabled) throw errors.notAuthorized('User is disabled.');
    return { pool, user, claims };
  }
  throw errors.notAuthorized('Invalid Access Token');
}

/** RevokeToken: the refresh token and every token minted from it stop working. */
export function revokeRefreshToken(ctx: Context, pool: UserPool, client: AppClient, token: string): void {
  if (token.split('.').length === 3) throw errors.unsupportedTokenType();
  if (!client.enableTokenRevocation) throw errors.unsupportedOperation('Token revocation is not enabled for this client.');
  const found = readRefreshToken(pool, token);
  // An unknown or already revoked token is not an error: revocation is idempotent.
  if (!found) return;
  if (found.grant.clientId !== client.clientId) throw errors.unauthorized('The token was not issued to this client.');
  revoke(ctx, pool, found.grant);
}

/** Ends one grant: its refresh token and the access and id tokens minted from it (RevokeUserSession, an evicted session). */
export function revoke(ctx: Context, pool: UserPool, grant: Grant): void {
  if (grant.revoked) return;
  grant.revoked = true;
  grant.revokedAt = ctx.now();
  grantChanged(ctx, pool, grant);
}

/** GlobalSignOut, DeleteUser, AdminUserGlobalSignOut: every grant of the user ends. */
export function revokeAllGrants(ctx: Context, pool: UserPool, username: string, deviceKey?: string): void {
  for (const grant of Object.values(pool.grants)) {
    if (grant.username === username && (deviceKey === undefined || grant.deviceKey === deviceKey)) revoke(ctx, pool, grant);
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Drops grants none of whose tokens can still be used: a day after the
 * refresh token expired, or a day after revocation (access and id tokens
 * live a day at most, and answer "revoked" without their grant too; a pruned
 * grant's refresh token answers "Invalid Refresh Token").
 */
export function pruneGrants(ctx: Context, pool: UserPool, now: number): void {
  for (const [id, grant] of Object.entries(pool.grants)) {
    const spent = grant.expiresAt + DAY_MS < now || (grant.revoked && (grant.revokedAt ?? 0) + DAY_MS < now);
    if (!spent) continue;
    delete pool.grants[id];
    grantChanged(ctx, pool, grant);
  }
}

function grantChanged(ctx: Context, pool: UserPool, grant: Grant): void {
  ctx.changed({ kind: 'grants', poolId: pool.id, key: grant.originJti });
}
