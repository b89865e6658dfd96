/**
 * Failed sign-ins. After five wrong passwords in a row the account is locked
 * for a minute, doubling with each further failure up to fifteen minutes;
 * while locked every attempt, right or wrong, is refused with Cognito's
 * "Password attempts exceeded". Names that are not users are counted too, so
 * a lockout cannot be used to find out which accounts exist.
 */
import type { Context } from './context.ts';
import { PASSWORD_ATTEMPTS_EXCEEDED, errors } from './errors.ts';
import type { Change } from './journal.ts';
import type { Lockout, UserPool } from './state.ts';

export const FAILURES_BEFORE_LOCKOUT = 5;
const FIRST_LOCKOUT_MS = 60 * 1000;
const LONGEST_LOCKOUT_MS = 15 * 60 * 1000;

export function refuseIfLocked(ctx: Context, lockout: Lockout): void {
  if (lockout.lockedUntil > ctx.now()) throw errors.notAuthorized(PASSWORD_ATTEMPTS_EXCEEDED);
}

/** `change` reports the record that holds the lockout (null for one kept in memory). */
export function recordFailure(ctx: Context, lockout: Lockout, change: Change | null): void {
  lockout.failedSignIns += 1;
  const beyond = lockout.failedSignIns - FAILURES_BEFORE_LOCKOUT;
  if (beyond >= 0) lockout.lockedUntil = ctx.now() + Math.min(LONGEST_LOCKOUT_MS, FIRST_LOCKOUT_MS * 2 ** beyond);
  if (change) ctx.changed(change);
}

export function recordSuccess(ctx: Context, lockout: Lockout, change: Change | null): void {
  if (lockout.failedSignIns === 0 && lockout.lockedUntil === 0) return;
  lockout.failedSignIns = 0;
  lockout.lockedUntil = 0;
  if (change) ctx.changed(change);
}

/** The lockout record for a name that is not a user (kept in memory only). */
export function decoyLockout(ctx: Context, pool: UserPool, loginName: string): Lockout {
  const key = `${pool.id}|${loginName.toLowerCase()}`;
  let lockout = ctx.runtime.decoyLockouts.get(key);
  if (!lockout) {
    lockout = { failedSignIns: 0, lockedUntil: 0 };
    ctx.runtime.decoyLockouts.set(key, lockout);
  }
  return lockout;
}
