/**
 * Remembers the first factor the customer used last on this device, so the
 * sign-in screen can offer it first. A preference, not a secret:
 * localStorage; a browser that refuses storage gets the usual order.
 */
import type { FirstFactor } from '../../machines/authenticator/index.ts';

export const LAST_FACTOR_KEY = 'signIn.lastFactor';

/** The factors besides the password that the sign-in screen offers a button for, in their usual order. */
export const PASSWORDLESS_BUTTONS: readonly FirstFactor[] = ['WEB_AUTHN', 'EMAIL_OTP', 'SMS_OTP'];

export function rememberFactor(factor: FirstFactor): void {
  try {
    localStorage.setItem(LAST_FACTOR_KEY, factor);
  } catch {
    // Storage refused (private mode, quota): the order stays the usual one.
  }
}

export function lastFactor(): FirstFactor | undefined {
  try {
    return (localStorage.getItem(LAST_FACTOR_KEY) as FirstFactor | null) ?? undefined;
  } catch {
    return undefined;
  }
}
