/**
 * The machine's actors, made from the Cognito client. The client answers in the steps the
 * machine reads (machines/authenticator/authSteps.ts), so the actors pass its
 * results through; only a signed-in user is narrowed to what the machine keeps.
 *
 * federatedSignIn leaves the page for the hosted UI; its answer is taken when
 * the app starts again on the callback URL, and loadSession reports how it went.
 */
import { fromPromise } from 'xstate';
import type { AuthActorContracts, AuthActorName, SignInOutput } from '../../machines/authenticator/index.ts';
import { AuthError, type AuthClient } from '../cognito/index.ts';
import { sessionUser, signInStep } from './signInStep.ts';

/** An actor of the machine's contract, typed by name. */
const actor = <N extends AuthActorName>(
  _name: N,
  run: (input: AuthActorContracts[N]['input']) => Promise<AuthActorContracts[N]['output']>,
) => fromPromise<AuthActorContracts[N]['output'], AuthActorContracts[N]['input']>(({ input }) => run(input));

/** Claims the id token carries about the contact attributes, as Cognito lists attributes. */
const CONTACT_CLAIMS = ['email', 'email_verified', 'phone_number', 'phone_number_verified'] as const;

export function createAuthActors(client: AuthClient) {
  return {
    /**
     * Passkey autofill, while sign-in waits: its code and the client's WebAuthn code come once the first screen is
     * idle, as for the passkey button (autofill.ts: nothing to offer where no account was noted, which the
     * dashboard does only where the pool allows passkeys).
     * The machine stops the actor (aborting `signal`, which ends the browser's request) as the screen moves on.
     */
    passkeyAutofill: fromPromise<SignInOutput>(({ signal }) =>
      import('./autofill.ts').then(
        (autofill) => autofill.default(client, signal),
        // Its code unreachable (offline, say): nothing to offer, and nothing to say.
        () => new Promise<never>(() => {}),
      ),
    ),
    // credentials: false: no identity-pool call; the client refreshes only stale tokens.
    // Offline with tokens due for a refresh, the stored refresh token still
    // stands: the customer stays signed in on the stored tokens, and the
    // session keeper refreshes once the network is back. Any other refresh
    // failure has ended the session and is the machine's error.
    loadSession: actor('loadSession', async () => {
      try {
        const session = await client.fetchAuthSession({ credentials: false });
        if (!session.tokens) return null;
        const user = sessionUser(await client.getCurrentUser());
        // Made by the sign-in pressed on the prerendered card as the app started: routed as that sign-in's answer.
        return client.takeEarlySession() ? { ...user, signedInOnCard: true } : user;
      } catch (error) {
        if (!(error instanceof AuthError && error.name === 'NetworkError')) throw error;
        return sessionUser(await client.getCurrentUser().catch(() => Promise.reject(error)));
      }
    }),
    // A factor asked for by name is Cognito's choice-based sign-in (USER_AUTH); the password alone stays SRP, as before.
    signIn: actor('signIn', async ({ username, password, firstFactor }) =>
      signInStep(
        await (firstFactor
          ? client.signIn({
              username,
              options: { authFlowType: 'USER_AUTH', ...(firstFactor !== 'CHOICE' && { preferredChallenge: firstFactor }) },
            })
          : client.signIn({ username, password })),
      ),
    ),
    resendSignInCode: actor('resendSignInCode', async (input) => signInStep(await client.resendSignInCode(input))),
    passkeyPrompt: actor('passkeyPrompt', async () => signInStep(await client.confirmSignInWithPasskey())),
    federatedSignIn: actor('federatedSignIn', (input) => client.signInWithRedirect(input)),
    confirmSignIn: actor('confirmSignIn', async ({ challengeResponse, userAttributes }) =>
      signInStep(await client.confirmSignIn({ challengeResponse, options: { userAttributes } })),
    ),
    autoSignIn: actor('autoSignIn', async () => signInStep(await client.autoSignIn())),
    // The customer who confirms the account is signed in without typing the password again (spec §4, COMPLETE_AUTO_SIGN_IN).
    signUp: actor('signUp', (input) => client.signUp({ ...input, options: { autoSignIn: true } })),
    confirmSignUp: actor('confirmSignUp', (input) => client.confirmSignUp(input)),
    resendSignUpCode: actor('resendSignUpCode', (input) => client.resendSignUpCode(input)),
    resetPassword: actor('resetPassword', (input) => client.resetPassword(input)),
    confirmResetPassword: actor('confirmResetPassword', async (input) => {
      await client.confirmResetPassword(input);
      return { step: 'DONE' };
    }),
    /**
     * Right after a sign-in the id token, minted seconds ago, carries the
     * contact attributes and whether they are verified: read them there, so a
     * sign-in stays two requests. GetUser only when there is no id token.
     */
    fetchUserAttributes: actor('fetchUserAttributes', async () => {
      const claims = (await client.fetchAuthSession({ credentials: false })).tokens?.idToken?.payload;
      if (!claims) return { attributes: await client.fetchUserAttributes() };
      const attributes: Record<string, string> = {};
      for (const name of CONTACT_CLAIMS) {
        const value = claims[name];
        if (typeof value === 'string' || typeof value === 'boolean') attributes[name] = String(value);
      }
      return { attributes };
    }),
    sendAttributeCode: actor('sendAttributeCode', async ({ attributeKey }) => ({
      step: 'CONFIRM_ATTRIBUTE_WITH_CODE',
      codeDeliveryDetails: await client.sendUserAttributeVerificationCode({ attributeName: attributeKey }),
    })),
    confirmAttribute: actor('confirmAttribute', async ({ attributeKey, confirmationCode }) => {
      await client.confirmUserAttribute({ attributeName: attributeKey, confirmationCode });
      return { step: 'DONE' };
    }),
    signOut: actor('signOut', () => client.signOut()),
  };
}
