/**
 * Authenticator apps: AssociateSoftwareToken and VerifySoftwareToken, either
 * for a signed-in user (AccessToken) or in the middle of a sign-in that must
 * set up MFA (the MFA_SETUP challenge's Session); and SetUserMFAPreference.
 */
import { type Context, type Handler, own } from '../context.ts';
import { errors } from '../errors.ts';
import { type Input, optionalString, requiredString } from '../input.ts';
import { applyMfaPreference } from '../mfa.ts';
import { closeSession, openSession, takeSession } from '../sessions.ts';
import type { AuthSession, User, UserPool } from '../state.ts';
import { authorize } from '../tokens.ts';
import { matchingStep, newTotpSecret } from '../totp.ts';
import { touch } from '../users.ts';

type Caller =
  { kind: 'token'; pool: UserPool; user: User } | { kind: 'session'; pool: UserPool; user: User; session: AuthSession; token: string };

function caller(input: Input, ctx: Context): Caller {
  const accessToken = optionalString(input, 'AccessToken', { min: 1 });
  const token = optionalString(input, 'Session', { min: 20, max: 2048 });
  if (accessToken !== undefined) return { kind: 'token', ...authorize(ctx, accessToken) };
  if (token === undefined) throw errors.invalidParameter('Either AccessToken or Session must be given.');
  const session = takeSession(ctx, token, undefined, ['MFA_SETUP']);
  const pool = own(ctx.state.pools, session.progress.poolId);
  const user = pool && session.progress.username ? own(pool.users, session.progress.username) : undefined;
  if (!pool || !user) throw errors.notAuthorized('Invalid session for the user, session is expired.');
  return { kind: 'session', pool, user, session, token };
}

/** The MFA_SETUP session moves on with each call: the old one is spent, a new one carries the secret. */
function nextSession(ctx: Context, from: Extract<Caller, { kind: 'session' }>, totp: AuthSession['totp']): string {
  closeSession(ctx, from.token);
  return openSession(ctx, 'MFA_SETUP', from.session.progress, from.session.parameters, { ...(totp ? { totp } : {}) });
}

export const AssociateSoftwareToken: Handler = (input, ctx) => {
  const who = caller(input, ctx);
  const secret = newTotpSecret();
  who.user.pendingTotpSecret = secret;
  touch(ctx, who.pool, who.user);
  if (who.kind === 'token') return { SecretCode: secret };
  return { SecretCode: secret, Session: nextSession(ctx, who, { secret, verified: false }) };
};

export const VerifySoftwareToken: Handler = (input, ctx) => {
  const code = requiredString(input, 'UserCode', { min: 6, max: 6 });
  const friendlyName = optionalString(input, 'FriendlyDeviceName', { max: 131072 });
  const who = caller(input, ctx);
  const { pool, user } = who;
  const secret = who.kind === 'session' ? who.session.totp?.secret : user.pendingTotpSecret;
  if (!secret) throw errors.softwareTokenMfaNotFound('No software token has been associated with the user.');
  const step = matchingStep(secret, code, ctx.now(), user.totp?.secret === secret ? user.totp.lastUsedStep : -1);
  if (step === null) throw errors.enableSoftwareTokenMfa();
  user.totp = { secret, lastUsedStep: step, ...(friendlyName ? { friendlyName } : {}) };
  delete user.pendingTotpSecret;
  if (who.kind === 'token') {
    touch(ctx, pool, user);
    return { Status: 'SUCCESS' };
  }
  // A user made to set up MFA at sign-in has it on from now on.
  user.mfa = { ...user.mfa, totp: true, preferred: user.mfa.preferred ?? 'SOFTWARE_TOKEN_MFA' };
  touch(ctx, pool, user);
  return { Status: 'SUCCESS', Session: nextSession(ctx, who, { secret, verified: true }) };
};

export const SetUserMFAPreference: Handler = (input, ctx) => {
  const { pool, user } = authorize(ctx, requiredString(input, 'AccessToken'));
  applyMfaPreference(ctx, pool, user, input);
  return {};
};
