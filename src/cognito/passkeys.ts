/**
 * A signed-in customer's passkeys: register one (the pool's options, the
 * browser's prompt, the pool checks the attestation), list them, delete one.
 * Part of the account operations' chunk, loaded on first use.
 */
import type { ClientContext } from './context.ts';
import { AuthError, nonBlank } from './errors.ts';
import { callAsUser } from './session.ts';
import type { Passkey } from './types.ts';
import { conditionalCreate, createPasskey, fromBase64Url } from './webauthn.ts';

/** The passkey made: its id, and the authenticator's data when the browser shows it (it names the authenticator's model, the AAGUID). */
export interface NewPasskey {
  credentialId: string;
  authenticatorData?: Uint8Array;
  /** the relying party and the account's user handle (base64url) as the pool made the passkey, for the WebAuthn Signal API */
  relyingPartyId?: string;
  userHandle?: string;
}

/**
 * Makes a passkey and registers it. `conditional`: with no dialog (WebAuthn conditional create), right after a
 * password sign-in; a browser that cannot fails with PasskeyNotSupported before the pool is asked anything.
 */
export async function registerPasskey(ctx: ClientContext, input: { conditional?: boolean } = {}): Promise<NewPasskey> {
  if (input.conditional && !(await conditionalCreate())) {
    throw new AuthError('PasskeyNotSupported', 'Function not supported on current platform', 'This browser makes passkeys with a dialog.');
  }
  const started = await callAsUser(ctx, 'StartWebAuthnRegistration', {});
  if (!started.CredentialCreationOptions) {
    throw new AuthError('Unknown', 'An unknown error has occurred.', 'The pool sent no registration options.');
  }
  const credential = await createPasskey(
    started.CredentialCreationOptions as object,
    input.conditional ? { mediation: 'conditional' } : {},
  );
  await callAsUser(ctx, 'CompleteWebAuthnRegistration', { Credential: credential as never });
  const data = credential.response.authenticatorData;
  const options = started.CredentialCreationOptions as { rp?: { id?: string }; user?: { id?: string } };
  return {
    credentialId: credential.id,
    relyingPartyId: options.rp?.id,
    userHandle: options.user?.id,
    ...(data && { authenticatorData: new Uint8Array(fromBase64Url(data)) }),
  };
}

export async function listPasskeys(ctx: ClientContext): Promise<Passkey[]> {
  const passkeys: Passkey[] = [];
  let NextToken: string | undefined;
  do {
    const page = await callAsUser(ctx, 'ListWebAuthnCredentials', { NextToken, MaxResults: 20 });
    for (const item of page.Credentials ?? []) {
      if (!item.CredentialId) continue;
      passkeys.push({
        credentialId: item.CredentialId,
        friendlyName: item.FriendlyCredentialName,
        relyingPartyId: item.RelyingPartyId,
        authenticatorAttachment: item.AuthenticatorAttachment,
        transports: item.AuthenticatorTransports ?? [],
        createdAt: item.CreatedAt,
      });
    }
    NextToken = page.NextToken;
  } while (NextToken);
  return passkeys;
}

export async function deletePasskey(ctx: ClientContext, input: { credentialId: string }): Promise<void> {
  const CredentialId = nonBlank(input.credentialId, 'challengeResponse');
  await callAsUser(ctx, 'DeleteWebAuthnCredential', { CredentialId });
}
