import { errors } from './errors.ts';
import type { Change } from './journal.ts';
import type { AppClient, IdentityPool, Runtime, State, User, UserPool } from './state.ts';

/** What every operation handler is given. */
export interface Context {
  state: State;
  runtime: Runtime;
  /** epoch ms on the emulator's clock, which tests may move */
  now(): number;
  /** The `iss` of the pool's tokens: this server's own URL, so the JWKS can be fetched from it. */
  issuer(poolId: string): string;
  /**
   * Records what in `state` changed (or is about to, within this request),
   * to be written out before the answer leaves. Only what is reported is
   * written: the tests replay the journal after every request to catch a
   * change nobody reported.
   */
  changed(change: Change): void;
  /** The request's User-Agent header, for the session API's DeviceType (absent outside a request). */
  userAgent?: string;
}

export type Handler = (input: Record<string, unknown>, ctx: Context) => unknown;

/** A change to a user's record (attributes, codes, devices, lockout, …), or its deletion. */
export const userChange = (pool: UserPool, user: User): Change => ({ kind: 'users', poolId: pool.id, key: user.username });

export function userChanged(ctx: Context, pool: UserPool, user: User): void {
  ctx.changed(userChange(pool, user));
}

/**
 * A record's own entry for a key a caller chose. Plain `record[key]` would
 * answer Object.prototype for `__proto__` (and a function for `constructor`).
 */
export function own<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

export function poolById(ctx: Context, poolId: string): UserPool {
  const pool = own(ctx.state.pools, poolId);
  if (!pool) throw errors.resourceNotFound(`User pool ${poolId} does not exist.`);
  return pool;
}

export function clientById(ctx: Context, clientId: string): { pool: UserPool; client: AppClient } {
  for (const pool of Object.values(ctx.state.pools)) {
    const client = own(pool.clients, clientId);
    if (client) return { pool, client };
  }
  throw errors.resourceNotFound(`User pool client ${clientId} does not exist.`);
}

export function identityPoolById(ctx: Context, identityPoolId: string): IdentityPool {
  const pool = own(ctx.state.identityPools, identityPoolId);
  if (!pool) throw errors.resourceNotFound(`IdentityPool '${identityPoolId}' not found.`);
  return pool;
}

/**
 * Finds a user by their user name or, where the pool signs in by e-mail or
 * phone, by that alias. The alias search looks at every user even after a
 * match, so that finding a user takes as long as finding none.
 */
export function findUser(pool: UserPool, name: string): User | undefined {
  const direct = own(pool.users, name);
  if (direct) return direct;
  const wanted = name.toLowerCase();
  let found: User | undefined;
  for (const user of Object.values(pool.users)) {
    // A federated user's e-mail is the provider's, not an alias to sign in with (Cognito keeps the two apart).
    const matches =
      user.status !== 'EXTERNAL_PROVIDER' &&
      pool.usernameAttributes.some((attribute) => {
        const value = user.attributes[attribute];
        return value !== undefined && value.toLowerCase() === wanted;
      });
    if (matches) found ??= user;
  }
  return found;
}

export function userByName(pool: UserPool, name: string): User {
  const user = findUser(pool, name);
  if (!user) throw errors.userNotFound();
  return user;
}

/** Cognito's masked destination, e.g. `j***@e***.com` for an e-mail or `+*******1234` for a phone. */
export function maskDestination(value: string): string {
  const at = value.indexOf('@');
  if (at > 0) {
    const domain = value.slice(at + 1);
    const dot = domain.lastIndexOf('.');
    const tld = dot > 0 ? domain.slice(dot) : '';
    // By code point, so an address that starts with an emoji keeps the whole character.
    const first = (text: string) => [...text][0] ?? '';
    return `${first(value)}***@${first(domain)}***${tld}`;
  }
  return `+${'*'.repeat(Math.max(0, value.length - 5))}${value.slice(-4)}`;
}

/** Dates in answers are epoch seconds, with a fraction as the service sends them. */
export const apiDate = (ms: number) => ms / 1000;
