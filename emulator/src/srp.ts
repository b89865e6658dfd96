/**
 * The server half of Cognito's SRP-6a variant, written from the protocol notes
 * in shared/reference/cognito-protocol.md. Independent from the browser client
 * on purpose: the two meet only on the wire, so a shared bug cannot hide.
 */
import { createDiffieHellman, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { channel } from 'node:diagnostics_channel';

/**
 * Where the costly steps of SRP are announced (`{ step: 'exponentiation' }`,
 * `{ step: 'decoy' }`), and a code's delivery, real or simulated
 * (`{ step: 'delivery' }`), for tests that check a name that is no user costs
 * the pool exactly the work a user does. Nothing is published without a listener.
 */
export const WORK_CHANNEL = 'cognito-test-pool:srp-work';
const work = channel(WORK_CHANNEL);
export const announce = (step: 'exponentiation' | 'decoy' | 'delivery') => {
  if (work.hasSubscribers) work.publish({ step });
};

// RFC 3526, 3072-bit MODP group.
const N_HEX =
  'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
  'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
  'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
  '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
  'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
  '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
  'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
  'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF';

export const N = BigInt(`0x${N_HEX}`);
export const g = 2n;

/** Even-length hex of a non-negative integer, with a leading 00 when the top bit is set (Java's toByteArray). */
export function padHex(value: bigint): string {
  let hex = value.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  if (/^[89a-f]/.test(hex)) hex = `00${hex}`;
  return hex;
}

export const hexToBigInt = (hex: string): bigint => BigInt(`0x${hex}`);

export function sha256(...parts: (Buffer | string)[]): Buffer {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
}

const hashHex = (hex: string): Buffer => sha256(Buffer.from(hex, 'hex'));

export const k = hexToBigInt(hashHex(padHex(N) + padHex(g)).toString('hex'));

function bigIntModPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = ((base % modulus) + modulus) % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    e >>= 1n;
    b = (b * b) % modulus;
  }
  return result;
}

const N_BYTES = Buffer.from(N_HEX, 'hex');
const G_BYTES = Buffer.from([2]);
const toBytes = (value: bigint) => {
  const hex = value.toString(16);
  return Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
};

/**
 * base^exponent mod N through OpenSSL's Diffie-Hellman, about ten times faster
 * than BigInt: g^b is a DH public key, and y^b a DH shared secret with y as the
 * peer key. OpenSSL refuses a few degenerate bases (1, N−1); BigInt does those.
 */
function nativeModPow(base: bigint, exponent: bigint): bigint | null {
  try {
    const dh = createDiffieHellman(N_BYTES, G_BYTES);
    dh.setPrivateKey(toBytes(exponent));
    const out = base === g ? (dh.generateKeys(), dh.getPublicKey()) : dh.computeSecret(toBytes(base));
    return hexToBigInt(out.toString('hex'));
  } catch {
    return null;
  }
}

export function modPow(base: bigint, exponent: bigint, modulus: bigint = N): bigint {
  announce('exponentiation');
  const reduced = ((base % modulus) + modulus) % modulus;
  if (modulus === N && exponent > 0n && reduced > 1n) {
    const fast = nativeModPow(reduced, exponent);
    if (fast !== null) return fast;
  }
  return bigIntModPow(reduced, exponent, modulus);
}

/** x = H(salt ‖ H(realm ‖ id ‖ ":" ‖ password)); realm is the pool's short name or the device group key. */
export function computeX(saltHex: string, realm: string, id: string, password: string): bigint {
  const inner = sha256(`${realm}${id}:${password}`);
  return hexToBigInt(sha256(Buffer.from(padHex(hexToBigInt(saltHex)), 'hex'), inner).toString('hex'));
}

export interface Verifier {
  /** hex */
  salt: string;
  /** hex of g^x mod N */
  verifier: string;
}

export function createVerifier(realm: string, id: string, password: string): Verifier {
  const salt = randomBytes(16).toString('hex');
  const x = computeX(salt, realm, id, password);
  return { salt, verifier: padHex(modPow(g, x, N)) };
}

export function verifierMatches(stored: Verifier, realm: string, id: string, password: string): boolean {
  const x = computeX(stored.salt, realm, id, password);
  const candidate = Buffer.from(padHex(modPow(g, x, N)), 'hex');
  const expected = Buffer.from(stored.verifier, 'hex');
  return candidate.length === expected.length && timingSafeEqual(candidate, expected);
}

export interface ServerHandshake {
  b: bigint;
  B: bigint;
}

export function startHandshake(verifierHex: string): ServerHandshake {
  const v = hexToBigInt(verifierHex);
  for (;;) {
    const b = hexToBigInt(randomBytes(32).toString('hex'));
    const B = (k * v + modPow(g, b)) % N;
    if (B !== 0n) return { b, B };
  }
}

/** The 16-byte session key both sides derive; null when A is unusable. */
export function deriveKey(AHex: string, handshake: ServerHandshake, verifierHex: string): Buffer | null {
  const A = hexToBigInt(AHex);
  if (A % N === 0n) return null;
  const u = hexToBigInt(hashHex(padHex(A) + padHex(handshake.B)).toString('hex'));
  if (u === 0n) return null;
  const v = hexToBigInt(verifierHex);
  const S = modPow(A * modPow(v, u, N), handshake.b, N);
  const prk = createHmac('sha256', Buffer.from(padHex(u), 'hex'))
    .update(Buffer.from(padHex(S), 'hex'))
    .digest();
  const info = Buffer.concat([Buffer.from('Caldera Derived Key', 'utf8'), Buffer.from([1])]);
  return createHmac('sha256', prk).update(info).digest().subarray(0, 16);
}

export function expectedSignature(key: Buffer, realm: string, id: string, secretBlockB64: string, timestamp: string): Buffer {
  return createHmac('sha256', key)
    .update(Buffer.from(realm, 'utf8'))
    .update(Buffer.from(id, 'utf8'))
    .update(Buffer.from(secretBlockB64, 'base64'))
    .update(Buffer.from(timestamp, 'utf8'))
    .digest();
}

export function signatureMatches(expected: Buffer, givenB64: string): boolean {
  const given = Buffer.from(givenB64, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const TIMESTAMP =
  /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) ([1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):([0-5]\d):([0-5]\d) UTC (\d{4})$/;

/**
 * Cognito insists on `EEE MMM d HH:mm:ss UTC yyyy` with an unpadded day and a
 * weekday that matches the date; anything else fails like a wrong password.
 */
export function isValidTimestamp(value: string): boolean {
  const m = TIMESTAMP.exec(value);
  if (!m) return false;
  const [, day, month, date, hh, mm, ss, year] = m;
  const at = new Date(Date.UTC(Number(year), MONTHS.indexOf(month!), Number(date), Number(hh), Number(mm), Number(ss)));
  return at.getUTCDate() === Number(date) && DAYS[at.getUTCDay()] === day;
}
