import { randomBytes, randomUUID } from 'node:crypto';
import { type Context, clientById } from './context.ts';
import { errors } from './errors.ts';
import { signJwt, verifyJwt } from './jwt.ts';
import type { AppClient, User, UserPool } from './state.ts';

export interface AuthenticationResult {
  AccessToken: string;
  ExpiresIn: number;
  TokenType: 'Bearer';
  IdToken: string;
  RefreshToken?: string;
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

interface Grant {
  pool: UserPool;
  client: AppClient;
  user: User;
  originJti: string;
  authTime: number;
}

function mintAccessAndId(ctx: Context, grant: Grant): Omit<AuthenticationResult, 'RefreshToken'> {
  const { pool, client, user, originJti, authTime } = grant;
  const iat = Math.floor(ctx.now() / 1000);
  const iss = ctx.issuer(pool.id);
  const eventId = randomUUID();
  const sub = user.attributes.sub ?? user.username;
  const access = {
    sub,
    iss,
    client_id: client.clientId,
    origin_jti: originJti,
    event_id: eventId,
    token_use: 'access',
    scope: 'aws.cognito.signin.user.admin',
    auth_time: authTime,
    iat,
    exp: iat + client.accessTokenValidity,
    jti: randomUUID(),
    username: user.username,
  };
  const id = {
    sub,
    aud: client.clientId,
    iss,
    'cognito:username': user.username,
    ...idTokenAttributes(user),
    origin_jti: originJti,
    event_id: eventId,
    token_use: 'id',
    auth_time: authTime,
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

// Cognito's refresh tokens are encrypted JWTs the client cannot read; ours are
// random segments of the same five-part shape, looked up server side.
const REFRESH_HEADER = Buffer.from('{"cty":"JWT","enc":"A256GCM","alg":"RSA-OAEP"}').toString('base64url');
const randomSegment = (bytes: number) => randomBytes(bytes).toString('base64url');

/** A fresh sign-in: access, id and a new refresh token. */
export function issueTokens(ctx: Context, pool: UserPool, client: AppClient, user: User): AuthenticationResult {
  const now = ctx.now();
  const authTime = Math.floor(now / 1000);
  const originJti = randomUUID();
  const refreshToken = [REFRESH_HEADER, randomSegment(256), randomSegment(12), randomSegment(512), randomSegment(16)].join('.');
  pool.refreshTokens[refreshToken] = {
    clientId: client.clientId,
    username: user.username,
    originJti,
    authTime,
    expiresAt: now + client.refreshTokenValidity * 1000,
    revoked: false,
  };
  ctx.changed();
  return { ...mintAccessAndId(ctx, { pool, client, user, originJti, authTime }), RefreshToken: refreshToken };
}

/** REFRESH_TOKEN_AUTH: new access and id tokens, no new refresh token. */
export function refreshTokens(ctx: Context, pool: UserPool, client: AppClient, refreshToken: string) {
  const record = pool.refreshTokens[refreshToken];
  if (!record || record.clientId !== client.clientId) throw errors.notAuthorized('Invalid Refresh Token');
  if (record.revoked || pool.revokedOrigins.includes(record.originJti)) {
    throw errors.notAuthorized('Refresh Token has been revoked');
  }
  if (record.expiresAt <= ctx.now()) throw errors.notAuthorized('Refresh Token has expired');
  const user = pool.users[record.username];
  if (!user) throw errors.notAuthorized('Invalid Refresh Token');
  if (!user.enabled) throw errors.notAuthorized('User is disabled.');
  return mintAccessAndId(ctx, { pool, client, user, originJti: record.originJti, authTime: record.authTime });
}

/** The pool and user an access token speaks for, after checking signature, expiry and revocation. */
export function authorize(ctx: Context, accessToken: string): { pool: UserPool; user: User; claims: Record<string, unknown> } {
  for (const pool of Object.values(ctx.state.pools)) {
    const claims = verifyJwt(accessToken, pool.signingKey);
    if (!claims) continue;
    if (claims.token_use !== 'access' || claims.iss !== ctx.issuer(pool.id)) break;
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= ctx.now()) {
      throw errors.notAuthorized('Access Token has expired');
    }
    if (typeof claims.origin_jti === 'string' && pool.revokedOrigins.includes(claims.origin_jti)) {
      throw errors.notAuthorized('Access Token has been revoked');
    }
    const user = typeof claims.username === 'string' ? pool.users[claims.username] : undefined;
    if (!user) throw errors.notAuthorized('User does not exist.');
    if (!user.enabled) throw errors.notAuthorized('User is disabled.');
    return { pool, user, claims };
  }
  throw errors.notAuthorized('Invalid Access Token');
}

/** RevokeToken: the refresh token and every token minted from it stop working. */
export function revokeRefreshToken(ctx: Context, clientId: string, token: string): void {
  const { pool, client } = clientById(ctx, clientId);
  if (token.split('.').length === 3) throw errors.unsupportedTokenType();
  const record = pool.refreshTokens[token];
  // An unknown or already revoked token is not an error: revocation is idempotent.
  if (!record) return;
  if (record.clientId !== client.clientId) {
    throw errors.invalidParameter('The token was not issued to this client.');
  }
  record.revoked = true;
  if (!pool.revokedOrigins.includes(record.originJti)) pool.revokedOrigins.push(record.originJti);
  ctx.changed();
}
