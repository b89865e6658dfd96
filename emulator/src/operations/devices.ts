/**
 * Remembered devices: ConfirmDevice stores the device's SRP verifier (made by
 * the client from a random device password), so later sign-ins can prove the
 * device with DEVICE_SRP_AUTH and, when it is remembered, skip MFA.
 */
import { type Context, type Handler, poolById, userByName, userChanged } from '../context.ts';
import { describeDevice, deviceOf } from '../devices.ts';
import { errors } from '../errors.ts';
import {
  type Input,
  optionalEnum,
  optionalInteger,
  optionalString,
  optionalStructure,
  requiredEnum,
  requiredString,
  USERNAME_RULE,
} from '../input.ts';
import type { Device, User, UserPool } from '../state.ts';
import { authorize, revokeAllGrants } from '../tokens.ts';

const DEVICE_KEY = { min: 1, max: 55 };

function signedIn(input: Input, ctx: Context): { pool: UserPool; user: User } {
  return authorize(ctx, requiredString(input, 'AccessToken'));
}

function asAdmin(input: Input, ctx: Context): { pool: UserPool; user: User } {
  const pool = poolById(ctx, requiredString(input, 'UserPoolId', { min: 1, max: 55 }));
  return { pool, user: userByName(pool, requiredString(input, 'Username', USERNAME_RULE)) };
}

const hexOfBase64 = (value: string) => Buffer.from(value, 'base64').toString('hex');

export const ConfirmDevice: Handler = (input, ctx) => {
  const { pool, user } = signedIn(input, ctx);
  const deviceKey = requiredString(input, 'DeviceKey', DEVICE_KEY);
  const config = optionalStructure(input, 'DeviceSecretVerifierConfig');
  const name = optionalString(input, 'DeviceName', { min: 1, max: 1024 });
  if (!pool.deviceConfiguration) throw errors.invalidParameter('Device tracking is not enabled for this user pool.');
  const device = deviceOf(user, deviceKey);
  if (device.verifier) throw errors.deviceKeyExists();
  const verifier = config && optionalString(config, 'PasswordVerifier');
  const salt = config && optionalString(config, 'Salt');
  if (!verifier || !salt) throw errors.invalidParameter('DeviceSecretVerifierConfig needs a PasswordVerifier and a Salt.');
  const onPrompt = pool.deviceConfiguration.deviceOnlyRememberedOnUserPrompt;
  Object.assign(device, {
    verifier: { salt: hexOfBase64(salt), verifier: hexOfBase64(verifier) },
    remembered: !onPrompt,
    modifiedAt: ctx.now(),
    ...(name ? { name } : {}),
  } satisfies Partial<Device>);
  userChanged(ctx, pool, user);
  return { UserConfirmationNecessary: onPrompt };
};

/**
 * Drops a device. Its refresh tokens refresh no more (refreshTokens asks for the device), but
 * ForgetDevice is no sign-out: the caller's access token keeps working, as on AWS, where only
 * RevokeToken and the global sign-outs revoke. An administrator's AdminForgetDevice also ends the
 * device's sign-ins at once (a lost laptop's session should not outlive it by an hour).
 */
function forget(ctx: Context, pool: UserPool, user: User, deviceKey: string, endSignIns: boolean) {
  deviceOf(user, deviceKey);
  delete user.devices[deviceKey];
  userChanged(ctx, pool, user);
  if (endSignIns) revokeAllGrants(ctx, pool, user.username, deviceKey);
  return {};
}

function setStatus(ctx: Context, pool: UserPool, user: User, input: Input) {
  const device = deviceOf(user, requiredString(input, 'DeviceKey', DEVICE_KEY));
  const status = optionalEnum(input, 'DeviceRememberedStatus', ['remembered', 'not_remembered'] as const);
  device.remembered = status === 'remembered';
  device.modifiedAt = ctx.now();
  userChanged(ctx, pool, user);
  return {};
}

const PAGE_TOKEN = /^page-(\d+)$/;

function list(user: User, input: Input) {
  const limit = optionalInteger(input, 'Limit', { min: 0, max: 60 }) || 60;
  const token = optionalString(input, 'PaginationToken', { min: 1 });
  const match = token === undefined ? null : PAGE_TOKEN.exec(Buffer.from(token, 'base64url').toString('utf8'));
  if (token !== undefined && !match) throw errors.invalidParameter('Invalid pagination token.');
  const offset = match ? Number(match[1]) : 0;
  const devices = Object.values(user.devices).filter((device) => device.verifier);
  const page = devices.slice(offset, offset + limit);
  const next = offset + page.length;
  return {
    Devices: page.map(describeDevice),
    ...(next < devices.length ? { PaginationToken: Buffer.from(`page-${next}`).toString('base64url') } : {}),
  };
}

type Caller = (input: Input, ctx: Context) => { pool: UserPool; user: User };

/** The same four calls for a signed-in user about their devices, and for an administrator about anyone's. */
function deviceCalls(who: Caller, forgetEndsSignIns: boolean): Record<'forget' | 'updateStatus' | 'list' | 'get', Handler> {
  return {
    forget: (input, ctx) => {
      const { pool, user } = who(input, ctx);
      return forget(ctx, pool, user, requiredString(input, 'DeviceKey', DEVICE_KEY), forgetEndsSignIns);
    },
    updateStatus: (input, ctx) => {
      requiredEnum(input, 'DeviceRememberedStatus', ['remembered', 'not_remembered'] as const);
      const { pool, user } = who(input, ctx);
      return setStatus(ctx, pool, user, input);
    },
    list: (input, ctx) => list(who(input, ctx).user, input),
    get: (input, ctx) => ({ Device: describeDevice(deviceOf(who(input, ctx).user, requiredString(input, 'DeviceKey', DEVICE_KEY))) }),
  };
}

const forUser = deviceCalls(signedIn, false);
const forAdmin = deviceCalls(asAdmin, true);

export const ForgetDevice = forUser.forget;
export const UpdateDeviceStatus = forUser.updateStatus;
export const ListDevices = forUser.list;
export const GetDevice = forUser.get;
export const AdminForgetDevice = forAdmin.forget;
export const AdminUpdateDeviceStatus = forAdmin.updateStatus;
export const AdminListDevices = forAdmin.list;
export const AdminGetDevice = forAdmin.get;
