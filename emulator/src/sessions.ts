/**
 * Sign-in sessions: the opaque `Session` string Cognito hands out with each
 * challenge. Each step gets a fresh one, valid for the app client's
 * AuthSessionValidity (three minutes by default) on the emulator's clock.
 */
import { randomBytes } from 'node:crypto';
import type { Context } from './context.ts';
import { SESSION_EXPIRED, errors } from './errors.ts';
import type { AppClient, AuthSession, SessionExtra, ChallengeName, SignInProgress, SignUpSession, User, UserPool } from './state.ts';

export function openSession(
  ctx: Context,
  challenge: ChallengeName,
  progress: SignInProgress,
  parameters: Record<string, string>,
  extra: SessionExtra = {},
): string {
  const client = ctx.state.pools[progress.poolId]?.clients[progress.clientId];
  const ttlMs = (client?.authSessionValidity ?? 180) * 1000;
  const token = randomBytes(384).toString('base64');
  ctx.runtime.sessions.set(token, { challenge, parameters, progress, expiresAt: ctx.now() + ttlMs, wrongAnswers: 0, ...extra });
  return token;
}

/**
 * The session a challenge answer names. It must exist, belong to this
 * client (when the call names one), be waiting for this challenge and not
 * have expired; every other case is Cognito's "session is expired".
 */
export function takeSession(
  ctx: Context,
  token: string | undefined,
  clientId: string | undefined,
  challenges: ChallengeName[],
): AuthSession {
  const session = token === undefined ? undefined : ctx.runtime.sessions.get(token);
  const otherClient = clientId !== undefined && session?.progress.clientId !== clientId;
  if (!session || otherClient || !challenges.includes(session.challenge)) {
    throw errors.notAuthorized(SESSION_EXPIRED);
  }
  if (session.expiresAt <= ctx.now()) {
    ctx.runtime.sessions.delete(token!);
    throw errors.notAuthorized(SESSION_EXPIRED);
  }
  return session;
}

export function closeSession(ctx: Context, token: string | undefined): void {
  if (token !== undefined) ctx.runtime.sessions.delete(token);
}

/**
 * A sign-up session, for a client that may sign users in with USER_AUTH
 * (Cognito hands one out only then). It lives as long as a sign-in session.
 */
export function openSignUpSession(
  ctx: Context,
  pool: UserPool,
  client: AppClient,
  user: User,
  stage: SignUpSession['stage'],
): string | undefined {
  if (!client.explicitAuthFlows.includes('ALLOW_USER_AUTH')) return undefined;
  const token = randomBytes(384).toString('base64');
  const expiresAt = ctx.now() + client.authSessionValidity * 1000;
  ctx.runtime.signUpSessions.set(token, { poolId: pool.id, clientId: client.clientId, username: user.username, stage, expiresAt });
  return token;
}

/**
 * Checks the sign-up session a call names: it must be this user's, from this
 * client, at this stage and not expired; anything else is Cognito's "session
 * is expired". Checking leaves it in place (a wrong confirmation code does not
 * use it up); {@link closeSignUpSession} ends it once the call succeeds.
 */
export function checkSignUpSession(ctx: Context, token: string, client: AppClient, user: User, stage: SignUpSession['stage']): void {
  const session = ctx.runtime.signUpSessions.get(token);
  const matches = session?.clientId === client.clientId && session.username === user.username && session.stage === stage;
  if (!session || !matches || session.expiresAt <= ctx.now()) throw errors.notAuthorized(SESSION_EXPIRED);
}

export function closeSignUpSession(ctx: Context, token: string | undefined): void {
  if (token !== undefined) ctx.runtime.signUpSessions.delete(token);
}

/** Drops expired sessions and handshakes so the maps do not grow without end. */
export function pruneSessions(ctx: Context): void {
  const now = ctx.now();
  for (const [token, session] of ctx.runtime.sessions) if (session.expiresAt <= now) ctx.runtime.sessions.delete(token);
  for (const [token, session] of ctx.runtime.signUpSessions) if (session.expiresAt <= now) ctx.runtime.signUpSessions.delete(token);
  for (const [block, pending] of ctx.runtime.srp) if (pending.expiresAt <= now) ctx.runtime.srp.delete(block);
  for (const [key, pending] of ctx.runtime.webAuthnRegistrations)
    if (pending.expiresAt <= now) ctx.runtime.webAuthnRegistrations.delete(key);
}
