import { describe, expect, it } from 'vitest';
import { aaguidOf, authenticatorName } from './authenticators.ts';

/** Authenticator data as a new credential carries it: RP id hash, flags, counter, then AAGUID, id length, id… */
function authenticatorData(aaguid: number[], flags = 0x45): Uint8Array {
  return new Uint8Array([...new Array<number>(32).fill(7), flags, 0, 0, 0, 0, ...aaguid, 0, 2, 9, 9]);
}

const ICLOUD = [0xfb, 0xfc, 0x30, 0x07, 0x15, 0x4e, 0x4e, 0xcc, 0x8c, 0x0b, 0x6e, 0x02, 0x05, 0x57, 0xd7, 0xbd];

describe('a passkey named by its authenticator', () => {
  it('reads the AAGUID from a new credential and names a well-known provider', () => {
    const aaguid = aaguidOf(authenticatorData(ICLOUD));
    expect(aaguid).toBe('fbfc3007-154e-4ecc-8c0b-6e020557d7bd');
    expect(authenticatorName(aaguid)).toBe('iCloud Keychain');
    expect(authenticatorName('EA9B8D66-4D01-1D21-3CE4-B6B48CB575D4')).toBe('Google Password Manager');
  });

  it('names none for a hidden (all-zero) AAGUID, data without a credential, or an unknown authenticator', () => {
    expect(aaguidOf(authenticatorData(new Array<number>(16).fill(0)))).toBeUndefined();
    expect(aaguidOf(authenticatorData(ICLOUD, 0x05))).toBeUndefined();
    expect(aaguidOf(new Uint8Array(37))).toBeUndefined();
    const unknown = aaguidOf(authenticatorData([1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 6, 7, 8]));
    expect(unknown).toBe('01020304-0506-0708-0102-030405060708');
    expect(authenticatorName(unknown)).toBeUndefined();
  });
});
