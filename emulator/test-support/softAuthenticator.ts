/**
 * A software WebAuthn authenticator for tests, standing in for the browser
 * and the security key together: it answers the CredentialCreationOptions of
 * StartWebAuthnRegistration with a RegistrationResponseJSON, and the
 * CREDENTIAL_REQUEST_OPTIONS of a WEB_AUTHN challenge with an
 * AuthenticationResponseJSON, built from node:crypto keys (ES256 on P-256 or
 * RS256), a CBOR encoder and an X.509 writer of its own. Every part can be
 * spoiled on purpose (`tamper`), so a test can check that the pool refuses it.
 *
 * It imports nothing but node:crypto, so any Node-side test can use it.
 */
import { type KeyObject, createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

// ---------------------------------------------------------------------------
// CBOR (RFC 8949), the little WebAuthn needs

export type CborInput = number | string | boolean | null | Uint8Array | CborInput[] | Map<number | string, CborInput>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(length, 1);
  return b;
}

export function encodeCbor(value: CborInput): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (typeof value === 'boolean') return Buffer.from([value ? 0xf5 : 0xf4]);
  if (value === null) return Buffer.from([0xf6]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(encodeCbor)]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [encodeCbor(k), encodeCbor(v)])]);
}

// ---------------------------------------------------------------------------
// DER, for an attestation certificate

const der = (tag: number, ...parts: Buffer[]) => {
  const content = Buffer.concat(parts);
  const n = content.length;
  const length = n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, content]);
};
const seq = (...parts: Buffer[]) => der(0x30, ...parts);
function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const bytes = [a! * 40 + b!];
  for (const n of rest) {
    const groups = [n & 0x7f];
    for (let v = n >> 7; v > 0; v >>= 7) groups.unshift((v & 0x7f) | 0x80);
    bytes.push(...groups);
  }
  return der(0x06, Buffer.from(bytes));
}
const utf8 = (text: string) => der(0x0c, Buffer.from(text, 'utf8'));
const printable = (text: string) => der(0x13, Buffer.from(text, 'ascii'));
const utcTime = (date: Date) => der(0x17, Buffer.from(`${date.toISOString().slice(2, 19).replace(/[-:T]/g, '')}Z`, 'ascii'));
const name = (attributes: [string, Buffer][]) => seq(...attributes.map(([type, value]) => der(0x31, seq(oid(type), value))));

const ECDSA_SHA256 = '1.2.840.10045.4.3.2';
const RSA_SHA256 = '1.2.840.113549.1.1.11';

/** A self-signed attestation certificate for `key`, as packed attestation wants it (WebAuthn §8.2.1). */
export function attestationCertificate(
  keys: { publicKey: KeyObject; privateKey: KeyObject },
  options: { ca?: boolean; organizationalUnit?: string } = {},
): Buffer {
  const rsa = keys.publicKey.asymmetricKeyType === 'rsa';
  const algorithm = rsa ? seq(oid(RSA_SHA256), der(0x05)) : seq(oid(ECDSA_SHA256));
  const subject = name([
    ['2.5.4.6', printable('GB')],
    ['2.5.4.10', utf8('Test Pool Authenticators')],
    ['2.5.4.11', utf8(options.organizationalUnit ?? 'Authenticator Attestation')],
    ['2.5.4.3', utf8('Soft Authenticator')],
  ]);
  const basicConstraints = seq(oid('2.5.29.19'), der(0x04, seq(...(options.ca ? [der(0x01, Buffer.from([0xff]))] : []))));
  const now = Date.now();
  const tbs = seq(
    der(0xa0, der(0x02, Buffer.from([0x02]))),
    der(0x02, Buffer.concat([Buffer.from([0x01]), randomBytes(8)])),
    algorithm,
    subject,
    seq(utcTime(new Date(now - 86_400_000)), utcTime(new Date(now + 365 * 86_400_000))),
    subject,
    keys.publicKey.export({ type: 'spki', format: 'der' }),
    der(0xa3, seq(basicConstraints)),
  );
  const signature = sign('sha256', tbs, keys.privateKey);
  return seq(tbs, algorithm, der(0x03, Buffer.from([0x00]), signature));
}

// ---------------------------------------------------------------------------
// The authenticator

export type Algorithm = 'ES256' | 'RS256';
const COSE_ALG: Record<Algorithm, number> = { ES256: -7, RS256: -257 };

export const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

export function newKeyPair(algorithm: Algorithm) {
  return algorithm === 'ES256' ? generateKeyPairSync('ec', { namedCurve: 'P-256' }) : generateKeyPairSync('rsa', { modulusLength: 2048 });
}

/** Signs as WebAuthn does: ES256 signatures DER-encoded (node's default), RS256 PKCS#1 v1.5. */
const signWith = (key: KeyObject, data: Buffer) => sign('sha256', data, key);

export const FLAGS = { UP: 0x01, UV: 0x04, AT: 0x40, ED: 0x80 } as const;

/** What a test may spoil in a ceremony; each field replaces what the authenticator would have put there. */
export interface Tamper {
  type?: string;
  challenge?: string;
  origin?: string;
  rpId?: string;
  /** the flags byte, instead of UP|UV (|AT at registration) */
  flags?: number;
  signCount?: number;
  /** flips a bit of the signature (assertion) or of the attestation signature (registration) */
  badSignature?: boolean;
  /** registration: the attestation format and statement */
  attestation?: 'none' | 'packed-self' | 'packed-x5c' | 'fido-u2f';
  /** packed x5c: signs with another key than the certificate's */
  x5cWrongKey?: boolean;
  /** packed x5c: what the certificate says of itself (a CA, another organisational unit) */
  x5cCertificate?: { ca?: boolean; organizationalUnit?: string };
  /** packed: the statement's alg, instead of the signing key's */
  attestationAlg?: number;
  /** assertion: answers with another credential id */
  credentialId?: string;
  userHandle?: string | null;
}

export interface CreationOptionsJSON {
  challenge: string;
  rp: { id: string; name: string };
  user: { id: string; name: string; displayName: string };
  pubKeyCredParams: { type: string; alg: number }[];
  excludeCredentials?: { id: string; type: string }[];
  authenticatorSelection?: { userVerification?: string };
  timeout?: number;
}

export interface RequestOptionsJSON {
  challenge: string;
  rpId: string;
  allowCredentials?: { id: string; type: string; transports?: string[] }[];
  userVerification?: string;
  timeout?: number;
}

export class SoftAuthenticator {
  readonly algorithm: Algorithm;
  readonly credentialId: Buffer;
  readonly keys: { publicKey: KeyObject; privateKey: KeyObject };
  /** the next signature counter; 0 for an authenticator that keeps none */
  signCount: number;
  userHandle?: string;
  private readonly countsSignatures: boolean;

  constructor(options: { algorithm?: Algorithm; countsSignatures?: boolean } = {}) {
    this.algorithm = options.algorithm ?? 'ES256';
    this.credentialId = randomBytes(32);
    this.keys = newKeyPair(this.algorithm);
    this.countsSignatures = options.countsSignatures ?? true;
    this.signCount = 0;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The credential's public key as a COSE_Key. */
  coseKey(): Buffer {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const bytes = (value: string | undefined) => Buffer.from(value!, 'base64url');
    const map =
      this.algorithm === 'ES256'
        ? new Map<number, CborInput>([
            [1, 2],
            [3, -7],
            [-1, 1],
            [-2, bytes(jwk.x)],
            [-3, bytes(jwk.y)],
          ])
        : new Map<number, CborInput>([
            [1, 3],
            [3, -257],
            [-1, bytes(jwk.n)],
            [-2, bytes(jwk.e)],
          ]);
    return encodeCbor(map);
  }

  private authenticatorData(rpId: string, flags: number, signCount: number, attested: boolean): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(signCount);
    const parts: Buffer[] = [sha256(rpId), Buffer.from([flags]), counter];
    if (attested) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), length, this.credentialId, this.coseKey());
    }
    return Buffer.concat(parts);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
  }

  /** navigator.credentials.create() and its toJSON(): the RegistrationResponseJSON CompleteWebAuthnRegistration takes. */
  register(options: CreationOptionsJSON, origin: string, tamper: Tamper = {}) {
    if (!options.pubKeyCredParams.some((param) => param.alg === COSE_ALG[this.algorithm])) {
      throw new Error(`The options do not offer ${this.algorithm}.`);
    }
    this.userHandle = options.user.id;
    const clientDataJSON = this.clientData(
      tamper.type ?? 'webauthn.create',
      tamper.challenge ?? options.challenge,
      tamper.origin ?? origin,
    );
    const signCount = tamper.signCount ?? (this.countsSignatures ? this.signCount++ : 0);
    const flags = tamper.flags ?? FLAGS.UP | FLAGS.UV | FLAGS.AT;
    const authData = this.authenticatorData(tamper.rpId ?? options.rp.id, flags, signCount, true);
    const signed = Buffer.concat([authData, sha256(clientDataJSON)]);
    const format = tamper.attestation ?? 'none';
    const spoil = (signature: Buffer) => {
      if (tamper.badSignature) signature[signature.length - 1]! ^= 0x01;
      return signature;
    };
    let fmt: string;
    let attStmt: Map<number | string, CborInput>;
    if (format === 'none') {
      fmt = 'none';
      attStmt = new Map();
    } else if (format === 'packed-self') {
      fmt = 'packed';
      attStmt = new Map<string, CborInput>([
        ['alg', tamper.attestationAlg ?? COSE_ALG[this.algorithm]],
        ['sig', spoil(signWith(this.keys.privateKey, signed))],
      ]);
    } else if (format === 'packed-x5c') {
      fmt = 'packed';
      const attestationKeys = newKeyPair(this.algorithm);
      const certificate = attestationCertificate(attestationKeys, tamper.x5cCertificate);
      const signer = tamper.x5cWrongKey ? newKeyPair(this.algorithm).privateKey : attestationKeys.privateKey;
      attStmt = new Map<string, CborInput>([
        ['alg', tamper.attestationAlg ?? COSE_ALG[this.algorithm]],
        ['sig', spoil(signWith(signer, signed))],
        ['x5c', [certificate]],
      ]);
    } else {
      fmt = 'fido-u2f';
      attStmt = new Map<string, CborInput>([['sig', signWith(this.keys.privateKey, signed)]]);
    }
    const attestationObject = encodeCbor(
      new Map<string, CborInput>([
        ['fmt', fmt],
        ['attStmt', attStmt],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
        publicKeyAlgorithm: COSE_ALG[this.algorithm],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: { credProps: { rk: true } },
    };
  }

  /** navigator.credentials.get() and its toJSON(), as the JSON string WEB_AUTHN's CREDENTIAL takes. */
  assert(options: RequestOptionsJSON, origin: string, tamper: Tamper = {}): string {
    const clientDataJSON = this.clientData(tamper.type ?? 'webauthn.get', tamper.challenge ?? options.challenge, tamper.origin ?? origin);
    const signCount = tamper.signCount ?? (this.countsSignatures ? ++this.signCount : 0);
    const flags = tamper.flags ?? FLAGS.UP | FLAGS.UV;
    const authData = this.authenticatorData(tamper.rpId ?? options.rpId, flags, signCount, false);
    const signature = signWith(this.keys.privateKey, Buffer.concat([authData, sha256(clientDataJSON)]));
    if (tamper.badSignature) signature[signature.length - 1]! ^= 0x01;
    const id = tamper.credentialId ?? this.id;
    const userHandle = tamper.userHandle === undefined ? this.userHandle : tamper.userHandle;
    return JSON.stringify({
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(userHandle ? { userHandle } : {}),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    });
  }
}
