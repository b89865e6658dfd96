/**
 * What the Account page's security sections need beyond the plain account
 * calls, bound to one client: the second factors, this browser's device, and
 * what the configuration says the pools offer, and signing in again before a
 * sensitive change. It lives in the lazily loaded
 * chunk (accountOperations.ts), so none of it weighs on the sign-in form.
 */
import type { ClientContext } from './context.ts';
import { currentDeviceKey, doNotRememberDevice } from './devices.ts';
import { fetchMFAPreference } from './mfa.ts';
import { reauthenticate, type ReauthenticateInput } from './reauthenticate.ts';
import { registerPasskey } from './passkeys.ts';

/** userAuth.ts's key for the account passkey autofill offers (the same, checked by a test; not imported: see there). */
export const LAST_LOGIN_KEY = 'signIn.lastLogin';

export function forContext(ctx: ClientContext) {
  const deviceKey = () => currentDeviceKey(ctx).deviceKey;
  return {
    /** the second factors the pool lets customers turn on (configuration); none when its MFA is off */
    mfaMethods: ctx.config.mfaMethods ?? [],
    identityPool: Boolean(ctx.config.identityPoolId),
    /** whether the pool tracks sessions (configuration), so the customer may see and end them */
    userSessions: ctx.config.userSessions === true,
    fetchMFAPreference: () => fetchMFAPreference(ctx),
    doNotRememberDevice: () => doNotRememberDevice(ctx),
    /** whether this browser holds a device key for the signed-in customer: the pool tracks devices */
    deviceTracked: () => deviceKey() !== undefined,
    /** whether this tab's sign-in confirmed a device the pool remembers only if the customer says so */
    deviceAwaitingChoice: () => ctx.deviceAwaitingChoice !== undefined && ctx.deviceAwaitingChoice === deviceKey(),
    /** whether the customer signed in now was signed in by this tab with the password (not a passkey, a code, a provider) */
    signedInWithPassword: () => ctx.signedInWithPassword !== undefined && ctx.signedInWithPassword === ctx.store.load()?.username,
    /**
     * How long ago the customer signed in, in seconds, on the pool's clock (this
     * browser's, corrected by the drift measured when the tokens came): now minus
     * the id token's `auth_time`, which refreshes keep. Undefined when signed out
     * or when the tokens do not say.
     */
    signedInSecondsAgo: () => {
      const tokens = ctx.store.load();
      const authTime = (tokens?.idToken ?? tokens?.accessToken)?.payload.auth_time;
      return tokens && typeof authTime === 'number' ? (ctx.now() + tokens.clockDrift) / 1000 - authTime : undefined;
    },
    /** Signs the signed-in customer in again (a new auth_time) before a sensitive change; its tokens replace these. */
    reauthenticate: (input: ReauthenticateInput) => reauthenticate(ctx, input),
    /**
     * Notes the signed-in customer's login (as typed at sign-in: a provider's customer has none) as the account whose
     * passkey the sign-in card's autofill offers next time on this device.
     */
    rememberForAutofill: () => {
      const login = ctx.store.load()?.signInDetails?.loginId;
      try {
        if (login) localStorage.setItem(LAST_LOGIN_KEY, login);
      } catch {
        // Storage refused: no passkey autofill next time, nothing else.
      }
    },
    /** The passkey offer with no dialog (WebAuthn conditional create): PasskeyNotSupported where the browser cannot. */
    registerPasskeyQuietly: () => registerPasskey(ctx, { conditional: true }),
    /** the app has offered a passkey for this sign-in: it does not again until the next one */
    passkeyOffered: () => {
      ctx.signedInWithPassword = undefined;
    },
  };
}
