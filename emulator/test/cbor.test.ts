/**
 * The CBOR reader refuses hostile input from its headers, before reading it
 * (issue 27, the security review's low finding 1): counts it cannot hold,
 * more items than an attestation ever has, more bytes than one is long.
 */
import { describe, expect, it } from 'vitest';
import { CborError, MAX_CBOR_BYTES, MAX_CBOR_ITEMS, decodeCbor, decodeCborWhole } from '../src/cbor.ts';

const refusal = (bytes: Buffer) => {
  try {
    decodeCbor(bytes);
  } catch (error) {
    return error instanceof CborError ? error.message : `not a CborError: ${String(error)}`;
  }
  return 'accepted';
};

describe('the CBOR reader', () => {
  it('still reads what WebAuthn sends: a map of text, integers, bytes and an array', () => {
    const cose = Buffer.from('a4010203262001636869648301420102f5', 'hex');
    expect(decodeCborWhole(cose)).toEqual(
      new Map<number | string, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        ['hid', [1, Buffer.from([1, 2]), true]],
      ]),
    );
  });

  it('refuses an array or map that claims more items than its bytes could hold, from its header', () => {
    // An array of 2^32 - 1 items in six bytes, and a map of 2^31 entries.
    expect(refusal(Buffer.from('9affffffff00', 'hex'))).toBe(`The CBOR data holds more than ${MAX_CBOR_ITEMS} items.`);
    expect(refusal(Buffer.from('98ff00', 'hex'))).toBe('A CBOR array or map claims more items than its bytes hold.');
    expect(refusal(Buffer.from('b880' + '00'.repeat(100), 'hex'))).toBe('A CBOR array or map claims more items than its bytes hold.');
  });

  it('refuses more items in all than an attestation ever has, however they are nested', () => {
    // 40 arrays of 20 text strings each: 841 items in under 2 kB, every header honest.
    const inner = Buffer.concat([Buffer.from([0x94]), Buffer.alloc(20, 0x60)]);
    const nested = Buffer.concat([Buffer.from([0x98, 40]), ...Array.from({ length: 40 }, () => inner)]);
    expect(refusal(nested)).toBe(`The CBOR data holds more than ${MAX_CBOR_ITEMS} items.`);
    // A flat array of 600 zeros.
    expect(refusal(Buffer.concat([Buffer.from([0x99, 0x02, 0x58]), Buffer.alloc(600)]))).toBe(
      `The CBOR data holds more than ${MAX_CBOR_ITEMS} items.`,
    );
  });

  it('refuses more bytes than an attestation object is long', () => {
    const long = Buffer.concat([Buffer.from([0x5a, 0x00, 0x01, 0x00, 0x00]), Buffer.alloc(0x10000)]);
    expect(refusal(long)).toBe(`The CBOR data is longer than ${MAX_CBOR_BYTES} bytes.`);
  });
});
