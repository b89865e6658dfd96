import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeQrCode, QR_SIZE } from './qrCode.ts';

/** Width and height from a PNG data URL's IHDR chunk. */
function pngSize(dataUrl: string): { width: number; height: number } {
  const bytes = Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('makeQrCode', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('draws a 228×228 PNG of the key URI', async () => {
    const result = await makeQrCode('otpauth://totp/AWSCognito:ada@example.com?secret=JBSWY3DPEHPK3PXP&issuer=AWSCognito');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.dataUrl).toMatch(/^data:image\/png;base64,/);
    expect(pngSize(result.dataUrl)).toEqual({ width: QR_SIZE, height: QR_SIZE });
  });

  it('reports a text too long for a QR code and logs why, instead of throwing', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const result = await makeQrCode(`otpauth://totp/${'x'.repeat(5000)}`);
    expect(result.ok).toBe(false);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0]?.[0])).toContain('QR code could not be made');
  });
});
