/**
 * Verification codes: made here, "sent" to the outbox (where tests and the
 * mailbox page read them), checked with Cognito's errors, and rationed.
 */
import { randomInt } from 'node:crypto';
import { type Context, userChanged } from './context.ts';
import { errors } from './errors.ts';
import { appendMail } from './journal.ts';
import { announce } from './srp.ts';
import type { CodeKind, CodePurpose, OutboxMessage, PendingCode, User, UserPool } from './state.ts';

const HOUR_MS = 60 * 60 * 1000;

export const CODE_TTL_MS = {
  signUp: 24 * HOUR_MS,
  forgotPassword: HOUR_MS,
  attribute: 24 * HOUR_MS,
} as const;

/** Codes one user may be sent per rolling hour before LimitExceededException. */
export const CODE_REQUESTS_PER_HOUR = 5;
/** Wrong answers one code takes before it stops accepting any. */
export const WRONG_CODES_ALLOWED = 5;
export const sixDigits = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Puts a message in the outbox as the pool's e-mail or SMS sender would have sent it. */
export function deliver(ctx: Context, to: string, kind: CodeKind, code: string): void {
  const message: OutboxMessage = { to, kind, code, at: new Date(ctx.now()).toISOString() };
  announce('delivery');
  appendMail(ctx.state.outbox, message);
  ctx.changed({ kind: 'mail', message });
}

/**
 * The work of {@link deliver} for a code that goes nowhere (a name that is no
 * user, an address that is not verified): the message is made and written
 * out as the journal would write it, then dropped, so such a start costs what
 * a user's does.
 */
export function simulateDelivery(ctx: Context, to: string, kind: CodeKind, code: string): void {
  const message: OutboxMessage = { to, kind, code, at: new Date(ctx.now()).toISOString() };
  announce('delivery');
  JSON.stringify({ kind: 'mail', message });
}

export function newPendingCode(ctx: Context, ttlMs: number): PendingCode {
  return { code: sixDigits(), expiresAt: ctx.now() + ttlMs, failedAttempts: 0 };
}

/** The span over which code requests are rationed. */
export const RATIONING_MS = HOUR_MS;

const recentRequests = (ctx: Context, requests: number[]) => requests.filter((at) => at > ctx.now() - RATIONING_MS);

/** Refuses a request for yet another code when the user (or the decoy of a name that is none) had too many lately. */
export function rationCodes(ctx: Context, holder: { codeRequests: number[] }): void {
  if (recentRequests(ctx, holder.codeRequests).length >= CODE_REQUESTS_PER_HOUR) throw errors.limitExceeded();
}

/** Counts a code sent now; the caller reports the change to the holder. */
export function countCodeRequest(ctx: Context, holder: { codeRequests: number[] }): void {
  holder.codeRequests = [...recentRequests(ctx, holder.codeRequests), ctx.now()];
}

/** Makes a code for `purpose`, replacing any earlier one, and sends it to `to`. */
export function sendCode(
  ctx: Context,
  pool: UserPool,
  user: User,
  purpose: CodePurpose,
  to: string,
  kind: CodeKind,
  ttlMs: number,
): PendingCode {
  const pending = newPendingCode(ctx, ttlMs);
  user.codes[purpose] = pending;
  countCodeRequest(ctx, user);
  userChanged(ctx, pool, user);
  deliver(ctx, to, kind, pending.code);
  return pending;
}

/**
 * Checks a code the way Cognito answers: a wrong one is a mismatch (and
 * counts), a right one past its time is expired, and after too many wrong
 * ones the code accepts nothing until a new one is requested. The caller
 * reports the change to whatever holds `pending`.
 */
export function checkCode(ctx: Context, pending: PendingCode | undefined, given: string, mismatchMessage?: string): void {
  if (!pending) throw errors.expiredCode();
  if (pending.failedAttempts >= WRONG_CODES_ALLOWED) throw errors.limitExceeded();
  if (pending.code !== given) {
    pending.failedAttempts += 1;
    throw errors.codeMismatch(mismatchMessage);
  }
  if (pending.expiresAt <= ctx.now()) throw errors.expiredCode();
}

/** Checks and, when right, uses up the user's code for `purpose`; a wrong one counts, and that lasts too. */
export function consumeCode(ctx: Context, pool: UserPool, user: User, purpose: CodePurpose, given: string): void {
  userChanged(ctx, pool, user);
  checkCode(ctx, user.codes[purpose], given);
  delete user.codes[purpose];
}
