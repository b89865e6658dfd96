/**
 * A passkey's name, from its authenticator: the AAGUID the authenticator puts
 * in the credential's authenticator data when the passkey is made. Cognito
 * keeps no AAGUID (ListWebAuthnCredentials has none, and its
 * FriendlyCredentialName is "Passkey 1", "Passkey 2"…), so this device
 * remembers the AAGUID of each passkey made here (localStorage, a label, not
 * a secret); a passkey made elsewhere keeps the pool's name.
 */

/**
 * Well-known passkey providers by AAGUID (the community list
 * passkeydeveloper/passkey-authenticator-aaguids). Product names: never translated.
 */
export const AUTHENTICATORS: Readonly<Record<string, string>> = {
  'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4': 'Google Password Manager',
  'fbfc3007-154e-4ecc-8c0b-6e020557d7bd': 'iCloud Keychain',
  'dd4ec289-e01d-41c9-bb89-70fa845d4bf2': 'iCloud Keychain',
  '08987058-cadc-4b81-b6e1-30de50dcbe96': 'Windows Hello',
  '9ddd1817-af5a-4672-a2b9-3e3dd95000a9': 'Windows Hello',
  '6028b017-b1d4-4c02-b4b3-afcdafc96bb2': 'Windows Hello',
  'adce0002-35bc-c60a-648b-0b25f1f05503': 'Chrome on Mac',
  '771b48fd-d3d4-4f74-9232-fc157ab0507a': 'Edge on Mac',
  '53414d53-554e-4700-0000-000000000000': 'Samsung Pass',
  'bada5566-a7aa-401f-bd96-45619a55120d': '1Password',
  'd548826e-79b4-db40-a3d8-11116f7e8349': 'Bitwarden',
  '531126d6-e717-415c-9320-3d9aa6981239': 'Dashlane',
  'b84e4048-15dc-4dd0-8640-f4f60813c8af': 'NordPass',
  '0ea242b4-43c4-4a1b-8b17-dd6d0b6baec6': 'Keeper',
  '50726f74-6f6e-5061-7373-50726f746f6e': 'Proton Pass',
  'fdb141b2-5d84-443e-8a35-4698c205a502': 'KeePassXC',
};

/** Where the authenticator data holds the AAGUID: after the relying party's hash (32 bytes), the flags (1) and the counter (4). */
const AAGUID_AT = 37;
/** The flag saying the data carries a credential (and so an AAGUID). */
const ATTESTED_CREDENTIAL = 0x40;

/**
 * The AAGUID in a new credential's authenticator data, as a lower-case UUID;
 * none when the data carries no credential or the authenticator hides it (all zeros).
 */
export function aaguidOf(authenticatorData: Uint8Array): string | undefined {
  if (authenticatorData.length < AAGUID_AT + 16 || !(authenticatorData[32]! & ATTESTED_CREDENTIAL)) return undefined;
  const bytes = authenticatorData.subarray(AAGUID_AT, AAGUID_AT + 16);
  if (bytes.every((byte) => byte === 0)) return undefined;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The provider's name for an AAGUID, when it is a well-known one. */
export function authenticatorName(aaguid: string | undefined): string | undefined {
  return aaguid ? AUTHENTICATORS[aaguid.toLowerCase()] : undefined;
}

export const PASSKEY_AUTHENTICATORS_KEY = 'passkeys.authenticators';

function stored(): Record<string, string> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(PASSKEY_AUTHENTICATORS_KEY) ?? '{}');
    return value && typeof value === 'object' ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function store(map: Record<string, string>): void {
  try {
    localStorage.setItem(PASSKEY_AUTHENTICATORS_KEY, JSON.stringify(map));
  } catch {
    // Storage refused: the passkey keeps the pool's name.
  }
}

/** Notes the AAGUID of a passkey made on this device (nothing to note without one). */
export function rememberAuthenticator(credentialId: string, aaguid: string | undefined): void {
  if (aaguid) store({ ...stored(), [credentialId]: aaguid });
}

/** Forgets a deleted passkey's AAGUID. */
export function forgetAuthenticator(credentialId: string): void {
  const { [credentialId]: _gone, ...rest } = stored();
  store(rest);
}

/** The provider's name of a passkey made on this device, when its AAGUID is a well-known one. */
export function authenticatorOf(credentialId: string): string | undefined {
  return authenticatorName(stored()[credentialId]);
}
