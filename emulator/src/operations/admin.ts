/**
 * The administrative calls QA uses to arrange a user before a test. On AWS
 * they are SigV4-signed with IAM credentials; the emulator accepts any signature.
 */
import { randomInt } from 'node:crypto';
import { deleteAttributes, updateAttributes } from '../attributes.ts';
import { CODE_TTL_MS, deliver, sendCode } from '../codes.ts';
import { type Context, type Handler, apiDate, poolById, userByName, userChanged } from '../context.ts';
import { errors } from '../errors.ts';
import {
  type Input,
  attributeList as readAttributes,
  optionalBoolean,
  optionalEnum,
  optionalEnumList,
  optionalString,
  requiredString,
  requiredStringList,
  USERNAME_RULE,
} from '../input.ts';
import { applyMfaPreference, mfaSettings } from '../mfa.ts';
import { enforcePasswordPolicy } from '../passwordPolicy.ts';
import type { User, UserPool } from '../state.ts';
import { revokeAllGrants } from '../tokens.ts';
import { attributeList, createUser, recoveryAddress, setPassword, touch } from '../users.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export function poolFrom(input: Input, ctx: Context): UserPool {
  return poolById(ctx, requiredString(input, 'UserPoolId', { min: 1, max: 55 }));
}

function poolAndUser(input: Input, ctx: Context): { pool: UserPool; user: User } {
  const pool = poolFrom(input, ctx);
  return { pool, user: userByName(pool, requiredString(input, 'Username', USERNAME_RULE)) };
}

export function describeUser(user: User, only?: string[]) {
  return {
    Username: user.username,
    Attributes: attributeList(user, only),
    UserCreateDate: apiDate(user.createdAt),
    UserLastModifiedDate: apiDate(user.modifiedAt),
    Enabled: user.enabled,
    UserStatus: user.status,
  };
}

function generateTemporaryPassword(): string {
  // Meets the strictest policy: every class present, twelve characters.
  const classes = ['abcdefghijkmnpqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '!@#%&*'];
  const pick = (set: string) => set[randomInt(set.length)]!;
  const chars = classes.map(pick);
  while (chars.length < 12) chars.push(pick(classes.join('')));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

function setTemporaryPassword(ctx: Context, pool: UserPool, user: User, password: string): void {
  setPassword(ctx, pool, user, password);
  user.status = 'FORCE_CHANGE_PASSWORD';
  user.temporaryPasswordExpiresAt = ctx.now() + pool.passwordPolicy.temporaryPasswordValidityDays * DAY_MS;
}

/** The invitation carries the temporary password where other messages carry a code. */
function invite(ctx: Context, user: User, mediums: ('EMAIL' | 'SMS')[], password: string): void {
  for (const medium of mediums) {
    const attribute = medium === 'EMAIL' ? 'email' : 'phone_number';
    const address = user.attributes[attribute];
    if (!address) throw errors.invalidParameter(`User has no ${attribute} to send the invitation to.`);
    deliver(ctx, address, 'AdminCreateUser', password);
  }
}

export const AdminCreateUser: Handler = (input, ctx) => {
  const pool = poolFrom(input, ctx);
  const loginName = requiredString(input, 'Username', USERNAME_RULE);
  const attributes = readAttributes(input, 'UserAttributes');
  readAttributes(input, 'ValidationData');
  const messageAction = optionalEnum(input, 'MessageAction', ['RESEND', 'SUPPRESS'] as const);
  const mediums = optionalEnumList(input, 'DesiredDeliveryMediums', ['SMS', 'EMAIL'] as const) ?? ['EMAIL'];
  optionalBoolean(input, 'ForceAliasCreation');
  const given = optionalString(input, 'TemporaryPassword', { max: 256 });
  if (given !== undefined) enforcePasswordPolicy(given, pool.passwordPolicy);
  const temporary = given ?? generateTemporaryPassword();
  if (messageAction === 'RESEND') {
    const user = userByName(pool, loginName);
    if (user.status !== 'FORCE_CHANGE_PASSWORD') {
      throw errors.unsupportedUserState(`Resend not possible. ${user.username} status is not FORCE_CHANGE_PASSWORD.`);
    }
    setTemporaryPassword(ctx, pool, user, temporary);
    invite(ctx, user, mediums, temporary);
    return { User: { ...describeUser(user), ...mfaSettings(user) } };
  }
  const user = createUser(ctx, pool, loginName, attributes, 'FORCE_CHANGE_PASSWORD');
  setTemporaryPassword(ctx, pool, user, temporary);
  if (messageAction !== 'SUPPRESS') invite(ctx, user, mediums, temporary);
  return { User: { ...describeUser(user), ...mfaSettings(user) } };
};

export const AdminSetUserPassword: Handler = (input, ctx) => {
  const { pool, user } = poolAndUser(input, ctx);
  const password = requiredString(input, 'Password', { min: 1, max: 256 });
  const permanent = optionalBoolean(input, 'Permanent') ?? false;
  if (!permanent) {
    setTemporaryPassword(ctx, pool, user, password);
    return {};
  }
  setPassword(ctx, pool, user, password);
  if (user.status !== 'UNCONFIRMED') user.status = 'CONFIRMED';
  delete user.temporaryPasswordExpiresAt;
  touch(ctx, pool, user);
  return {};
};

export const AdminConfirmSignUp: Handler = (input, ctx) => {
  const { pool, user } = poolAndUser(input, ctx);
  if (user.status !== 'UNCONFIRMED') {
    throw errors.notAuthorized(`User cannot be confirmed. Current status is ${user.status}`);
  }
  user.status = 'CONFIRMED';
  delete user.codes.signUp;
  touch(ctx, pool, user);
  return {};
};

export const AdminGetUser: Handler = (input, ctx) => {
  const { user } = poolAndUser(input, ctx);
  const { Attributes, ...rest } = describeUser(user);
  return { ...rest, UserAttributes: Attributes, ...mfaSettings(user) };
};

export const AdminDeleteUser: Handler = (input, ctx) => {
  const { pool, user } = poolAndUser(input, ctx);
  revokeAllGrants(ctx, pool, user.username);
  delete pool.users[user.username];
  userChanged(ctx, pool, user);
  return {};
};

/** The user must choose a new password with a code; the old one only leads to PasswordResetRequiredException. */
export const AdminResetUserPassword: Handler = (input, ctx) => {
  const { pool, user } = poolAndUser(input, ctx);
  if (user.status === 'UNCONFIRMED') throw errors.notAuthorized('User password cannot be reset in the current state.');
  user.status = 'RESET_REQUIRED';
  const delivery = recoveryAddress(user);
  if (delivery) sendCode(ctx, pool, user, 'forgotPassword', delivery.address, 'ForgotPassword', CODE_TTL_MS.forgotPassword);
  touch(ctx, pool, user);
  return {};
};

export const AdminDisableUser: Handler = (input, ctx) => {
  const { pool, user } = poolAndUser(input, ctx);
  user.enabled = false;
  touch(ctx, pool, user);
  return {};
};

export const AdminEnableUser: Handler = (input, ctx) => {
  const { pool, user } = poolAndUser(input, ctx);
  user.enabled = true;
  touch(ctx, pool, user);
  return {};
};

export const AdminUpdateUserAttributes: Handler = (input, ctx) => {
  const { pool, user } = poolAndUser(input, ctx);
  const attributes = readAttributes(input, 'UserAttributes', true);
  updateAttributes(ctx, pool, user, attributes, 'admin');
  return {};
};

export const AdminDeleteUserAttributes: Handler = (input, ctx) => {
  const { pool, user } = poolAndUser(input, ctx);
  deleteAttributes(ctx, pool, user, requiredStringList(input, 'UserAttributeNames'));
  return {};
};

export const AdminSetUserMFAPreference: Handler = (input, ctx) => {
  const { pool, user } = poolAndUser(input, ctx);
  applyMfaPreference(ctx, pool, user, input);
  return {};
};

export const AdminUserGlobalSignOut: Handler = (input, ctx) => {
  const { pool, user } = poolAndUser(input, ctx);
  revokeAllGrants(ctx, pool, user.username);
  return {};
};
