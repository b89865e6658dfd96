/**
 * The TOTP QR code, drawn in the browser (spec §7: 228×228). The `qrcode`
 * package is loaded only when the set-up screen needs it, so the sign-in
 * screens do not carry it.
 */
export const QR_SIZE = 228;

export type QrCodeResult = { ok: true; dataUrl: string } | { ok: false; error: unknown };

type Draw = (text: string, options: { width: number; margin: number; errorCorrectionLevel: 'M' }) => Promise<string>;

const drawWithQrcode: Draw = async (text, options) => (await import('qrcode')).toDataURL(text, options);

/**
 * A PNG data URL of the QR code, or the reason it could not be made (the
 * text too long for a QR code, the library failing to load). The failure is
 * logged here, once; the screen shows a text placeholder instead.
 */
export async function makeQrCode(text: string, draw: Draw = drawWithQrcode): Promise<QrCodeResult> {
  try {
    return { ok: true, dataUrl: await draw(text, { width: QR_SIZE, margin: 1, errorCorrectionLevel: 'M' }) };
  } catch (error) {
    console.error('The TOTP QR code could not be made:', error);
    return { ok: false, error };
  }
}
