/**
 * Remembered devices. A device the pool tracks gets its own SRP secret, made
 * here and known only to this browser; later sign-ins prove it with device SRP
 * (see challenges.ts), which can spare the customer an MFA code.
 */
import type { ClientContext } from './context.ts';
import { AuthError } from './errors.ts';
import { callAsUser } from './session.ts';
import { createDeviceVerifier } from './srp/device.ts';
import type { Device } from './types.ts';

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
    await ctx.call('ConfirmDevice', {
      AccessToken: accessToken,
      DeviceKey: device.deviceKey,
      DeviceName: deviceName(),
      DeviceSecretVerifierConfig: { PasswordVerifier: verifier.passwordVerifier, Salt: verifier.salt },
    });
    ctx.store.saveDevice(loginId, { ...device, randomPassword: verifier.randomPassword });
  } catch {
    ctx.store.clearDevice(loginId);
  }
}

const notTracked = () =>
  new AuthError(
    'DeviceTrackingNotConfigured',
    'Device tracking has not been configured in this User Pool',
    'Ask the administrator to turn on device tracking.',
  );

function currentDeviceKey(ctx: ClientContext): { loginId?: string; deviceKey?: string } {
  const loginId = ctx.store.load()?.signInDetails?.loginId;
  return { loginId, deviceKey: loginId ? ctx.store.loadDevice(loginId)?.deviceKey : undefined };
}

export async function fetchDevices(ctx: ClientContext): Promise<Device[]> {
  const output = await callAsUser(ctx, 'ListDevices', { Limit: 60 });
  return (output.Devices ?? []).map((device) => {
    const attributes = Object.fromEntries((device.DeviceAttributes ?? []).map((a) => [a.Name ?? '', a.Value ?? '']));
    return {
      id: device.DeviceKey ?? '',
      name: attributes.device_name,
      attributes,
      createDate: device.DeviceCreateDate,
      lastAuthenticatedDate: device.DeviceLastAuthenticatedDate,
      lastModifiedDate: device.DeviceLastModifiedDate,
    };
  });
}

/** Forgets a device, this browser's own by default (and then its keys too). */
export async function forgetDevice(ctx: ClientContext, input: { deviceKey?: string } = {}): Promise<void> {
  const current = currentDeviceKey(ctx);
  const deviceKey = input.deviceKey ?? current.deviceKey;
  if (!deviceKey) throw notTracked();
  await callAsUser(ctx, 'ForgetDevice', { DeviceKey: deviceKey });
  if (current.loginId && deviceKey === current.deviceKey) ctx.store.clearDevice(current.loginId);
}

/** Marks this browser's device as remembered, for pools that let the customer choose. */
export async function rememberDevice(ctx: ClientContext): Promise<void> {
  const { deviceKey } = currentDeviceKey(ctx);
  if (!deviceKey) throw notTracked();
  await callAsUser(ctx, 'UpdateDeviceStatus', { DeviceKey: deviceKey, DeviceRememberedStatus: 'remembered' });
}
