/**
 * What the pool forgets on its own, once a minute, so that a pool used for
 * weeks holds what is still in use and no more: expired sign-in sessions and
 * SRP handshakes, grants no token of which can still be used, outbox
 * messages older than any code in them could live, and decoys that hold
 * nothing a user's record would still show.
 */
import { RATIONING_MS } from './codes.ts';
import type { Context } from './context.ts';
import { isEmptyDecoy } from './decoys.ts';
import { pruneSessions } from './sessions.ts';
import { pruneGrants } from './tokens.ts';

/** The longest a code or temporary password in the outbox is any use (a temporary password may last 365 days, but is resent). */
export const OUTBOX_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

export function keepHouse(ctx: Context): void {
  const now = ctx.now();
  pruneSessions(ctx);
  for (const pool of Object.values(ctx.state.pools)) {
    pruneGrants(ctx, pool, now);
    for (const [key, decoy] of Object.entries(pool.decoys)) {
      if (!isEmptyDecoy(decoy, now, RATIONING_MS)) continue;
      delete pool.decoys[key];
      ctx.changed({ kind: 'decoys', poolId: pool.id, key });
    }
  }
  pruneOutbox(ctx, now);
}

/** Drops the oldest messages while they are older than {@link OUTBOX_KEEP_MS} (the outbox is in the order sent). */
function pruneOutbox(ctx: Context, now: number): void {
  const { outbox } = ctx.state;
  let count = 0;
  while (count < outbox.length && Date.parse(outbox[count]!.at) < now - OUTBOX_KEEP_MS) count += 1;
  if (count === 0) return;
  outbox.splice(0, count);
  ctx.changed({ kind: 'mailDrop', count });
}
