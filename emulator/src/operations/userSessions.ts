/**
 * The user-session API: a user's own sessions by access token
 * (ListUserSessions, RevokeUserSession), anyone's as an administrator
 * (AdminListUserSessions, AdminRevokeUserSession), and the pool's and app
 * clients' session settings. See userSessions.ts for what a session is here.
 */
import { type Context, type Handler, apiDate, own, userByName } from '../context.ts';
import { errors } from '../errors.ts';
import {
  type Input,
  USERNAME_RULE,
  optionalEnum,
  optionalInteger,
  optionalString,
  optionalStructure,
  requiredEnum,
  requiredString,
} from '../input.ts';
import type { AppClient, Grant, UserPool } from '../state.ts';
import { authorize, revoke } from '../tokens.ts';
import {
  DEFAULT_SSO_MAX_VALIDITY_MINUTES,
  MAX_SSO_MAX_VALIDITY_MINUTES,
  SESSION_ID,
  SESSION_PAGE_SIZE,
  activeSessions,
  trackingOf,
  trackingOff,
} from '../userSessions.ts';
import { poolFrom } from './admin.ts';

const PAGE_TOKEN = /^sessions-(\d+)$/;

function describe(grant: Grant & { session: NonNullable<Grant['session']> }, currentOriginJti: string | undefined) {
  return {
    SessionId: grant.session.id,
    SessionType: 'TOKEN',
    ClientId: grant.clientId,
    CreateDate: apiDate(grant.authTime * 1000),
    LastActiveDate: apiDate(grant.session.lastActiveAt),
    DeviceType: grant.session.deviceType,
    IsCurrentSession: grant.originJti === currentOriginJti,
  };
}

function listPage(input: Input, ctx: Context, pool: UserPool, username: string, currentOriginJti?: string) {
  if (!trackingOf(pool).enabled) throw trackingOff();
  const token = optionalString(input, 'NextToken', { min: 1, max: 131_072 });
  const match = token === undefined ? null : PAGE_TOKEN.exec(Buffer.from(token, 'base64url').toString('utf8'));
  if (token !== undefined && !match) throw errors.invalidParameter('Invalid NextToken.');
  const offset = match ? Number(match[1]) : 0;
  const sessions = activeSessions(pool, username, ctx.now());
  const page = sessions.slice(offset, offset + SESSION_PAGE_SIZE);
  const next = offset + page.length;
  return {
    Sessions: page.map((grant) => describe(grant, currentOriginJti)),
    ...(next < sessions.length ? { NextToken: Buffer.from(`sessions-${next}`).toString('base64url') } : {}),
  };
}

/** The session a revocation names, which must be an active one of this user; anything else is not found, whoever owns it. */
function sessionToRevoke(input: Input, ctx: Context, pool: UserPool, username: string) {
  if (!trackingOf(pool).enabled) throw trackingOff();
  const sessionId = requiredString(input, 'SessionId', { min: 1 });
  if (!SESSION_ID.test(sessionId)) {
    throw errors.invalidParameter('SessionId must be tkn or sso followed by 25 lowercase letters and digits.');
  }
  // LINKED also ends the SSO session a token session came through; the pool tracks none, so both end the one session.
  optionalEnum(input, 'RevokeAssociatedSessions', ['NONE', 'LINKED'] as const);
  const grant = activeSessions(pool, username, ctx.now()).find((candidate) => candidate.session.id === sessionId);
  if (!grant) throw errors.resourceNotFound('Session not found.');
  return grant;
}

export const ListUserSessions: Handler = (input, ctx) => {
  const { pool, user, claims } = authorize(ctx, requiredString(input, 'AccessToken'));
  return listPage(input, ctx, pool, user.username, String(claims.origin_jti));
};

export const RevokeUserSession: Handler = (input, ctx) => {
  const { pool, user, claims } = authorize(ctx, requiredString(input, 'AccessToken'));
  const grant = sessionToRevoke(input, ctx, pool, user.username);
  if (grant.originJti === claims.origin_jti) {
    throw errors.invalidParameter(
      "The session of the access token can't be revoked with RevokeUserSession; use GlobalSignOut or RevokeToken.",
    );
  }
  revoke(ctx, pool, grant);
  return {};
};

export const AdminListUserSessions: Handler = (input, ctx) => {
  const pool = poolFrom(input, ctx);
  const user = userByName(pool, requiredString(input, 'Username', USERNAME_RULE));
  return listPage(input, ctx, pool, user.username);
};

export const AdminRevokeUserSession: Handler = (input, ctx) => {
  const pool = poolFrom(input, ctx);
  const user = userByName(pool, requiredString(input, 'Username', USERNAME_RULE));
  revoke(ctx, pool, sessionToRevoke(input, ctx, pool, user.username));
  return {};
};

function poolSessionConfiguration(pool: UserPool) {
  const tracking = trackingOf(pool);
  return {
    UserPoolId: pool.id,
    UserSessionTracking: tracking.enabled ? 'ENABLED' : 'DISABLED',
    TokenSession: { MaxPerUser: tracking.maxPerUser },
  };
}

export const GetUserPoolSessionConfiguration: Handler = (input, ctx) => poolSessionConfiguration(poolFrom(input, ctx));

export const SetUserPoolSessionConfiguration: Handler = (input, ctx) => {
  const pool = poolFrom(input, ctx);
  // A full replacement: every parameter is required.
  const tracking = requiredEnum(input, 'UserSessionTracking', ['ENABLED', 'DISABLED'] as const);
  const tokenSession = optionalStructure(input, 'TokenSession');
  if (!tokenSession) throw errors.invalidParameter('TokenSession is required.');
  const maxPerUser = optionalInteger(tokenSession, 'MaxPerUser', { min: 1, max: 100 });
  if (maxPerUser === undefined) throw errors.invalidParameter('TokenSession.MaxPerUser is required.');
  pool.sessionTracking = { enabled: tracking === 'ENABLED', maxPerUser };
  pool.modifiedAt = ctx.now();
  ctx.changed({ kind: 'pool', poolId: pool.id });
  return poolSessionConfiguration(pool);
};

function clientFrom(input: Input, ctx: Context): { pool: UserPool; client: AppClient } {
  const pool = poolFrom(input, ctx);
  const clientId = requiredString(input, 'ClientId', { min: 1, max: 128 });
  const client = own(pool.clients, clientId);
  if (!client) throw errors.resourceNotFound(`User pool client ${clientId} does not exist.`);
  return { pool, client };
}

const clientSessionConfiguration = (pool: UserPool, client: AppClient) => ({
  UserPoolId: pool.id,
  ClientId: client.clientId,
  SSOSession: { MaxValidityMinutes: client.ssoSessionMaxValidityMinutes ?? DEFAULT_SSO_MAX_VALIDITY_MINUTES },
});

export const GetUserPoolClientSessionConfiguration: Handler = (input, ctx) => {
  const { pool, client } = clientFrom(input, ctx);
  return clientSessionConfiguration(pool, client);
};

export const SetUserPoolClientSessionConfiguration: Handler = (input, ctx) => {
  const { pool, client } = clientFrom(input, ctx);
  const sso = optionalStructure(input, 'SSOSession');
  if (!sso) throw errors.invalidParameter('SSOSession is required.');
  const minutes = optionalInteger(sso, 'MaxValidityMinutes', { min: 0, max: MAX_SSO_MAX_VALIDITY_MINUTES });
  if (minutes === undefined) throw errors.invalidParameter('SSOSession.MaxValidityMinutes is required.');
  if (!trackingOf(pool).enabled) throw errors.invalidParameter('Session tracking must be enabled for the user pool first.');
  client.ssoSessionMaxValidityMinutes = minutes;
  client.modifiedAt = ctx.now();
  ctx.changed({ kind: 'clients', poolId: pool.id, key: client.clientId });
  return clientSessionConfiguration(pool, client);
};
