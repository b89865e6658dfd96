/**
 * Passkeys, verified for real (WebAuthn Level 2 §7): registration options
 * with a fresh single-use challenge, the relying party and the user handle;
 * the attestation a browser returns (formats `none` and `packed`, self or
 * with a certificate) and each assertion at sign-in, checked for its type,
 * challenge, origin, relying-party hash, user presence and verification,
 * signature (ES256, RS256) and signature counter. Only node:crypto and the
 * small CBOR reader next door are used.
 */
import {
  type JsonWebKey,
  type KeyObject,
  X509Certificate,
  createHash,
  createPublicKey,
  randomBytes,
  timingSafeEqual,
  verify,
} from 'node:crypto';
import { type CborMap, type CborValue, decodeCbor, decodeCborWhole } from './cbor.ts';
import { type Context, userChanged } from './context.ts';
import { type CognitoError, errors } from './errors.ts';
import { passkeyMfa } from './mfa.ts';
import { type SignInAnswer, challenge } from './signIn.ts';
import type { Passkey, PendingRegistration, SignInProgress, User, UserPool } from './state.ts';

/** How long the browser is given for a ceremony, and how long its challenge is good for (ms). */
export const CEREMONY_TIMEOUT_MS = 3 * 60 * 1000;
/** Passkeys one user may register, as in Cognito's quotas. */
export const MAX_PASSKEYS = 20;

const ES256 = -7;
const RS256 = -257;

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;
const FLAG_ED = 0x80;

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const newChallenge = () => randomBytes(32).toString('base64url');

/** The opaque user handle (`user.id`) the pool gives the authenticator: base64url of the immutable user name. */
export const userHandle = (user: User) => Buffer.from(user.username, 'utf8').toString('base64url');

/** The user's passkeys for the pool's present relying party; one made for another cannot answer. */
export function usablePasskeys(pool: UserPool, user: User): Passkey[] {
  const rpId = pool.webAuthn.relyingPartyId;
  return rpId ? (user.passkeys ?? []).filter((passkey) => passkey.relyingPartyId === rpId) : [];
}

const descriptor = (passkey: Passkey) => ({
  type: 'public-key',
  id: passkey.credentialId,
  ...(passkey.transports.length > 0 ? { transports: passkey.transports } : {}),
});

/** The pool's relying party, for the registration calls; refused as Cognito does when passkeys are off or unconfigured. */
export function relyingPartyFor(pool: UserPool): string {
  if (!pool.allowedFirstAuthFactors.includes('WEB_AUTHN')) throw errors.webAuthnNotEnabled();
  if (!pool.webAuthn.relyingPartyId) throw errors.webAuthnConfigurationMissing();
  return pool.webAuthn.relyingPartyId;
}

/** StartWebAuthnRegistration's CredentialCreationOptions (PublicKeyCredentialCreationOptionsJSON). */
export function creationOptions(pool: UserPool, user: User, pending: PendingRegistration) {
  const name = user.attributes.email ?? user.attributes.phone_number ?? user.username;
  return {
    challenge: pending.challenge,
    rp: { id: pending.relyingPartyId, name: pending.relyingPartyId },
    user: { id: userHandle(user), name, displayName: name },
    pubKeyCredParams: [
      { type: 'public-key', alg: ES256 },
      { type: 'public-key', alg: RS256 },
    ],
    timeout: CEREMONY_TIMEOUT_MS,
    excludeCredentials: usablePasskeys(pool, user).map(descriptor),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: pool.webAuthn.userVerification },
    extensions: { credProps: true },
  };
}

export function newRegistration(ctx: Context, clientId: string, relyingPartyId: string): PendingRegistration {
  return { clientId, challenge: newChallenge(), relyingPartyId, expiresAt: ctx.now() + CEREMONY_TIMEOUT_MS };
}

/** A user with passkey MFA on signs in with user verification, whatever the pool prefers. */
const signInVerification = (pool: UserPool, user: User) => (passkeyMfa(pool, user) ? 'required' : pool.webAuthn.userVerification);

/** The WEB_AUTHN sign-in challenge: request options for navigator.credentials.get, as a JSON string (the same for every user but for the verification passkey MFA asks). */
export function passkeyChallenge(ctx: Context, pool: UserPool, user: User, progress: SignInProgress): SignInAnswer {
  const webAuthnChallenge = newChallenge();
  const options = {
    challenge: webAuthnChallenge,
    timeout: CEREMONY_TIMEOUT_MS,
    rpId: pool.webAuthn.relyingPartyId,
    // Empty: a pool's passkeys are discoverable (resident keys), and naming the user's credentials before any proof
    // would tell whoever asks which accounts have passkeys, and which.
    allowCredentials: [],
    userVerification: signInVerification(pool, user),
  };
  return challenge(ctx, 'WEB_AUTHN', progress, { CREDENTIAL_REQUEST_OPTIONS: JSON.stringify(options) }, { webAuthnChallenge });
}

// ---------------------------------------------------------------------------
// Reading what the browser sent

/** Thrown while reading or checking; the caller turns it into the error its operation answers with. */
class Refusal extends Error {
  readonly rule: Rule;
  constructor(rule: Rule, message: string) {
    super(message);
    this.rule = rule;
  }
}

/** Which check failed, so registration can answer each with Cognito's own exception. */
type Rule = 'malformed' | 'type' | 'challenge' | 'origin' | 'rpId' | 'presence' | 'verification' | 'unsupported' | 'attestation';

const refuse = (rule: Rule, message: string): never => {
  throw new Refusal(rule, message);
};

const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/;

function bytesOf(value: unknown, name: string): Buffer {
  if (typeof value !== 'string' || !BASE64URL.test(value)) return refuse('malformed', `${name} must be base64url text.`);
  return Buffer.from(value, 'base64url');
}

function record(value: unknown, name: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return refuse('malformed', `${name} must be an object.`);
  return value as Record<string, unknown>;
}

interface ClientData {
  type: string;
  challenge: string;
  origin: string;
}

function clientDataOf(raw: Buffer): ClientData {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    return refuse('malformed', 'clientDataJSON is not JSON.');
  }
  const data = record(parsed, 'clientDataJSON');
  const { type, challenge: given, origin } = data;
  if (typeof type !== 'string' || typeof given !== 'string' || typeof origin !== 'string') {
    return refuse('malformed', 'clientDataJSON lacks its type, challenge or origin.');
  }
  return { type, challenge: given, origin };
}

/**
 * An origin a page of the relying party may have: https on the rp id or a
 * subdomain of it, or, for `localhost`, a page on localhost over http or
 * https with any port (browsers treat localhost as a secure context).
 */
export function originAllowed(origin: string, rpId: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin) return false;
  if (rpId === 'localhost') return url.hostname === 'localhost' && (url.protocol === 'http:' || url.protocol === 'https:');
  return url.protocol === 'https:' && (url.hostname === rpId || url.hostname.endsWith(`.${rpId}`));
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function checkClientData(data: ClientData, type: 'webauthn.create' | 'webauthn.get', expectedChallenge: string, rpId: string) {
  if (data.type !== type) refuse('type', `clientDataJSON.type is ${JSON.stringify(data.type)}, not ${type}.`);
  if (!sameText(data.challenge, expectedChallenge)) refuse('challenge', 'clientDataJSON.challenge is not the challenge this pool issued.');
  if (!originAllowed(data.origin, rpId)) refuse('origin', `The origin ${data.origin} is not allowed for the relying party ${rpId}.`);
}

interface AuthenticatorData {
  raw: Buffer;
  rpIdHash: Buffer;
  flags: number;
  signCount: number;
  credential?: { aaguid: Buffer; id: Buffer; publicKey: CborMap };
}

/**
 * Authenticator data is at most this long: 37 bytes, an attested credential
 * (18 bytes, an id of at most 1023, a COSE key of a few hundred for RSA-4096)
 * and small extensions. Anything longer is refused before it is read.
 */
export const MAX_AUTHENTICATOR_DATA = 2048;

/** The fixed 37 bytes (rpIdHash, flags, signCount), read without decoding what follows them. */
function authenticatorHeaderOf(raw: Buffer): AuthenticatorData {
  if (raw.length < 37) return refuse('malformed', 'The authenticator data is shorter than 37 bytes.');
  if (raw.length > MAX_AUTHENTICATOR_DATA) refuse('malformed', `The authenticator data is longer than ${MAX_AUTHENTICATOR_DATA} bytes.`);
  return { raw, rpIdHash: raw.subarray(0, 32), flags: raw.readUInt8(32), signCount: raw.readUInt32BE(33) };
}

function authenticatorDataOf(raw: Buffer): AuthenticatorData {
  const data = authenticatorHeaderOf(raw);
  const flags = data.flags;
  let at = 37;
  try {
    if (flags & FLAG_AT) {
      if (raw.length < at + 18) refuse('malformed', 'The attested credential data is cut short.');
      const aaguid = raw.subarray(at, at + 16);
      const idLength = raw.readUInt16BE(at + 16);
      at += 18;
      if (idLength === 0 || idLength > 1023 || raw.length < at + idLength)
        refuse('malformed', 'The credential id is cut short or too long.');
      const id = raw.subarray(at, at + idLength);
      at += idLength;
      const { value, end } = decodeCbor(raw, at);
      if (!(value instanceof Map)) return refuse('malformed', 'The credential public key is not a COSE key.');
      data.credential = { aaguid, id, publicKey: value };
      at = end;
    }
    if (flags & FLAG_ED) at = decodeCbor(raw, at).end;
  } catch (error) {
    if (error instanceof Refusal) throw error;
    return refuse('malformed', `The authenticator data cannot be read: ${(error as Error).message}`);
  }
  if (at !== raw.length) refuse('malformed', 'The authenticator data has bytes its flags do not account for.');
  return data;
}

function checkAuthenticatorData(data: AuthenticatorData, rpId: string, userVerification: 'required' | 'preferred') {
  if (!data.rpIdHash.equals(sha256(rpId))) refuse('rpId', `The authenticator data is for another relying party than ${rpId}.`);
  if (!(data.flags & FLAG_UP)) refuse('presence', 'The authenticator did not report user presence (flag UP).');
  if (userVerification === 'required' && !(data.flags & FLAG_UV)) {
    refuse('verification', 'The pool requires user verification and the authenticator did not report it (flag UV).');
  }
}

/** A COSE_Key (RFC 9053) turned into a key node:crypto verifies with, for ES256 on P-256 and RS256. */
function publicKeyOf(cose: CborMap): { jwk: JsonWebKey; algorithm: Passkey['algorithm'] } {
  const kty = cose.get(1);
  const alg = cose.get(3);
  const part = (label: number) => {
    const value = cose.get(label);
    return Buffer.isBuffer(value) ? value.toString('base64url') : refuse('malformed', `The COSE key lacks its parameter ${label}.`);
  };
  let jwk: JsonWebKey;
  let algorithm: Passkey['algorithm'];
  if (kty === 2 && alg === ES256) {
    if (cose.get(-1) !== 1) return refuse('unsupported', 'Only the P-256 curve is accepted for ES256 keys.');
    jwk = { kty: 'EC', crv: 'P-256', x: part(-2), y: part(-3) };
    algorithm = ES256;
  } else if (kty === 3 && alg === RS256) {
    jwk = { kty: 'RSA', n: part(-1), e: part(-2) };
    algorithm = RS256;
  } else {
    return refuse(
      'unsupported',
      `The key (kty ${JSON.stringify(kty ?? null)}, alg ${JSON.stringify(alg ?? null)}) is neither ES256 nor RS256.`,
    );
  }
  try {
    createPublicKey({ key: jwk, format: 'jwk' });
  } catch {
    return refuse('malformed', 'The COSE key is not a valid public key.');
  }
  return { jwk, algorithm };
}

/** Checks a signature; ES256 signatures are DER-encoded, as WebAuthn sends them. */
function signatureValid(key: KeyObject, algorithm: Passkey['algorithm'], data: Buffer, signature: Buffer): boolean {
  try {
    return algorithm === ES256 ? verify('sha256', data, { key, dsaEncoding: 'der' }, signature) : verify('sha256', data, key, signature);
  } catch {
    return false;
  }
}

const algorithmOfKey = (key: KeyObject): Passkey['algorithm'] | undefined =>
  key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1'
    ? ES256
    : key.asymmetricKeyType === 'rsa'
      ? RS256
      : undefined;

/** Attestation statement formats `none` and `packed` (WebAuthn §8.2, §8.7). */
function checkAttestation(
  fmt: CborValue,
  statement: CborValue,
  authData: Buffer,
  clientDataHash: Buffer,
  credential: ReturnType<typeof publicKeyOf>,
) {
  if (!(statement instanceof Map)) return refuse('malformed', 'attStmt is not a map.');
  if (fmt === 'none') {
    if (statement.size !== 0) refuse('attestation', 'A "none" attestation must have an empty statement.');
    return;
  }
  if (fmt !== 'packed') return refuse('unsupported', `The attestation format ${JSON.stringify(fmt)} is not accepted; use none or packed.`);
  const alg = statement.get('alg');
  const sig = statement.get('sig');
  const x5c = statement.get('x5c');
  if (typeof alg !== 'number' || !Buffer.isBuffer(sig)) return refuse('malformed', 'A packed attestation needs alg and sig.');
  const signed = Buffer.concat([authData, clientDataHash]);
  if (x5c === undefined) {
    // Self attestation: signed by the credential's own key, with its algorithm.
    if (alg !== credential.algorithm) refuse('attestation', "A self attestation must use the credential key's algorithm.");
    const key = createPublicKey({ key: credential.jwk, format: 'jwk' });
    if (!signatureValid(key, credential.algorithm, signed, sig)) refuse('attestation', 'The self attestation signature does not verify.');
    return;
  }
  if (!Array.isArray(x5c) || x5c.length === 0 || !x5c.every((cert) => Buffer.isBuffer(cert))) {
    return refuse('malformed', 'x5c must be a list of DER certificates.');
  }
  let leaf: X509Certificate;
  try {
    leaf = new X509Certificate(x5c[0] as Buffer);
  } catch {
    return refuse('attestation', 'The attestation certificate cannot be read.');
  }
  if (leaf.ca) refuse('attestation', 'The attestation certificate must not be a CA certificate.');
  if (!/(^|\n)OU=Authenticator Attestation(\n|$)/.test(leaf.subject)) {
    refuse('attestation', "The attestation certificate's subject must have OU=Authenticator Attestation.");
  }
  const certAlgorithm = algorithmOfKey(leaf.publicKey);
  if (certAlgorithm === undefined || certAlgorithm !== alg) refuse('attestation', "alg does not match the attestation certificate's key.");
  if (!signatureValid(leaf.publicKey, alg as Passkey['algorithm'], signed, sig)) {
    refuse('attestation', "The attestation signature does not verify with the certificate's key.");
  }
}

const REGISTRATION_ERRORS: Record<Rule, (message: string) => CognitoError> = {
  malformed: errors.invalidParameter,
  type: errors.invalidParameter,
  challenge: () => errors.webAuthnChallengeNotFound('The credential answers another challenge than the one this registration issued.'),
  origin: errors.webAuthnOriginNotAllowed,
  rpId: errors.webAuthnRelyingPartyMismatch,
  presence: errors.invalidParameter,
  verification: errors.webAuthnCredentialNotSupported,
  unsupported: errors.webAuthnCredentialNotSupported,
  attestation: errors.invalidParameter,
};

/**
 * CompleteWebAuthnRegistration's check of a RegistrationResponseJSON against
 * the registration that issued its challenge. Answers the passkey to keep, or
 * throws the exception Cognito documents for the rule broken.
 */
export function verifyRegistration(
  pool: UserPool,
  pending: PendingRegistration,
  credential: unknown,
  now: number,
): Omit<Passkey, 'friendlyName'> {
  try {
    const body = record(credential, 'Credential');
    const response = record(body.response, 'Credential.response');
    if (body.type !== 'public-key') refuse('malformed', 'Credential.type must be public-key.');
    const rawId = bytesOf(body.rawId ?? body.id, 'Credential.rawId');
    if (typeof body.id !== 'string' || body.id !== rawId.toString('base64url')) refuse('malformed', 'Credential.id and rawId differ.');
    const clientDataRaw = bytesOf(response.clientDataJSON, 'response.clientDataJSON');
    checkClientData(clientDataOf(clientDataRaw), 'webauthn.create', pending.challenge, pending.relyingPartyId);
    let attestation: CborValue;
    try {
      attestation = decodeCborWhole(bytesOf(response.attestationObject, 'response.attestationObject'));
    } catch (error) {
      if (error instanceof Refusal) throw error;
      return refuse('malformed', 'The attestation object is not CBOR.');
    }
    if (!(attestation instanceof Map)) return refuse('malformed', 'The attestation object is not a map.');
    const authDataRaw = attestation.get('authData');
    if (!Buffer.isBuffer(authDataRaw)) return refuse('malformed', 'The attestation object has no authData.');
    const authData = authenticatorDataOf(authDataRaw);
    checkAuthenticatorData(authData, pending.relyingPartyId, pool.webAuthn.userVerification);
    if (!authData.credential) return refuse('malformed', 'The authenticator data holds no attested credential (flag AT).');
    if (!authData.credential.id.equals(rawId)) refuse('malformed', "The attested credential id is not the credential's id.");
    const key = publicKeyOf(authData.credential.publicKey);
    checkAttestation(attestation.get('fmt'), attestation.get('attStmt'), authDataRaw, sha256(clientDataRaw), key);
    const transports = Array.isArray(response.transports) ? response.transports.filter((t): t is string => typeof t === 'string') : [];
    const attachment = typeof body.authenticatorAttachment === 'string' ? body.authenticatorAttachment : undefined;
    return {
      credentialId: rawId.toString('base64url'),
      publicKey: key.jwk,
      algorithm: key.algorithm,
      signCount: authData.signCount,
      relyingPartyId: pending.relyingPartyId,
      ...(attachment ? { attachment } : {}),
      transports: transports.slice(0, 8),
      createdAt: now,
    };
  } catch (error) {
    if (error instanceof Refusal) throw REGISTRATION_ERRORS[error.rule](error.message);
    throw error;
  }
}

/** Why an assertion was refused; every refusal at sign-in is Cognito's NotAuthorizedException. */
const assertionRefused = (reason: string) => errors.notAuthorized(`The passkey was refused: ${reason}`);

/**
 * The WEB_AUTHN answer: an AuthenticationResponseJSON for the challenge the
 * session issued, by one of this user's passkeys. On success the passkey's
 * counter moves on (the caller reports the user changed).
 */
export function verifyAssertion(ctx: Context, pool: UserPool, user: User, expectedChallenge: string, credentialJson: string): Passkey {
  try {
    let parsed: unknown;
    try {
      parsed = JSON.parse(credentialJson);
    } catch {
      return refuse('malformed', 'CREDENTIAL is not JSON.');
    }
    const body = record(parsed, 'CREDENTIAL');
    const response = record(body.response, 'CREDENTIAL.response');
    if (body.type !== 'public-key') refuse('malformed', 'CREDENTIAL.type must be public-key.');
    const rawId = bytesOf(body.rawId ?? body.id, 'CREDENTIAL.rawId');
    const id = rawId.toString('base64url');
    if (body.id !== id) refuse('malformed', 'CREDENTIAL.id and rawId differ.');
    const passkey = usablePasskeys(pool, user).find((candidate) => candidate.credentialId === id);
    if (!passkey) return refuse('malformed', 'the credential is not a passkey of this user.');
    if (response.userHandle !== undefined && response.userHandle !== null) {
      if (!bytesOf(response.userHandle, 'response.userHandle').equals(Buffer.from(userHandle(user), 'base64url'))) {
        refuse('malformed', "the user handle is not this user's.");
      }
    }
    const clientDataRaw = bytesOf(response.clientDataJSON, 'response.clientDataJSON');
    checkClientData(clientDataOf(clientDataRaw), 'webauthn.get', expectedChallenge, passkey.relyingPartyId);
    const authDataRaw = bytesOf(response.authenticatorData, 'response.authenticatorData');
    // The fixed part first; what follows it (extensions) is decoded only once the signature proves it the authenticator's.
    checkAuthenticatorData(authenticatorHeaderOf(authDataRaw), passkey.relyingPartyId, signInVerification(pool, user));
    const signature = bytesOf(response.signature, 'response.signature');
    const key = createPublicKey({ key: passkey.publicKey, format: 'jwk' });
    if (!signatureValid(key, passkey.algorithm, Buffer.concat([authDataRaw, sha256(clientDataRaw)]), signature)) {
      refuse('attestation', "the signature does not verify with the passkey's key.");
    }
    const authData = authenticatorDataOf(authDataRaw);
    // §7.2 step 21: a counter that does not move on, where either side keeps one, may be a cloned authenticator.
    if ((authData.signCount !== 0 || passkey.signCount !== 0) && authData.signCount <= passkey.signCount) {
      refuse('attestation', `the signature counter ${authData.signCount} did not increase past ${passkey.signCount}.`);
    }
    passkey.signCount = authData.signCount;
    userChanged(ctx, pool, user);
    return passkey;
  } catch (error) {
    if (error instanceof Refusal) throw assertionRefused(error.message.charAt(0).toLowerCase() + error.message.slice(1));
    throw error;
  }
}
