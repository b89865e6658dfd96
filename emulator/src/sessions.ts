/**
 * Sign-in sessions: the opaque `Session` string Cognito hands out with each
 * challenge. Each step gets a fresh one, valid for the app client's
 * AuthSessionValidity (three minutes by default) on the emulator's clock.
 */
import { randomBytes } from 'node:crypto';
import type { Context } from './context.ts';
import { SESSION_EXPIRED, errors } from './errors.ts';
import type { AuthSession, ChallengeName, SignInProgress } from './state.ts';

export function openSession(
  ctx: Context,
  challenge: ChallengeName,
  progress: SignInProgress,
  parameters: Record<string, string>,
  extra: Partial<Pick<AuthSession, 'code' | 'totp' | 'wrongAnswers'>> = {},
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

/** Drops expired sessions and handshakes so the maps do not grow without end. */
export function pruneSessions(ctx: Context): void {
  const now = ctx.now();
  for (const [token, session] of ctx.runtime.sessions) if (session.expiresAt <= now) ctx.runtime.sessions.delete(token);
  for (const [block, pending] of ctx.runtime.srp) if (pending.expiresAt <= now) ctx.runtime.srp.delete(block);
}
