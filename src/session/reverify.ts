import type { SessionApi } from './types.ts';

export type { ReverifyMethod, ReverifyStep } from './types.ts';

/**
 * Re-verification before sensitive changes (issue 26): changing the e-mail,
 * adding or deleting a passkey, turning a second step off, signing out of all
 * devices (or all other ones) and deleting the account need a sign-in within
 * the last ten minutes, by the id token's `auth_time`. An older session is
 * asked "Confirm it's you" first: the session API refuses the change with
 * {@link ReverificationRequired}, before any call to the pool, and the
 * Account page asks, signs the customer in again (a new `auth_time`) and
 * makes the change it was asked for.
 *
 * The window is a constant, the same in every build. Tests that need an old
 * sign-in move the clock the client reads (the client's `now`, or the
 * browser's clock in Playwright) rather than shortening the window.
 */

/** How long after signing in a customer may make a sensitive change without confirming it is them again. */
export const REVERIFY_WINDOW_SECONDS = 10 * 60;

/** The changes that need a recent sign-in. */
export type SensitiveAction =
  'changeEmail' | 'addPasskey' | 'deletePasskey' | 'twoStepOff' | 'signOutEverywhere' | 'signOutOtherSessions' | 'deleteAccount';

/**
 * Whether a sign-in `ageSeconds` old (now on the pool's clock minus `auth_time`)
 * is recent enough for a sensitive change. Unknown (no `auth_time`) is not.
 */
export function signedInRecently(ageSeconds: number | undefined): boolean {
  return ageSeconds !== undefined && Number.isFinite(ageSeconds) && ageSeconds < REVERIFY_WINDOW_SECONDS;
}

/** A sensitive change refused because the sign-in is older than the window: confirm it's you, then try again. */
export class ReverificationRequired extends Error {
  override readonly name = 'ReverificationRequired';
  readonly action: SensitiveAction;
  constructor(action: SensitiveAction) {
    super(`Sign in again to ${action}: the last sign-in was more than ${REVERIFY_WINDOW_SECONDS / 60} minutes ago.`);
    this.action = action;
  }
}

export const isReverificationRequired = (error: unknown): error is ReverificationRequired =>
  error instanceof Error && error.name === 'ReverificationRequired';

/** The customer closed "Confirm it's you": the change was not made, and nothing needs saying. */
export class ReverificationCancelled extends Error {
  override readonly name = 'ReverificationCancelled';
  constructor() {
    super('The change was not made: it needs you to confirm it is you.');
  }
}

export const isReverificationCancelled = (error: unknown): error is ReverificationCancelled =>
  error instanceof Error && error.name === 'ReverificationCancelled';

/**
 * The session API whose sensitive changes, when refused for an old sign-in,
 * ask the customer to confirm it's them (`ask`: resolves once they have, rejects
 * with ReverificationCancelled when they close it) and are then made as they
 * were asked for, with the same arguments: nothing the customer typed is lost.
 */
export function confirmingWith(api: SessionApi, ask: (action: SensitiveAction) => Promise<void>): SessionApi {
  const confirming =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(...args);
      } catch (error) {
        if (!isReverificationRequired(error)) throw error;
        await ask(error.action);
        return call(...args);
      }
    };
  return {
    ...api,
    updateAttributes: confirming(api.updateAttributes),
    setTwoStep: confirming(api.setTwoStep),
    signOutEverywhere: confirming(api.signOutEverywhere),
    signOutOtherSessions: confirming(api.signOutOtherSessions),
    deleteAccount: confirming(api.deleteAccount),
    ...(api.passkeys && { passkeys: { ...api.passkeys, add: confirming(api.passkeys.add), remove: confirming(api.passkeys.remove) } }),
  };
}
