/**
 * The key URI an authenticator app reads from the QR code:
 * `otpauth://totp/<issuer>:<account>?secret=<base32>&issuer=<issuer>`.
 * The issuer appears twice on purpose: apps that read only the label and apps
 * that read only the parameter both show it. Both parts are percent-encoded,
 * so an issuer such as "Acme Customer Area" (spaces, "&", ":") cannot break
 * the URI; "@" stays readable in an e-mail, as the URI syntax allows.
 */
import { DEFAULT_TOTP_ISSUER } from './issuer.ts';

const encodePart = (text: string) => encodeURIComponent(text).replace(/%40/g, '@');

export function totpUri(input: { issuer?: string; account: string; secret: string }): string {
  const issuer = input.issuer?.trim() || DEFAULT_TOTP_ISSUER;
  // Secrets are base32; apps expect them without padding or spaces.
  const secret = input.secret.replace(/[\s=]/g, '').toUpperCase();
  const label = `${encodePart(issuer)}:${encodePart(input.account)}`;
  return `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(issuer)}`;
}

/** The secret in groups of four, easier to read aloud or type into an app by hand. */
export const groupedSecret = (secret: string): string => secret.replace(/[\s=]/g, '').replace(/(.{4})(?=.)/g, '$1 ');
