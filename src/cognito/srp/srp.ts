/**
 * The client half of Cognito's SRP: prove knowledge of a password without
 * sending it or any value from which it could be replayed. Works for user
 * sign-in (realm = the pool's short name, id = USER_ID_FOR_SRP) and for device
 * sign-in (realm = device group key, id = device key) alike.
 */
import { N, g, k, modPow, powerOfTwoInSteps, type StepwisePower } from './group.ts';
import { nextTask } from '../nextTask.ts';
import { base64ToBytes, bytesToBase64, bytesToHex, concat, hexToBigInt, hexToBytes, padHex, randomBytes, utf8 } from './encoding.ts';
import { hmacSha256, sha256 } from './hash.ts';

export interface SrpEphemeral {
  /** private, never leaves the browser */
  a: bigint;
  /** public, sent as SRP_A */
  A: bigint;
}

/**
 * The length of the private ephemeral `a`, in bytes: 512 random bits. The
 * group's 3,072-bit prime is worth about 128 to 210 bits of strength, for
 * which RFC 3526 (section 8) puts the exponent at 260 to 420 bits and NIST SP
 * 800-56A at no fewer than 256; 512 is above both. Cognito never sees `a`,
 * only A, which is as long as N whatever `a`'s length. The AWS clients draw
 * 128 bytes: four times the squarings for A, twice the work for S (whose
 * exponent a + u·x is 512 bits long either way), with no gain in strength,
 * since the group caps it. Measured when the length was chosen (A then went
 * bit by bit, not by group.ts's four parts), in Chromium on the 2-core
 * machine: A took 21 ms rather than 40 and S 26 rather than 39; under the
 * benchmark's fourfold CPU slowdown, 83 rather than 187 and 118 rather than
 * 207: about 190 ms less of a password sign-in's main thread on a slow phone
 * (issue 30). An `a` of 512 bits is also what group.ts's parts cover.
 */
export const EPHEMERAL_BYTES = 64;

export function createEphemeral(random: (length: number) => Uint8Array = randomBytes): SrpEphemeral {
  for (;;) {
    const a = hexToBigInt(bytesToHex(random(EPHEMERAL_BYTES)));
    const A = modPow(g, a, N);
    if (A % N !== 0n) return { a, A };
  }
}

/** The next sign-in's ephemeral, made ahead while the browser had nothing better to do: its public half is finished by whoever takes it. */
let spare: { a: bigint; A: StepwisePower } | undefined;

/** How long one slice of that work may hold the main thread, and how many of its steps go between looks at the clock. */
const SLICE_MS = 4;
const SLICE_STEPS = 16;

/**
 * Makes the next sign-in's ephemeral now (one modular exponentiation, by
 * group.ts's four parts: 5 ms in Chromium on the 2-core machine, four times
 * that on a slow phone), so that its first
 * request need not wait for it. The client does this when it fetches the
 * sign-in's code ahead, as the form idles, in slices of a few milliseconds
 * (`later` waits between them), so that a keystroke or a press is never held
 * behind it; a sign-in that starts meanwhile finishes it at once.
 */
export async function prepareEphemeral(
  random: (length: number) => Uint8Array = randomBytes,
  later = nextTask,
  sliceMs = SLICE_MS,
): Promise<void> {
  if (spare) return;
  const a = hexToBigInt(bytesToHex(random(EPHEMERAL_BYTES)));
  const made = { a, A: powerOfTwoInSteps(a, N) };
  spare = made;
  for (;;) {
    const start = performance.now();
    let done = made.A.step(SLICE_STEPS);
    while (!done && performance.now() - start < sliceMs) done = made.A.step(SLICE_STEPS);
    // Finished, or taken (and finished) by a sign-in meanwhile.
    if (done || spare !== made) return;
    await later();
  }
}

/** A fresh ephemeral, never given out before: the one made ahead if there is one (finished now if need be), else a new one. */
export function takeEphemeral(): SrpEphemeral {
  const ahead = spare;
  spare = undefined;
  // 2^a mod N, N an odd prime, is never 0: the check createEphemeral makes cannot fail here.
  return ahead ? { a: ahead.a, A: ahead.A.finish() } : createEphemeral();
}

const hashHex = async (hex: string) => hexToBigInt(bytesToHex(await sha256(hexToBytes(hex))));

export interface PasswordClaim {
  ephemeral: SrpEphemeral;
  /** SRP_B from the challenge, hex */
  serverB: string;
  /** SALT from the challenge, hex */
  salt: string;
  /** SECRET_BLOCK from the challenge, base64 */
  secretBlock: string;
  realm: string;
  userId: string;
  password: string;
  timestamp: string;
}

export class SrpAbort extends Error {}

/** x = H(salt ‖ H(realm ‖ id ‖ ":" ‖ password)) */
export async function computeX(salt: string, realm: string, userId: string, password: string): Promise<bigint> {
  const identity = await sha256(utf8(`${realm}${userId}:${password}`));
  return hexToBigInt(bytesToHex(await sha256(concat(hexToBytes(padHex(hexToBigInt(salt))), identity))));
}

/** The session key both sides derive: HKDF-style, 16 bytes. */
async function sessionKey(S: bigint, u: bigint): Promise<Uint8Array<ArrayBuffer>> {
  const prk = await hmacSha256(hexToBytes(padHex(u)), hexToBytes(padHex(S)));
  const okm = await hmacSha256(prk, concat(utf8('Caldera Derived Key'), new Uint8Array([1])));
  return okm.slice(0, 16);
}

/** PASSWORD_CLAIM_SIGNATURE for a PASSWORD_VERIFIER or DEVICE_PASSWORD_VERIFIER challenge, base64. */
export async function signPasswordClaim(claim: PasswordClaim): Promise<string> {
  const { a, A } = claim.ephemeral;
  const B = hexToBigInt(claim.serverB);
  if (B % N === 0n) throw new SrpAbort('The server sent an invalid SRP_B.');
  const u = await hashHex(padHex(A) + padHex(B));
  if (u === 0n) throw new SrpAbort('The SRP handshake produced u = 0.');
  const x = await computeX(claim.salt, claim.realm, claim.userId, claim.password);
  const base = (((B - k * modPow(g, x, N)) % N) + N) % N;
  const S = modPow(base, a + u * x, N);
  const key = await sessionKey(S, u);
  const message = concat(utf8(claim.realm), utf8(claim.userId), base64ToBytes(claim.secretBlock), utf8(claim.timestamp));
  return bytesToBase64(await hmacSha256(key, message));
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** `EEE MMM d HH:mm:ss UTC yyyy`, the day not zero-padded, as Cognito requires. */
export function formatTimestamp(date: Date): string {
  return (
    `${DAYS[date.getUTCDay()]} ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()} ` +
    `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} UTC ${date.getUTCFullYear()}`
  );
}
