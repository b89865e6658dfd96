/**
 * Passkey autofill's part of the app, in a chunk of its own (fetched once the sign-in card is idle, never on the
 * way to the form): the account last signed in to on this device, and the conditional request for its passkey.
 * The account is a convenience, not a secret: localStorage, its login only (the e-mail, else the pool's
 * username); a browser that refuses storage gets no autofill.
 */
import type { SignInOutput } from '../../machines/authenticator/index.ts';
import type { AuthClient } from '../cognito/index.ts';
import { whenStable } from '../pwa/schedule.ts';
import { signInStep } from './actors.ts';

export const LAST_LOGIN_KEY = 'signIn.lastLogin';

/** Notes the account signed in to here (the dashboard does, where the pool allows passkeys). */
export function rememberLogin(login: string): void {
  try {
    localStorage.setItem(LAST_LOGIN_KEY, login);
  } catch {
    // Storage refused: no passkey autofill next time, nothing else.
  }
}

function lastLogin(): string | null {
  try {
    return localStorage.getItem(LAST_LOGIN_KEY);
  } catch {
    return null;
  }
}

/**
 * The machine's passkeyAutofill: the client's conditional request for the last account, its answer as the machine
 * reads it once the customer picks the passkey. With nothing to offer it never answers; `signal` (the machine
 * stopping the actor) ends the browser's request.
 */
export default async function passkeyAutofill(client: AuthClient, signal: AbortSignal): Promise<SignInOutput> {
  const username = lastLogin();
  if (!username) return new Promise<never>(() => {});
  // The client's WebAuthn code, and the pool's challenge, once the page is idle (this chunk comes as the card shows).
  await whenStable(Promise.resolve());
  return signInStep(await client.confirmSignInWithPasskey({ username, signal }));
}
