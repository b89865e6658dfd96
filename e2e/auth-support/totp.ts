/**
 * RFC 6238 time-based codes, computed here with node:crypto from the secret
 * the set-up screen shows, the way an authenticator app would: HMAC-SHA-1,
 * 30-second steps, six digits. The test pool computes its own; the two only
 * meet in the code the customer types.
 */
import { createHmac } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`"${char}" is not a base32 character.`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The code for the 30-second step that contains `atMs`. */
export function totpCode(secret: string, atMs: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 1000 / 30)));
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/**
 * The authenticator-app set-up as a customer meets it (at sign-in or on the Account page): the QR code for
 * `account` drawn and shown at 228×228 (spec §9), not scaled, and the secret beside it; returns the secret.
 */
export async function shownTotpSecret(page: Page, account: string): Promise<string> {
  const qr = page.getByRole('img', { name: `QR code of the secret key for ${account}` });
  await expect(qr).toBeVisible();
  expect(
    await qr.evaluate((element) => {
      const img = element as HTMLImageElement;
      return [img.naturalWidth, img.naturalHeight, img.width, img.height];
    }),
  ).toEqual([228, 228, 228, 228]);
  const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  return secret;
}
