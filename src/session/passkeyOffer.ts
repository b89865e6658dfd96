/**
 * "Not now" to the passkey offered after a password sign-in, remembered on
 * this device for a while: a customer who said no is not asked at every
 * sign-in, but is asked again later. A preference, not a secret: localStorage;
 * a browser that refuses storage simply asks again next time.
 */

export const PASSKEY_OFFER_KEY = 'passkeyOffer.dismissedAt';
/** how long "Not now" holds on this device */
export const PASSKEY_OFFER_QUIET_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export function offerDismissedRecently(now: number = Date.now()): boolean {
  try {
    const dismissedAt = Date.parse(localStorage.getItem(PASSKEY_OFFER_KEY) ?? '');
    // A date in the future (a clock put back, an edited value) does not silence the offer for ever.
    return dismissedAt <= now && now - dismissedAt < PASSKEY_OFFER_QUIET_DAYS * DAY_MS;
  } catch {
    return false;
  }
}

export function dismissOffer(now: number = Date.now()): void {
  try {
    localStorage.setItem(PASSKEY_OFFER_KEY, new Date(now).toISOString());
  } catch {
    // Storage refused: the offer comes again at the next password sign-in.
  }
}
