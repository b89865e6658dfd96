/**
 * The signed-in customer's remembered devices: list, forget, remember. (How
 * a device is confirmed at sign-in is newDevice.ts.)
 */
import type { ClientContext } from './context.ts';
import { AuthError } from './errors.ts';
import { callAsUser } from './session.ts';
import type { Device } from './types.ts';

const notTracked = () =>
  new AuthError(
    'DeviceTrackingNotConfigured',
    'Device tracking has not been configured in this User Pool',
    'Ask the administrator to turn on device tracking.',
  );

export function currentDeviceKey(ctx: ClientContext): { loginId?: string; deviceKey?: string } {
  const loginId = ctx.store.load()?.signInDetails?.loginId;
  return { loginId, deviceKey: loginId ? ctx.store.loadDevice(loginId)?.deviceKey : undefined };
}

export async function fetchDevices(ctx: ClientContext): Promise<Device[]> {
  const output = await callAsUser(ctx, 'ListDevices', { Limit: 60 });
  const { deviceKey: current } = currentDeviceKey(ctx);
  return (output.Devices ?? []).map((device) => {
    const attributes = Object.fromEntries((device.DeviceAttributes ?? []).map((a) => [a.Name ?? '', a.Value ?? '']));
    return {
      id: device.DeviceKey ?? '',
      name: attributes.device_name,
      remembered: attributes['dev:device_remembered_status'] === 'remembered',
      current: device.DeviceKey === current,
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
  await setRemembered(ctx, 'remembered');
}

/**
 * Stops remembering this browser's device: it stays known to the pool (its
 * keys are kept, so its refresh token still works), but no longer skips MFA.
 */
export async function doNotRememberDevice(ctx: ClientContext): Promise<void> {
  await setRemembered(ctx, 'not_remembered');
}

async function setRemembered(ctx: ClientContext, status: 'remembered' | 'not_remembered'): Promise<void> {
  const { deviceKey } = currentDeviceKey(ctx);
  if (!deviceKey) throw notTracked();
  await callAsUser(ctx, 'UpdateDeviceStatus', { DeviceKey: deviceKey, DeviceRememberedStatus: status });
  if (ctx.deviceAwaitingChoice === deviceKey) ctx.deviceAwaitingChoice = undefined;
}
