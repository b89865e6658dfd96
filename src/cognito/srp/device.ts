import { N, g, modPow } from './group.ts';
import { bytesToBase64, hexToBigInt, hexToBytes, bytesToHex, padHex, randomBytes } from './encoding.ts';
import { computeX } from './srp.ts';

export interface DeviceVerifier {
  /** the device's own password: random, kept in this browser, never sent */
  randomPassword: string;
  /** for ConfirmDevice's DeviceSecretVerifierConfig, both base64 */
  passwordVerifier: string;
  salt: string;
}

/**
 * A fresh device secret and the SRP verifier Cognito stores for it, so later
 * sign-ins can prove this browser is the remembered device: x is computed as
 * for a user, with the device group key as realm and the device key as id.
 */
export async function createDeviceVerifier(deviceGroupKey: string, deviceKey: string): Promise<DeviceVerifier> {
  const randomPassword = bytesToBase64(randomBytes(40));
  const saltHex = padHex(hexToBigInt(bytesToHex(randomBytes(16))));
  const x = await computeX(saltHex, deviceGroupKey, deviceKey, randomPassword);
  const verifier = padHex(modPow(g, x, N));
  return { randomPassword, passwordVerifier: bytesToBase64(hexToBytes(verifier)), salt: bytesToBase64(hexToBytes(saltHex)) };
}
