/**
 * Passkey autofill's part of the sign-in card, in a chunk of its own (fetched as the card shows, never on the way
 * to the form): once the page is idle, the client's conditional request for the passkey of the account last signed
 * in to on this device (which the dashboard notes where the pool allows passkeys), as the machine reads its answer.
 */
import type { SignInOutput } from '../../machines/authenticator/index.ts';
import { AuthError, type AuthClient } from '../cognito/index.ts';
import { whenStable } from '../pwa/schedule.ts';
import { signInStep } from './signInStep.ts';

/**
 * The machine's passkeyAutofill: the answer once the customer picks the passkey; with nothing to offer, none.
 * `signal` (the machine stopping the actor) ends the browser's request.
 */
export default async function passkeyAutofill(client: AuthClient, signal: AbortSignal): Promise<SignInOutput> {
  // The client's WebAuthn code, and the pool's challenge, once the page is idle (as for the passkey button).
  await whenStable(Promise.resolve());
  let result;
  try {
    result = await client.confirmSignInWithPasskey({ signal });
  } catch (error) {
    // The client's own code unreachable (offline, say) is no refusal of the customer's: nothing to offer, nothing said.
    if (!(error instanceof AuthError)) return new Promise<never>(() => {});
    throw error;
  }
  return signInStep(result);
}
