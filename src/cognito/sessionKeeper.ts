/**
 * Keeps a signed-in session fresh while the app is open. It refreshes a
 * little before the tokens expire (on the pool's clock, via the measured
 * drift), and looks again when the browser comes back online or the tab
 * comes back into view: a refresh that failed for want of network is tried
 * again then, so the customer carries on where they were.
 */
import type { ClientContext } from './context.ts';
import { AuthError } from './errors.ts';
import { refreshWhen } from './session.ts';
import type { Tokens } from './tokenStore.ts';

/** How long before expiry to refresh: a minute, or a quarter of a short lifetime. */
export function refreshLead(tokens: Tokens): number {
  const { iat, exp } = tokens.accessToken.payload;
  const lifetimeMs = typeof iat === 'number' && typeof exp === 'number' ? (exp - iat) * 1000 : 3_600_000;
  return Math.min(60_000, lifetimeMs / 4);
}

/** After a refresh that could not reach the pool, wait this long before trying again. */
export const OFFLINE_RETRY_MS = 30_000;

const MAX_TIMER_MS = 2 ** 31 - 1;

export function createSessionKeeper(ctx: ClientContext) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = true;

  function delayUntilRefresh(tokens: Tokens): number {
    const expiries = [tokens.accessToken, tokens.idToken].flatMap((token) =>
      typeof token?.payload.exp === 'number' ? [token.payload.exp * 1000] : [],
    );
    const poolNow = ctx.now() + tokens.clockDrift;
    return Math.min(MAX_TIMER_MS, Math.max(0, Math.min(...expiries) - refreshLead(tokens) - poolNow));
  }

  function schedule(delay?: number): void {
    clearTimeout(timer);
    timer = undefined;
    if (stopped) return;
    const tokens = ctx.store.load();
    if (!tokens) return;
    timer = setTimeout(() => void refreshIfDue(), delay ?? delayUntilRefresh(tokens));
  }

  /**
   * Refreshes if the tokens are due (within the lead of expiry). Tokens that
   * are not due any more were refreshed meanwhile, by another tab or call:
   * the keeper only plans the next time. The question is asked again inside
   * the cross-tab lock, so a tab that waited there uses the tokens another
   * one just got.
   */
  async function refreshIfDue(): Promise<void> {
    const due = (tokens: Tokens) => delayUntilRefresh(tokens) === 0;
    try {
      await refreshWhen(ctx, due);
      schedule();
    } catch (error) {
      // Offline: keep the session and try again later. Any other failure has
      // already ended the session (and told the app) inside the refresh.
      if (error instanceof AuthError && error.name === 'NetworkError') schedule(OFFLINE_RETRY_MS);
    }
  }

  const onOnline = () => void refreshIfDue();
  const onVisible = () => {
    if (globalThis.document?.visibilityState === 'visible') void refreshIfDue();
  };

  return {
    start(): void {
      if (!stopped) return;
      stopped = false;
      globalThis.addEventListener?.('online', onOnline);
      globalThis.document?.addEventListener('visibilitychange', onVisible);
      schedule();
    },
    /** Call when tokens change (sign-in, refresh, sign-out, here or in another tab). */
    reschedule: () => schedule(),
    stop(): void {
      stopped = true;
      clearTimeout(timer);
      globalThis.removeEventListener?.('online', onOnline);
      globalThis.document?.removeEventListener('visibilitychange', onVisible);
    },
  };
}
