/**
 * Remembers the first factor the customer used last on this device, so the
 * sign-in screen can offer it first, and the account last signed in to from
 * the card, whose passkey the browser's autofill may offer (passkey autofill,
 * actors.ts). A preference, not a secret: localStorage; a browser that
 * refuses storage gets the usual order, and no autofill.
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

export const LAST_LOGIN_KEY = 'signIn.lastLogin';

/** The login (the e-mail typed, else the pool's username) of the account signed in to last from this device's card. */
export function rememberLogin(login: string): void {
  try {
    localStorage.setItem(LAST_LOGIN_KEY, login);
  } catch {
    // Storage refused: no passkey autofill next time, nothing else.
  }
}

export function lastLogin(): string | null {
  try {
    return localStorage.getItem(LAST_LOGIN_KEY);
  } catch {
    return null;
  }
}
