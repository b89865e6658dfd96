/**
 * A passkey for the benchmark's passkey path: registered with the pool from
 * Node (a software authenticator answers StartWebAuthnRegistration, as the
 * emulator's own tests do), then handed to Chromium's virtual authenticator
 * (CDP) in each fresh browser context, which signs the pool's challenge as a
 * platform authenticator would. The signature counter is carried from one
 * context to the next, so the pool sees it grow.
 */
import type { CDPSession } from '@playwright/test';
import { type CreationOptionsJSON, SoftAuthenticator } from '../emulator/test-support/softAuthenticator.ts';
import { call, type Pool, srpSignIn } from './srpClient.ts';

export interface BenchPasskey {
  /** CDP's WebAuthn.Credential, binary fields in base64 */
  credentialId: string;
  privateKey: string;
  rpId: string;
  userHandle: string;
  signCount: number;
}

/** Registers a passkey for `email` (who signs in with `password`) from a page of `origin`. */
export async function registerPasskey(pool: Pool, email: string, password: string, origin: string): Promise<BenchPasskey> {
  const accessToken = await srpSignIn(pool, email, password);
  const started = await call(pool.endpoint, 'StartWebAuthnRegistration', { AccessToken: accessToken });
  const options = started.CredentialCreationOptions as CreationOptionsJSON;
  const authenticator = new SoftAuthenticator();
  const credential = authenticator.register(options, origin);
  await call(pool.endpoint, 'CompleteWebAuthnRegistration', { AccessToken: accessToken, Credential: credential });
  return {
    credentialId: authenticator.credentialId.toString('base64'),
    privateKey: authenticator.keys.privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
    rpId: options.rp.id,
    userHandle: Buffer.from(options.user.id, 'base64url').toString('base64'),
    signCount: authenticator.signCount,
  };
}

/** A virtual platform authenticator holding `passkey`, which verifies the user and answers at once. */
export async function holdPasskey(cdp: CDPSession, passkey: BenchPasskey): Promise<() => Promise<void>> {
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  await cdp.send('WebAuthn.addCredential', {
    authenticatorId,
    credential: { ...passkey, isResidentCredential: true },
  });
  /** Reads the counter back after the ceremony, for the next context. */
  return async () => {
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    const held = credentials.find((credential) => credential.credentialId === passkey.credentialId);
    if (held) passkey.signCount = held.signCount;
  };
}
