/**
 * Failed sign-ins. After five wrong passwords in a row the account is locked
 * for a minute, doubling with each further failure up to fifteen minutes;
 * while locked every attempt, right or wrong, is refused with Cognito's
 * "Password attempts exceeded". Names that are not users are counted too, on
 * their decoys (decoys.ts), so a lockout cannot tell which accounts exist. The
 * custom challenge's wrong answers are counted the same way, apart.
 */
import type { Context } from './context.ts';
import { PASSWORD_ATTEMPTS_EXCEEDED, errors } from './errors.ts';
import type { Lockout } from './state.ts';

export const FAILURES_BEFORE_LOCKOUT = 5;
const FIRST_LOCKOUT_MS = 60 * 1000;
const LONGEST_LOCKOUT_MS = 15 * 60 * 1000;

export function refuseIfLocked(ctx: Context, lockout: Lockout): void {
  if (lockout.lockedUntil > ctx.now()) throw errors.notAuthorized(PASSWORD_ATTEMPTS_EXCEEDED);
}

/** Counts a failure; the caller reports the change to whatever holds the lockout. */
export function recordFailure(ctx: Context, lockout: Lockout): void {
  lockout.failedSignIns += 1;
  const beyond = lockout.failedSignIns - FAILURES_BEFORE_LOCKOUT;
  if (beyond >= 0) lockout.lockedUntil = ctx.now() + Math.min(LONGEST_LOCKOUT_MS, FIRST_LOCKOUT_MS * 2 ** beyond);
}

/** Starts the count again; true when that changed something the caller must report. */
export function recordSuccess(_ctx: Context, lockout: Lockout): boolean {
  if (lockout.failedSignIns === 0 && lockout.lockedUntil === 0) return false;
  lockout.failedSignIns = 0;
  lockout.lockedUntil = 0;
  return true;
}
