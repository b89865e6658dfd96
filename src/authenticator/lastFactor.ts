/**
 * Remembers the first factor the customer used last on this device, so the
 * sign-in screen can offer it first. A preference, not a secret:
 * localStorage; a browser that refuses storage gets the usual order.
 */
import type { FirstFactor } from '../../machines/authenticator/index.ts';

export const LAST_FACTOR_KEY = 'signIn.lastFactor';

export function rememberFactor(factor: FirstFactor): void {
  try {
    localStorage.setItem(LAST_FACTOR_KEY, factor);
  } catch {
    // Storage refused (private mode, quota): the order stays the usual one.
  }
}

export function lastFactor(): FirstFactor | null {
  try {
    return localStorage.getItem(LAST_FACTOR_KEY) as FirstFactor | null;
  } catch {
    return null;
  }
}
