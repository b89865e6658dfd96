/**
 * Remembered devices, at sign-in. A device the pool tracks gets its own SRP
 * secret, made here and known only to this browser; later sign-ins prove it
 * with device SRP (see challenges.ts), which can spare the customer an MFA code.
 */
import type { ClientContext } from './context.ts';
import { createDeviceVerifier } from './srp/device.ts';

const deviceName = () => (typeof navigator !== 'undefined' && navigator.userAgent ? navigator.userAgent.slice(0, 1024) : 'Unknown device');

/**
 * ConfirmDevice after a sign-in that returned NewDeviceMetadata. A failure
 * here does not undo the sign-in: the device is simply not remembered.
 */
export async function confirmNewDevice(
  ctx: ClientContext,
  loginId: string,
  accessToken: string,
  device: { deviceKey: string; deviceGroupKey: string },
): Promise<void> {
  try {
    const verifier = await createDeviceVerifier(device.deviceGroupKey, device.deviceKey);
    const output = await ctx.call('ConfirmDevice', {
      AccessToken: accessToken,
      DeviceKey: device.deviceKey,
      DeviceName: deviceName(),
      DeviceSecretVerifierConfig: { PasswordVerifier: verifier.passwordVerifier, Salt: verifier.salt },
    });
    ctx.store.saveDevice(loginId, { ...device, randomPassword: verifier.randomPassword });
    // A pool that remembers devices on the customer's word: the app asks (rememberDevice / doNotRememberDevice).
    ctx.deviceAwaitingChoice = output.UserConfirmationNecessary ? device.deviceKey : undefined;
  } catch {
    ctx.store.clearDevice(loginId);
  }
}
