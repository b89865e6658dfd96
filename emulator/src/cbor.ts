/**
 * The part of CBOR (RFC 8949) that WebAuthn needs, decoded strictly:
 * integers, byte and text strings, arrays, maps and the simple values, all of
 * definite length. An attestation object or a COSE key is small, so anything
 * deeper, longer or stranger is refused rather than read: at most
 * {@link MAX_CBOR_BYTES} bytes to read from, {@link MAX_CBOR_ITEMS} items in
 * all, {@link MAX_DEPTH} levels, and an array or map is refused from its
 * header when it claims more items than the bytes left could hold.
 */
export type CborValue = number | string | boolean | null | undefined | Buffer | CborValue[] | CborMap;
export type CborMap = Map<number | string, CborValue>;

export class CborError extends Error {}

const MAX_DEPTH = 16;
/** Items (of any kind, nested ones included) one decoding reads: a packed attestation with its certificates has a few dozen. */
export const MAX_CBOR_ITEMS = 512;
/** Bytes one decoding may be given: an attestation object with a certificate chain is a few kilobytes. */
export const MAX_CBOR_BYTES = 16 * 1024;

const TEXT = new TextDecoder('utf-8', { fatal: true });

/** Decodes the item at `offset`; `end` is where the next one would start (authenticator data holds a COSE key followed by more). */
export function decodeCbor(bytes: Buffer, offset = 0): { value: CborValue; end: number } {
  if (bytes.length > MAX_CBOR_BYTES) throw new CborError(`The CBOR data is longer than ${MAX_CBOR_BYTES} bytes.`);
  const reader = { bytes, at: offset, items: 0 };
  const value = readItem(reader, 0);
  return { value, end: reader.at };
}

/** Decodes a buffer that must hold exactly one item. */
export function decodeCborWhole(bytes: Buffer): CborValue {
  const { value, end } = decodeCbor(bytes);
  if (end !== bytes.length) throw new CborError(`${bytes.length - end} bytes follow the CBOR item.`);
  return value;
}

interface Reader {
  bytes: Buffer;
  at: number;
  /** items read so far, nested ones included */
  items: number;
}

/** Refuses an array or map from its header when it claims more items than the limit, or than the bytes left could hold. */
function checkCount(reader: Reader, count: number, bytesEach: number): void {
  if (reader.items + count > MAX_CBOR_ITEMS) throw new CborError(`The CBOR data holds more than ${MAX_CBOR_ITEMS} items.`);
  if (count * bytesEach > reader.bytes.length - reader.at)
    throw new CborError('A CBOR array or map claims more items than its bytes hold.');
}

function take(reader: Reader, length: number): Buffer {
  if (length > reader.bytes.length - reader.at) throw new CborError('The CBOR item runs past the end of its bytes.');
  const slice = reader.bytes.subarray(reader.at, reader.at + length);
  reader.at += length;
  return slice;
}

function readLength(reader: Reader, info: number): number {
  if (info < 24) return info;
  if (info === 24) return take(reader, 1).readUInt8(0);
  if (info === 25) return take(reader, 2).readUInt16BE(0);
  if (info === 26) return take(reader, 4).readUInt32BE(0);
  if (info === 27) {
    const big = take(reader, 8).readBigUInt64BE(0);
    if (big > BigInt(Number.MAX_SAFE_INTEGER)) throw new CborError('A CBOR integer is too large.');
    return Number(big);
  }
  throw new CborError('Indefinite lengths and reserved values are not accepted.');
}

function readItem(reader: Reader, depth: number): CborValue {
  if (depth > MAX_DEPTH) throw new CborError('The CBOR item is nested too deeply.');
  reader.items += 1;
  if (reader.items > MAX_CBOR_ITEMS) throw new CborError(`The CBOR data holds more than ${MAX_CBOR_ITEMS} items.`);
  const initial = take(reader, 1).readUInt8(0);
  const major = initial >> 5;
  const info = initial & 0x1f;
  switch (major) {
    case 0:
      return readLength(reader, info);
    case 1:
      return -1 - readLength(reader, info);
    case 2:
      return Buffer.from(take(reader, readLength(reader, info)));
    case 3:
      return TEXT.decode(take(reader, readLength(reader, info)));
    case 4: {
      const length = readLength(reader, info);
      checkCount(reader, length, 1);
      const items: CborValue[] = [];
      for (let i = 0; i < length; i++) items.push(readItem(reader, depth + 1));
      return items;
    }
    case 5: {
      const length = readLength(reader, info);
      checkCount(reader, length * 2, 1);
      const map: CborMap = new Map();
      for (let i = 0; i < length; i++) {
        const key = readItem(reader, depth + 1);
        if (typeof key !== 'number' && typeof key !== 'string') throw new CborError('A CBOR map key is neither an integer nor text.');
        if (map.has(key)) throw new CborError('A CBOR map repeats a key.');
        map.set(key, readItem(reader, depth + 1));
      }
      return map;
    }
    case 7:
      if (info === 20) return false;
      if (info === 21) return true;
      if (info === 22) return null;
      if (info === 23) return undefined;
      throw new CborError('CBOR floats and other simple values are not accepted here.');
    default:
      throw new CborError('CBOR tags are not accepted here.');
  }
}
