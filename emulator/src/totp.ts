/**
 * Time-based one-time passwords per RFC 6238 (on HOTP, RFC 4226): HMAC-SHA-1,
 * 30-second steps, six digits. Secrets travel in RFC 4648 base32, as
 * authenticator apps expect.
 */
import { createHmac, randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const STEP_SECONDS = 30;
/** Steps either side of the current one that are still accepted, for clock skew and typing time. */
export const WINDOW = 1;

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error(`Not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** A new shared secret: 20 random bytes, 32 base32 characters. */
export const newTotpSecret = () => base32Encode(randomBytes(20));

export const stepAt = (epochMs: number) => Math.floor(epochMs / 1000 / STEP_SECONDS);

export function hotp(secret: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', secret).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

export const totpAt = (secretBase32: string, epochMs: number) => hotp(base32Decode(secretBase32), stepAt(epochMs));

/**
 * The time step whose code is `code`, within the window around `epochMs` and
 * after `lastUsedStep`, or null: a code already accepted is never accepted again.
 */
export function matchingStep(secretBase32: string, code: string, epochMs: number, lastUsedStep: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const secret = base32Decode(secretBase32);
  const now = stepAt(epochMs);
  for (let step = now - WINDOW; step <= now + WINDOW; step++) {
    if (step > lastUsedStep && hotp(secret, step) === code) return step;
  }
  return null;
}
