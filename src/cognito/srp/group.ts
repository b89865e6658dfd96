import { hexToBigInt } from './encoding.ts';

/** RFC 3526's 3072-bit MODP prime, the group Cognito's SRP runs in. */
export const N = hexToBigInt(
  'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
    'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
    'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
    '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
    'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
    '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
    'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
    'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF',
);

export const g = 2n;

/**
 * k = H(padHex(N) ‖ padHex(g)). It never changes, so it is written out rather
 * than hashed at start-up; a unit test recomputes it.
 */
export const k = hexToBigInt('538282c4354742d7cbbde2359fcf67f9f5b3a6b08791e5011b43b8a5b66d9ee6');

/**
 * base^exponent mod modulus over native BigInt, left to right. SRP raises to
 * exponents of 256 to 513 bits (srp.ts says why: EPHEMERAL_BYTES) modulo a
 * 3,072-bit prime, where every step is a full multiplication and division:
 * the fewer steps, the sooner the sign-in's request goes (each one is tens
 * of milliseconds on a slow phone). With the generator 2 as base, a step's
 * multiplication is a shift; any other base multiplies once per four bits of
 * the exponent (by a table of its first sixteen powers) rather than once per
 * bit that is set.
 */
export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  if (exponent < 0n) throw new RangeError('modPow takes no negative exponent.');
  if (modulus === 1n) return 0n;
  const b = ((base % modulus) + modulus) % modulus;
  if (b === 2n && modulus > 2n) return powerOfTwo(exponent, modulus);
  const table = [1n, b];
  for (let power = 2; power < 16; power++) table.push((table[power - 1]! * b) % modulus);
  let result = 1n;
  for (const digit of exponent.toString(16)) {
    for (let square = 0; square < 4; square++) result = (result * result) % modulus;
    const index = Number.parseInt(digit, 16);
    if (index !== 0) result = (result * table[index]!) % modulus;
  }
  return result;
}

/** 2^exponent mod modulus: square for each bit, and where the bit is set, double (a shift and at most one subtraction). */
const powerOfTwo = (exponent: bigint, modulus: bigint): bigint => powerOfTwoInSteps(exponent, modulus).finish();

/** 2^exponent mod modulus computed a few bits at a time: see `powerOfTwoInSteps`. */
export interface StepwisePower {
  /** works through the exponent's next `bits` bits; true once the power is complete */
  step(bits: number): boolean;
  /** the rest of the bits at once, and the power */
  finish(): bigint;
}

/**
 * powerOfTwo as a computation that can be cut into slices, so that the sign-in's ephemeral can be made while the
 * form idles without holding the main thread for one long task (about 30 ms on a desktop, four times that on a slow
 * phone), and finished at once if a sign-in needs it before the slices are done.
 */
export function powerOfTwoInSteps(exponent: bigint, modulus: bigint): StepwisePower {
  const bits = exponent.toString(2);
  let next = 0;
  let result = 1n;
  const step = (count: number) => {
    for (const end = Math.min(bits.length, next + count); next < end; next++) {
      result = (result * result) % modulus;
      if (bits[next] === '1') {
        result <<= 1n;
        if (result >= modulus) result -= modulus;
      }
    }
    return next === bits.length;
  };
  return {
    step,
    finish: () => {
      step(bits.length);
      return result;
    },
  };
}
