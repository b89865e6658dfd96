/**
 * Token sessions, as Cognito's user-session API shows them (ListUserSessions
 * and the rest): each grant (one sign-in, see tokens.ts) is one session, with
 * a `tkn…` id, the time of its sign-in, its last refresh or rotation and the
 * browser and system it was last used from. Revoking a session revokes its
 * grant, so its refresh token and every access token minted from it stop.
 * The hosted UI's own sign-in (its cookie) is not listed as an SSO session.
 * Grants made while the pool does not track sessions are none.
 */
import { randomInt } from 'node:crypto';
import type { Context } from './context.ts';
import { CognitoError } from './errors.ts';
import type { Grant, SessionTracking, UserPool } from './state.ts';

export const DEFAULT_MAX_SESSIONS_PER_USER = 20;
/** Cognito's answer holds every session in one page of up to this many. */
export const SESSION_PAGE_SIZE = 125;
/** SetUserPoolClientSessionConfiguration's default and bounds, in minutes. */
export const DEFAULT_SSO_MAX_VALIDITY_MINUTES = 60;
export const MAX_SSO_MAX_VALIDITY_MINUTES = 129_600;

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** `tkn` or `sso` and 25 lowercase letters and digits: 28 characters. */
export const SESSION_ID = /^(tkn|sso)[a-z0-9]{25}$/;

export function newSessionId(): string {
  let id = 'tkn';
  for (let i = 0; i < 25; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

export const trackingOf = (pool: UserPool): SessionTracking =>
  pool.sessionTracking ?? { enabled: false, maxPerUser: DEFAULT_MAX_SESSIONS_PER_USER };

export const trackingOff = () => new CognitoError('OperationNotEnabledException', 'Session tracking is not enabled for this user pool.');

/** A grant that is still a session: a session id, not revoked, refresh token not expired. */
export const isActive = (grant: Grant, now: number): grant is Grant & { session: NonNullable<Grant['session']> } =>
  grant.session !== undefined && !grant.revoked && grant.expiresAt > now;

/** The user's active sessions, the most recently active first. */
export function activeSessions(pool: UserPool, username: string, now: number) {
  return Object.values(pool.grants)
    .filter((grant) => grant.username === username)
    .filter((grant) => isActive(grant, now))
    .sort((a, b) => b.session.lastActiveAt - a.session.lastActiveAt);
}

/**
 * Browser and system as "Chrome 125 / macOS 15.0", the form Cognito's
 * examples show; `unknown` when the User-Agent names no browser we know
 * (an SDK outside a browser, curl).
 */
export function deviceTypeOf(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser =
    match(ua, /Edg\/(\d+)/, 'Edge') ??
    match(ua, /OPR\/(\d+)/, 'Opera') ??
    match(ua, /Firefox\/(\d+)/, 'Firefox') ??
    match(ua, /(?:Headless)?Chrom(?:e|ium)\/(\d+)/, 'Chrome') ??
    match(ua, /Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari');
  if (!browser) return 'unknown';
  const system =
    match(ua, /Windows NT 10/, 'Windows') ??
    match(ua, /Android (\d+)/, 'Android') ??
    match(ua, /(?:iPhone|iPad); CPU (?:iPhone )?OS (\d+)/, 'iOS') ??
    match(ua, /Mac OS X (\d+[_.]\d+)/, 'macOS') ??
    match(ua, /CrOS/, 'ChromeOS') ??
    match(ua, /Linux/, 'Linux');
  return system ? `${browser} / ${system}` : browser;
}

function match(text: string, pattern: RegExp, name: string): string | undefined {
  const found = pattern.exec(text);
  if (!found) return undefined;
  return found[1] ? `${name} ${found[1].replace('_', '.')}` : name;
}

/**
 * A new session for a grant just made, where the pool tracks sessions (a
 * grant made while tracking is off is no session); beyond the pool's cap,
 * the user's least recently used sessions are ended first.
 */
export function openTokenSession(ctx: Context, pool: UserPool, grant: Grant, revoke: (grant: Grant) => void): void {
  const now = ctx.now();
  const tracking = trackingOf(pool);
  if (!tracking.enabled) return;
  const sessions = activeSessions(pool, grant.username, now);
  // Lowering the cap does not end sessions by itself; the next sign-in brings the user back within it.
  for (const old of sessions.slice(Math.max(0, tracking.maxPerUser - 1))) revoke(old);
  grant.session = { id: newSessionId(), lastActiveAt: now, deviceType: deviceTypeOf(ctx.userAgent) };
}

/** A refresh or rotation: the session was active now, from this browser. */
export function touchTokenSession(ctx: Context, grant: Grant): void {
  if (!grant.session) return;
  grant.session.lastActiveAt = ctx.now();
  grant.session.deviceType = deviceTypeOf(ctx.userAgent);
}
