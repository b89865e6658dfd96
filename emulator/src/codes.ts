import { randomInt } from 'node:crypto';
import type { Context } from './context.ts';
import type { CodeKind, PendingCode } from './state.ts';

export const SIGN_UP_CODE_TTL_MS = 24 * 60 * 60 * 1000;

/** Makes a six-digit code and posts it to the outbox, where tests and the mailbox page read it. */
export function sendCode(ctx: Context, to: string, kind: CodeKind, ttlMs: number): PendingCode {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = ctx.now();
  ctx.state.outbox.push({ to, kind, code, at: new Date(now).toISOString() });
  ctx.changed();
  return { code, kind, expiresAt: now + ttlMs };
}
