/**
 * The browser's side of passkeys. Cognito speaks WebAuthn's JSON forms
 * (binary fields as base64url text); the browser's navigator.credentials
 * wants ArrayBuffers and answers with them. This module translates both ways
 * and turns the browser's DOMExceptions into AuthErrors. It is loaded only
 * when a passkey is used or registered, so it stays off the sign-in form's path.
 */
import { AuthError } from './errors.ts';

export function fromBase64Url(text: string): ArrayBuffer {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

export function toBase64Url(buffer: ArrayBuffer | ArrayBufferView): string {
  const bytes =
    buffer instanceof ArrayBuffer ? new Uint8Array(buffer) : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

interface DescriptorJson {
  id: string;
  type: string;
  transports?: string[];
}

const descriptor = (d: DescriptorJson): PublicKeyCredentialDescriptor => ({
  ...d,
  type: 'public-key',
  id: fromBase64Url(d.id),
  transports: d.transports as AuthenticatorTransport[] | undefined,
});

type RequestOptionsJson = Omit<PublicKeyCredentialRequestOptions, 'challenge' | 'allowCredentials'> & {
  challenge: string;
  allowCredentials?: DescriptorJson[];
};

type CreationOptionsJson = Omit<PublicKeyCredentialCreationOptions, 'challenge' | 'user' | 'excludeCredentials'> & {
  challenge: string;
  user: Omit<PublicKeyCredentialUserEntity, 'id'> & { id: string };
  excludeCredentials?: DescriptorJson[];
};

function parsed<T>(json: string | object): T {
  if (typeof json !== 'string') return json as T;
  try {
    return JSON.parse(json) as T;
  } catch (error) {
    throw new AuthError('Unknown', 'An unknown error has occurred.', "The pool's passkey options are not JSON.", { cause: error });
  }
}

/** CREDENTIAL_REQUEST_OPTIONS as navigator.credentials.get takes them. */
export function requestOptions(json: string | object): PublicKeyCredentialRequestOptions {
  const raw = parsed<RequestOptionsJson>(json);
  return { ...raw, challenge: fromBase64Url(raw.challenge), allowCredentials: raw.allowCredentials?.map(descriptor) };
}

/** StartWebAuthnRegistration's CredentialCreationOptions as navigator.credentials.create takes them. */
export function creationOptions(json: string | object): PublicKeyCredentialCreationOptions {
  const raw = parsed<CreationOptionsJson>(json);
  return {
    ...raw,
    challenge: fromBase64Url(raw.challenge),
    user: { ...raw.user, id: fromBase64Url(raw.user.id) },
    excludeCredentials: raw.excludeCredentials?.map(descriptor),
  };
}

/** The browser's error, in the client's words; the screens translate them. */
function passkeyError(error: unknown): AuthError {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') {
    return new AuthError(
      'PasskeyCancelled',
      'The passkey request was cancelled or timed out.',
      'Try again, or choose another way to sign in.',
      {
        cause: error,
      },
    );
  }
  if (name === 'InvalidStateError') {
    return new AuthError('PasskeyAlreadyRegistered', 'This device already has a passkey for this account.', 'Use the passkey you have.', {
      cause: error,
    });
  }
  if (name === 'NotSupportedError') return notSupported(error);
  return new AuthError('PasskeyFailed', 'The passkey could not be used.', error instanceof Error ? error.message : undefined, {
    cause: error,
  });
}

const notSupported = (cause?: unknown) =>
  new AuthError(
    'PasskeyNotSupported',
    'Function not supported on current platform',
    'This browser cannot use passkeys: choose another way to sign in.',
    { cause },
  );

function credentials(): CredentialsContainer {
  const container = globalThis.navigator?.credentials;
  if (!container || typeof globalThis.PublicKeyCredential === 'undefined') throw notSupported();
  return container;
}

async function run(call: () => Promise<Credential | null>): Promise<PublicKeyCredential> {
  let credential: Credential | null;
  try {
    credential = await call();
  } catch (error) {
    throw passkeyError(error);
  }
  if (!credential) throw passkeyError(Object.assign(new Error('No credential'), { name: 'NotAllowedError' }));
  return credential as PublicKeyCredential;
}

const attachment = (credential: PublicKeyCredential) => credential.authenticatorAttachment ?? undefined;

/** Whether this browser can offer a passkey among a field's autofill suggestions (WebAuthn conditional mediation). */
export async function conditionalMediation(): Promise<boolean> {
  try {
    return (await globalThis.PublicKeyCredential?.isConditionalMediationAvailable?.()) === true;
  } catch {
    return false;
  }
}

/**
 * The browser's passkey prompt; the answer as AuthenticationResponseJSON. With `mediation: 'conditional'` there is
 * no prompt: the passkey is offered among the suggestions of the field marked `autocomplete="… webauthn"`, until
 * the customer picks it or `signal` ends the request (PasskeyCancelled).
 */
export async function getPasskey(optionsJson: string, request: { mediation?: 'conditional'; signal?: AbortSignal } = {}) {
  const options = requestOptions(optionsJson);
  const credential = await run(() => credentials().get({ ...request, publicKey: options }));
  const response = credential.response as AuthenticatorAssertionResponse;
  return {
    id: credential.id,
    rawId: toBase64Url(credential.rawId),
    type: 'public-key' as const,
    response: {
      clientDataJSON: toBase64Url(response.clientDataJSON),
      authenticatorData: toBase64Url(response.authenticatorData),
      signature: toBase64Url(response.signature),
      ...(response.userHandle && { userHandle: toBase64Url(response.userHandle) }),
    },
    clientExtensionResults: credential.getClientExtensionResults(),
    authenticatorAttachment: attachment(credential),
  };
}

/**
 * Whether this browser can make a passkey without a dialog, right after the customer used a saved password
 * (WebAuthn conditional create, `getClientCapabilities().conditionalCreate`).
 */
export async function conditionalCreate(): Promise<boolean> {
  try {
    return (await globalThis.PublicKeyCredential?.getClientCapabilities?.())?.conditionalCreate === true;
  } catch {
    return false;
  }
}

/**
 * The browser makes a passkey; the answer as RegistrationResponseJSON. With `mediation: 'conditional'` there is no
 * dialog: the password manager makes it, or refuses (PasskeyCancelled), as it sees fit.
 */
export async function createPasskey(optionsJson: string | object, request: { mediation?: 'conditional' } = {}) {
  const options = creationOptions(optionsJson);
  const credential = await run(() => credentials().create({ ...request, publicKey: options }));
  const response = credential.response as AuthenticatorAttestationResponse;
  const publicKey = response.getPublicKey?.();
  const authenticatorData = response.getAuthenticatorData?.();
  return {
    id: credential.id,
    rawId: toBase64Url(credential.rawId),
    type: 'public-key' as const,
    response: {
      clientDataJSON: toBase64Url(response.clientDataJSON),
      attestationObject: toBase64Url(response.attestationObject),
      transports: response.getTransports?.() ?? [],
      ...(authenticatorData && { authenticatorData: toBase64Url(authenticatorData) }),
      ...(publicKey && { publicKey: toBase64Url(publicKey), publicKeyAlgorithm: response.getPublicKeyAlgorithm() }),
    },
    clientExtensionResults: credential.getClientExtensionResults(),
    authenticatorAttachment: attachment(credential),
  };
}

/**
 * The pool refused a passkey as none of the account's (deleted elsewhere, say): where the browser has the WebAuthn
 * Signal API, its password manager is told, and may drop it. A hint: skipped where missing, refusals ignored.
 */
export function signalUnknownCredential(optionsJson: string, credentialId: string): void {
  const api = globalThis.PublicKeyCredential as
    { signalUnknownCredential?: (options: { rpId: string; credentialId: string }) => Promise<void> } | undefined;
  if (!api?.signalUnknownCredential) return;
  const rpId = requestOptions(optionsJson).rpId ?? globalThis.location?.hostname;
  if (rpId) api.signalUnknownCredential({ rpId, credentialId }).catch(() => {});
}
