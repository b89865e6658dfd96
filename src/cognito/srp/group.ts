import { base64ToBytes, bytesToHex, hexToBigInt } from './encoding.ts';

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
 * of milliseconds on a slow phone). The generator 2 as base goes by
 * `powerOfTwoInSteps` (modulo N, by the parts below); any other base
 * multiplies once per four bits of the exponent (by a table of its first
 * sixteen powers) rather than once per bit that is set.
 */
export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  if (exponent < 0n) throw new RangeError('modPow takes no negative exponent.');
  if (modulus === 1n) return 0n;
  const b = ((base % modulus) + modulus) % modulus;
  if (b === 2n && modulus > 2n) return powerOfTwoInSteps(exponent, modulus).finish();
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

/**
 * The generator's powers that let 2^e mod N skip most of its squarings (issue 30): 2^(2^(128·j)) mod N for j = 1,
 * 2, 3, which never change, so they are written out (in base64, 1.5 KB; the unit tests check each against the
 * power it stands for). An exponent below 2^512 (every ephemeral, and every x, which is a SHA-256) splits into four
 * 128-bit parts, e = e0 + e1·2^128 + e2·2^256 + e3·2^384, and 2^e = 2^e0 · T1^e1 · T2^e2 · T3^e3: one pass over
 * the parts' 128 bit positions, each a squaring and at most one multiplication by the product of the bases whose
 * part has that bit set (a table of sixteen, four multiplications to build). 128 squarings and about 120
 * multiplications rather than 512 squarings. Measured with random exponents in the benchmark's Chromium on the 2-core
 * machine: an ephemeral (512 bits) 10.2 → 5.0 ms, x (256 bits) 5.0 → 4.0 ms (in Node, whose BigInt is about three
 * times as fast there, 3.6 → 1.8 ms for an ephemeral).
 */
const PART_BITS = 128;
const PARTS = 4;
const GENERATOR_POWERS: readonly bigint[] = [
  'jJGvhCSWWIlhZePhkEiNhCQdZCtQnWNVHkbrWMXTFbw8iIbDT829EIgt09ff2l1AfMgM9sn8j7bLNsnjZrPCrjcE7oY6CNDYK1vOfS5u' +
    '/hZn3Xpoy1MohVwVbY41mE3tjsJsl8+SrbpsHFcYzQfLu30JkzfpMEd34R83o2woUe62aj9r1E1nuTo6aTfsST6hcxwlxxMsuzv4IhfD' +
    'VtUeCSDHQp1xCHbeDavBvNTAsSE2N531kraq3TSI3ThKriIeSdTd5222wCok9uY2/mxT8q6E4lJzHexvJxbVEfH8Sfk3/TuZMmsSNmfW' +
    'Gj8hW3DIoaC0YSjljAsLsXGDH6dykBu6OHT6838xuliH+PrLi9POmcIM9SFgwibfqGe5Qkc7UtiEkilApJyg4u0uCaeG9z8tx9YWPT4q' +
    '4LlOvAOPAydwU3fEjPwhgXlQyYR1JnB6fXN2AbIZXhDbIZvZwON3Hy/YMgOMj5JF6FXvr0M8SHofLuoQOHPXaE+QiOB4BnNK',
  'yL6Z89VNWtC9AigxNfFPw1Q2LXtvYr0rDL23hN70tJuYRpHu37g35n/RoSF7K6xEVmMpuvwyIHSn0eRHyQs5Mlb4efdc3A/ZmCTYBZOh' +
    'wItHRfvb1yyUf5KSfQZovc3ZNChPBGXEhM5jinJOAnMYJ/wUU9MwX0saRpcSei9Lq+3Lu5WDZjrE2mmes5Uen4X5QzYjdPIp4YnrOALG' +
    'YmjlFvDYQvn7GWWerfCPPmf7TwRksH4xD1YaoXenc8r2V0CKuoDpDZ3FIOuz7RBKt6cmULNzxtlqgAk7PM0dLwLjQ94LN8fyQtKzAKgu' +
    'X2Yu77JCjAOMyIdR4s06gOTnoOUVfZMUIVsbK8yV/6R13S2Ff8E1FAEe0loQguA/WTJTSoPTR/mTH8gjyLkpa6lCe7wkHwkhF/Imuc23' +
    '5btXdcbaFi5kbUvBVAcT12yRrnIXiQx99nY4rmSBUdu2lq9wFoRB11rmi8PaWk8YBsjJNS8RzrT4Fh3+k5T4mV8TUWpAxvFf',
  'Bs4hJKyFBPLPXF2wi78S07MAOeRUWuUIyw0/d+KlNnNWElPnnyfmhTeHJWLbI/Lr/iuO037UV1HfkLvJE9agXPAeDW02n3vVrn1FRGl5' +
    'QOCBIhOtQdJs2oo1qTi9tjGmu+1gfKoIAkuFTli4jl28XwZZzp5tKdhbK/flxA0brkgQhJZnRlegl8zfu/INlFCE2R/FllERL4m7IdSN' +
    '3vt3IG5McHnN/btiWhdFO0VlTp9ME4J9lpFZKKYBcBqB/nk7damv0eimZaVBNphtaFcjPseUzX/Tm/1ew/j0H49oPEBx5dTYakCe/epr' +
    'jUq1k0t+jbo8AP+P+WJcwyUZDAY0cev52hbPxPH5VKWh3z3VGQftAqyfCgCpRy9L7J5feWC2h3R5o7/vvlKsi0vs9C2F3lFoykOwolBI' +
    '+4MYfxWLjwAWWMW+4anHRpWDoSuGZu8Jjsrh0EZh55YmkTNSqEs1B2ihkQfrUPuwnQJ0KrjV3dsFfOBv889/3CfZhs4n4X4g',
].map((base64) => hexToBigInt(bytesToHex(base64ToBytes(base64))));

/** The sixteen products of 2, T1, T2 and T3 (bit j of the index takes the base of part j), made at first use. */
let partProducts: bigint[] | undefined;
function productsOfParts(): bigint[] {
  if (partProducts) return partProducts;
  const bases = [2n, ...GENERATOR_POWERS];
  const products = [1n];
  for (let index = 1; index < 1 << PARTS; index++) {
    const lowest = 31 - Math.clz32(index & -index);
    products.push((products[index & (index - 1)]! * bases[lowest]!) % N);
  }
  return (partProducts = products);
}

/** 2^exponent mod modulus computed a few steps at a time: see `powerOfTwoInSteps`. */
export interface StepwisePower {
  /** works through the next `count` steps (bit positions of the exponent or of its parts); true once the power is complete */
  step(count: number): boolean;
  /** the rest of the steps at once, and the power */
  finish(): bigint;
}

/**
 * 2^exponent mod modulus as a computation that can be cut into slices, so that the sign-in's ephemeral can be made
 * while the form idles without holding the main thread for one long task, and finished at once if a sign-in needs it
 * before the slices are done. Modulo N, an exponent below 2^512 goes by its four parts (GENERATOR_POWERS above): each
 * step a squaring and a multiplication by one of the parts' products. Otherwise the exponent is a single part, each
 * step a squaring for one of its bits. Where the step's product is the generator alone, it is a doubling.
 */
export function powerOfTwoInSteps(exponent: bigint, modulus: bigint): StepwisePower {
  const byParts = modulus === N && exponent < 1n << BigInt(PART_BITS * PARTS);
  const products = byParts ? productsOfParts() : [];
  // Bit strings, most significant first: the exponent's own, or its parts' (part j's bits in parts[j]).
  const parts = byParts
    ? Array.from({ length: PARTS }, (_, part) =>
        ((exponent >> BigInt(PART_BITS * part)) & ((1n << BigInt(PART_BITS)) - 1n)).toString(2).padStart(PART_BITS, '0'),
      )
    : [exponent.toString(2)];
  const length = parts[0]!.length;
  let next = 0;
  let result = 1n;
  const step = (count: number) => {
    for (const end = Math.min(length, next + count); next < end; next++) {
      result = (result * result) % modulus;
      let index = 0;
      for (let part = 0; part < parts.length; part++) if (parts[part]![next] === '1') index |= 1 << part;
      if (index === 1) {
        // The generator alone: a doubling, a shift and at most one subtraction rather than a division.
        result <<= 1n;
        if (result >= modulus) result -= modulus;
      } else if (index !== 0) result = (result * products[index]!) % modulus;
    }
    return next === length;
  };
  return {
    step,
    finish: () => {
      step(length);
      return result;
    },
  };
}
