/**
 * Names that are no user. Where user-existence errors are prevented, such a
 * name gets all a user would: an SRP handshake with a salt and user id of its
 * own, failed sign-ins counted under one key whatever the flow, lockouts,
 * rationed and counted codes, a custom challenge, and the same work on the
 * way. A decoy record stands in for the user; it is kept with the pool's
 * users, so it lasts as theirs do, under a key and with answers derived from
 * the name by an HMAC with a secret of the pool's own (kept in the state
 * file), which nobody without that file can compute.
 */
import { createHmac } from 'node:crypto';
import { type Context, findUser, own, userChanged } from './context.ts';
import { N, announce, padHex } from './srp.ts';
import type { Decoy, Lockout, PendingCode, User, UserPool } from './state.ts';

/** Who a login name names: a user, or the decoy standing in for a name that is none. */
export type Account = { kind: 'user'; pool: UserPool; user: User } | { kind: 'decoy'; pool: UserPool; key: string; decoy: Decoy };

/** What a name's SRP handshake and password check use. */
export interface Credentials {
  userIdForSrp: string;
  salt: string;
  verifier: string;
}

/** A name the pool would look up as an e-mail or phone alias (without regard to case) rather than as a user name. */
function isAlias(pool: UserPool, loginName: string): boolean {
  return (
    (pool.usernameAttributes.includes('email') && loginName.includes('@')) ||
    (pool.usernameAttributes.includes('phone_number') && loginName.startsWith('+'))
  );
}

function derive(pool: UserPool, label: string, loginName: string): Buffer {
  announce('decoy');
  const name = isAlias(pool, loginName) ? loginName.toLowerCase() : loginName;
  return createHmac('sha256', Buffer.from(pool.decoySecret, 'hex')).update(`${label}\u0000${name}`).digest();
}

export const decoyKey = (pool: UserPool, loginName: string) => derive(pool, 'key', loginName).toString('hex');

/** A version 4 UUID made of hash bytes, with the version and variant bits a random one has. */
function uuidOf(bytes: Buffer): string {
  const b = Buffer.from(bytes.subarray(0, 16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * A decoy's SRP identity: the user id a user found by this name would have
 * (a UUID for an e-mail or phone where those are aliases, else the name
 * itself), a 16-byte salt, and a verifier below N. The verifier needs no
 * exponentiation: it is never shown, and a wrong password fails against it
 * after the same work a user's takes.
 */
export function decoyCredentials(pool: UserPool, loginName: string): Credentials {
  const verifier = Buffer.concat(Array.from({ length: 12 }, (_, i) => derive(pool, `verifier${i}`, loginName)));
  return {
    userIdForSrp: decoyUsername(pool, loginName),
    salt: derive(pool, 'salt', loginName).subarray(0, 16).toString('hex'),
    verifier: padHex(BigInt(`0x${verifier.toString('hex')}`) % N),
  };
}

/** `count` decimal digits derived from the name, the same every time (a stand-in phone number). */
export const decoyDigits = (pool: UserPool, loginName: string, count: number) =>
  [...derive(pool, 'digits', loginName).subarray(0, count)].map((byte) => String(byte % 10)).join('');

/** A user name in the shape of a real one, the same every time for the same login name. */
export const decoyUsername = (pool: UserPool, loginName: string) =>
  isAlias(pool, loginName) ? uuidOf(derive(pool, 'id', loginName)) : loginName;

const freshDecoy = (): Decoy => ({ failedSignIns: 0, lockedUntil: 0, codeRequests: [], codes: {} });

/** The decoy under `key`, or a fresh one (kept only once {@link accountChanged} reports it). */
export function decoyAt(pool: UserPool, key: string): Account {
  return { kind: 'decoy', pool, key, decoy: own(pool.decoys, key) ?? freshDecoy() };
}

/** The account a login name names. Both outcomes do the same steps: the lookup, and the decoy key. */
export function accountFor(pool: UserPool, loginName: string): Account {
  const user = findUser(pool, loginName);
  const key = decoyKey(pool, loginName);
  return user ? { kind: 'user', pool, user } : decoyAt(pool, key);
}

/** What holds an account's failed sign-ins and codes: the user's record or the decoy. */
export const holderOf = (account: Account): User | Decoy => (account.kind === 'user' ? account.user : account.decoy);

/** Reports a change to the account's record; a decoy is kept from its first change on. */
export function accountChanged(ctx: Context, account: Account): void {
  if (account.kind === 'user') {
    userChanged(ctx, account.pool, account.user);
    return;
  }
  if (!Object.hasOwn(account.pool.decoys, account.key)) account.pool.decoys[account.key] = account.decoy;
  ctx.changed({ kind: 'decoys', poolId: account.pool.id, key: account.key });
}

const NO_FAILURES: Lockout = { failedSignIns: 0, lockedUntil: 0 };

/** The custom challenge's failures of an account, to read. */
export const customLockoutOf = (account: Account): Lockout => holderOf(account).customChallengeLockout ?? NO_FAILURES;

/** The same, to count in (made on the first failure). */
export function customLockoutToCount(account: Account): Lockout {
  const holder = holderOf(account);
  holder.customChallengeLockout ??= { failedSignIns: 0, lockedUntil: 0 };
  return holder.customChallengeLockout;
}

/**
 * A code "sent" to a decoy: counted against the rationing as a user's is,
 * and checked like one, but no answer can match it (codes are at least one
 * character long).
 */
export function decoyCode(ctx: Context, account: Extract<Account, { kind: 'decoy' }>, purpose: 'signUp' | 'forgotPassword', ttlMs: number) {
  const code: PendingCode = { code: '', expiresAt: ctx.now() + ttlMs, failedAttempts: 0 };
  account.decoy.codes[purpose] = code;
  return code;
}

/** A decoy that holds nothing a user's record would still show: no failures, no lockout, no recent or pending codes. */
export function isEmptyDecoy(decoy: Decoy, now: number, recentMs: number): boolean {
  const custom = decoy.customChallengeLockout;
  return (
    decoy.failedSignIns === 0 &&
    decoy.lockedUntil <= now &&
    decoy.codeRequests.every((at) => at <= now - recentMs) &&
    Object.keys(decoy.codes).length === 0 &&
    (!custom || (custom.failedSignIns === 0 && custom.lockedUntil <= now))
  );
}
