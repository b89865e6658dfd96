/**
 * What changed in the state, record by record, so that a change is written
 * as that record alone (a line of the journal) rather than as the whole
 * state. Handlers say what they changed with `ctx.changed(change)`; when the
 * changes are written, each is turned into an {@link Entry} carrying the
 * record's value at that moment (or its absence, for a deletion), and
 * replaying the entries in order over the last snapshot gives back the state.
 */
import { isWellFormedEntry } from './entryShape.ts';
import type { IdentityPool, OutboxMessage, State, UserPool } from './state.ts';

/** The keyed collections of a user pool and of an identity pool, each record of which is written on its own. */
export type PoolCollection = 'users' | 'grants' | 'clients' | 'decoys';
export type IdentityPoolCollection = 'identities' | 'logins';

export type Change =
  /** one record of a user pool's collection, made, changed or deleted */
  | { kind: PoolCollection; poolId: string; key: string }
  /** a user pool's settings: everything but its collections */
  | { kind: 'pool'; poolId: string }
  | { kind: IdentityPoolCollection; identityPoolId: string; key: string }
  | { kind: 'identityPool'; identityPoolId: string }
  /** a message put in the outbox (the oldest beyond the outbox's limit drop out, on replay too) */
  | { kind: 'mail'; message: OutboxMessage }
  /** the oldest `count` messages taken out of the outbox */
  | { kind: 'mailDrop'; count: number }
  | { kind: 'clock' }
  /** the state replaced as a whole (a reset): only a new snapshot will do */
  | { kind: 'everything' };

/** A change with the value it had when written; `value` absent means the record is gone. */
export type Entry =
  | { kind: PoolCollection; poolId: string; key: string; value?: unknown }
  | { kind: 'pool'; poolId: string; value?: PoolSettings }
  | { kind: IdentityPoolCollection; identityPoolId: string; key: string; value?: unknown }
  | { kind: 'identityPool'; identityPoolId: string; value?: IdentityPoolSettings }
  | { kind: 'mail'; message: OutboxMessage }
  | { kind: 'mailDrop'; count: number }
  | { kind: 'clock'; offsetMs: number };

export type PoolSettings = Omit<UserPool, PoolCollection>;
export type IdentityPoolSettings = Omit<IdentityPool, IdentityPoolCollection>;

/** The outbox keeps this many messages, newest last. */
export const OUTBOX_LIMIT = 2000;

const POOL_COLLECTIONS: readonly PoolCollection[] = ['users', 'grants', 'clients', 'decoys'];
const IDENTITY_POOL_COLLECTIONS: readonly IdentityPoolCollection[] = ['identities', 'logins'];

export function poolSettings(pool: UserPool): PoolSettings {
  const { users: _users, grants: _grants, clients: _clients, decoys: _decoys, ...settings } = pool;
  return settings;
}

function identityPoolSettings(identityPool: IdentityPool): IdentityPoolSettings {
  const { identities: _identities, logins: _logins, ...settings } = identityPool;
  return settings;
}

const ownValue = <T>(record: Record<string, T> | undefined, key: string): T | undefined =>
  record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;

/** A key for coalescing: a record changed twice before a write is written once. */
export function changeKey(change: Exclude<Change, { kind: 'mail' | 'mailDrop' | 'everything' }>): string {
  switch (change.kind) {
    case 'users':
    case 'grants':
    case 'clients':
    case 'decoys':
      return `${change.kind}\u0000${change.poolId}\u0000${change.key}`;
    case 'identities':
    case 'logins':
      return `${change.kind}\u0000${change.identityPoolId}\u0000${change.key}`;
    case 'pool':
      return `pool\u0000${change.poolId}`;
    case 'identityPool':
      return `identityPool\u0000${change.identityPoolId}`;
    case 'clock':
      return 'clock';
  }
}

/** The entry that writes `change` as the state has it now. */
export function entryFor(state: State, change: Exclude<Change, { kind: 'everything' }>): Entry {
  switch (change.kind) {
    case 'users':
    case 'grants':
    case 'clients':
    case 'decoys': {
      const collection: Record<string, unknown> | undefined = ownValue(state.pools, change.poolId)?.[change.kind];
      const value = ownValue(collection, change.key);
      return value === undefined ? { ...change } : { ...change, value };
    }
    case 'identities':
    case 'logins': {
      const collection: Record<string, unknown> | undefined = ownValue(state.identityPools, change.identityPoolId)?.[change.kind];
      const value = ownValue(collection, change.key);
      return value === undefined ? { ...change } : { ...change, value };
    }
    case 'pool': {
      const pool = ownValue(state.pools, change.poolId);
      return pool ? { ...change, value: poolSettings(pool) } : { ...change };
    }
    case 'identityPool': {
      const identityPool = ownValue(state.identityPools, change.identityPoolId);
      return identityPool ? { ...change, value: identityPoolSettings(identityPool) } : { ...change };
    }
    case 'mail':
    case 'mailDrop':
      return change;
    case 'clock':
      return { kind: 'clock', offsetMs: state.clockOffsetMs };
  }
}

/** Sets or deletes an own property; `record.__proto__ = v` would replace the record's prototype instead. */
function put(record: Record<string, unknown>, key: string, value: unknown): void {
  if (value === undefined) delete record[key];
  else Object.defineProperty(record, key, { value, writable: true, enumerable: true, configurable: true });
}

/** Applies one entry to a state read from disk (replay), as the change it records did to the live state. */
export function applyEntry(state: State, entry: Entry): void {
  switch (entry.kind) {
    case 'users':
    case 'grants':
    case 'clients':
    case 'decoys': {
      const pool = ownValue(state.pools, entry.poolId);
      if (pool) put(pool[entry.kind], entry.key, entry.value);
      return;
    }
    case 'identities':
    case 'logins': {
      const identityPool = ownValue(state.identityPools, entry.identityPoolId);
      if (identityPool) put(identityPool[entry.kind], entry.key, entry.value);
      return;
    }
    case 'pool': {
      const pool = ownValue(state.pools, entry.poolId);
      const collections = pool
        ? Object.fromEntries(POOL_COLLECTIONS.map((name) => [name, pool[name]]))
        : Object.fromEntries(POOL_COLLECTIONS.map((name) => [name, {}]));
      put(state.pools, entry.poolId, entry.value && { ...entry.value, ...collections });
      return;
    }
    case 'identityPool': {
      const identityPool = ownValue(state.identityPools, entry.identityPoolId);
      const collections = identityPool
        ? Object.fromEntries(IDENTITY_POOL_COLLECTIONS.map((name) => [name, identityPool[name]]))
        : Object.fromEntries(IDENTITY_POOL_COLLECTIONS.map((name) => [name, {}]));
      put(state.identityPools, entry.identityPoolId, entry.value && { ...entry.value, ...collections });
      return;
    }
    case 'mail':
      appendMail(state.outbox, entry.message);
      return;
    case 'mailDrop':
      state.outbox.splice(0, entry.count);
      return;
    case 'clock':
      state.clockOffsetMs = entry.offsetMs;
      return;
  }
}

/** Puts a message in the outbox and lets the oldest beyond the limit drop out: live and on replay alike. */
export function appendMail(outbox: OutboxMessage[], message: OutboxMessage): void {
  outbox.push(message);
  if (outbox.length > OUTBOX_LIMIT) outbox.splice(0, outbox.length - OUTBOX_LIMIT);
}

/**
 * An entry read back from the journal, of the shape the pool writes (entryShape.ts); anything else is a
 * torn or foreign line, which is not applied.
 */
export function isEntry(value: unknown): value is Entry {
  return isWellFormedEntry(value);
}
