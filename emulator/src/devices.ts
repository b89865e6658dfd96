/** Tracked devices: made at sign-in when the pool tracks devices, confirmed by the client, remembered or not. */
import { randomBytes, randomUUID } from 'node:crypto';
import { type Context, own, userChanged } from './context.ts';
import { errors } from './errors.ts';
import type { Device, User, UserPool } from './state.ts';

export function createDevice(ctx: Context, pool: UserPool, user: User): Device {
  const now = ctx.now();
  const device: Device = {
    key: `${pool.region}_${randomUUID()}`,
    // Cognito's group keys are short opaque strings starting with a dash.
    groupKey: `-${randomBytes(7).toString('base64url').slice(0, 9)}`,
    remembered: false,
    createdAt: now,
    modifiedAt: now,
    lastAuthenticatedAt: now,
  };
  user.devices[device.key] = device;
  userChanged(ctx, pool, user);
  return device;
}

/** A device of this user that finished ConfirmDevice, or Cognito's "Device does not exist.". */
export function confirmedDevice(user: User, deviceKey: string): Device & { verifier: NonNullable<Device['verifier']> } {
  const device = own(user.devices, deviceKey);
  if (!device?.verifier) throw errors.deviceNotFound();
  return device as Device & { verifier: NonNullable<Device['verifier']> };
}

export function deviceOf(user: User, deviceKey: string): Device {
  const device = own(user.devices, deviceKey);
  if (!device) throw errors.deviceNotFound();
  return device;
}

export function describeDevice(device: Device) {
  return {
    DeviceKey: device.key,
    DeviceAttributes: [
      { Name: 'device_status', Value: 'valid' },
      ...(device.name ? [{ Name: 'device_name', Value: device.name }] : []),
      { Name: 'dev:device_remembered_status', Value: device.remembered ? 'remembered' : 'not_remembered' },
      { Name: 'last_ip_used', Value: '127.0.0.1' },
    ],
    DeviceCreateDate: device.createdAt / 1000,
    DeviceLastModifiedDate: device.modifiedAt / 1000,
    DeviceLastAuthenticatedDate: device.lastAuthenticatedAt / 1000,
  };
}
