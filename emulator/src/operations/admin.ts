/**
 * The administrative calls QA uses to arrange a user before a test. On AWS
 * they are SigV4-signed with IAM credentials; the emulator accepts any signature.
 */
import { type Context, type Handler, poolById, userByName } from '../context.ts';
import { errors } from '../errors.ts';
import { attributeList as readAttributes, optionalBoolean, optionalString, requiredString } from '../input.ts';
import { enforcePasswordPolicy } from '../passwordPolicy.ts';
import type { User, UserPool } from '../state.ts';
import { attributeList, createUser, deliveryAddress, setPassword } from '../users.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

function poolAndUser(input: Record<string, unknown>, ctx: Context): { pool: UserPool; user: User } {
  const pool = poolById(ctx, requiredString(input, 'UserPoolId', { min: 1, max: 55 }));
  const user = userByName(pool, requiredString(input, 'Username', { min: 1, max: 128 }));
  return { pool, user };
}

const epochSeconds = (ms: number) => ms / 1000;

function describeUser(user: User) {
  return {
    Username: user.username,
    Attributes: attributeList(user),
    UserCreateDate: epochSeconds(user.createdAt),
    UserLastModifiedDate: epochSeconds(user.modifiedAt),
    Enabled: user.enabled,
    UserStatus: user.status,
  };
}

export const AdminCreateUser: Handler = (input, ctx) => {
  const pool = poolById(ctx, requiredString(input, 'UserPoolId', { min: 1, max: 55 }));
  const loginName = requiredString(input, 'Username', { min: 1, max: 128 });
  const attributes = readAttributes(input, 'UserAttributes');
  const messageAction = optionalString(input, 'MessageAction');
  if (messageAction !== undefined && messageAction !== 'SUPPRESS' && messageAction !== 'RESEND') {
    throw errors.invalidParameter(`Invalid MessageAction ${messageAction}.`);
  }
  if (messageAction === 'RESEND') throw errors.invalidParameter('MessageAction RESEND is not supported by this emulator yet.');
  const temporary = optionalString(input, 'TemporaryPassword', { max: 256 }) ?? generateTemporaryPassword();
  enforcePasswordPolicy(temporary, pool.passwordPolicy);
  const user = createUser(ctx, pool, loginName, attributes, 'FORCE_CHANGE_PASSWORD');
  setPassword(ctx, pool, user, temporary);
  user.temporaryPasswordExpiresAt = ctx.now() + pool.passwordPolicy.temporaryPasswordValidityDays * DAY_MS;
  const delivery = deliveryAddress(pool, user);
  if (delivery && messageAction !== 'SUPPRESS') {
    // The invitation carries the temporary password where other messages carry a code.
    ctx.state.outbox.push({ to: delivery.address, kind: 'AdminCreateUser', code: temporary, at: new Date(ctx.now()).toISOString() });
    ctx.changed();
  }
  return { User: { ...describeUser(user), MFAOptions: [] } };
};

function generateTemporaryPassword(): string {
  // Meets the strictest policy: every class present, twelve characters.
  const pick = (set: string) => set[Math.floor(Math.random() * set.length)]!;
  const classes = ['abcdefghijkmnpqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '!@#%&*'];
  const chars = classes.map(pick);
  while (chars.length < 12) chars.push(pick(classes.join('')));
  return chars.sort(() => Math.random() - 0.5).join('');
}

export const AdminSetUserPassword: Handler = (input, ctx) => {
  const { pool, user } = poolAndUser(input, ctx);
  const password = requiredString(input, 'Password', { min: 1, max: 256 });
  const permanent = optionalBoolean(input, 'Permanent') ?? false;
  setPassword(ctx, pool, user, password);
  if (permanent) {
    if (user.status !== 'UNCONFIRMED') user.status = 'CONFIRMED';
    delete user.temporaryPasswordExpiresAt;
  } else {
    user.status = 'FORCE_CHANGE_PASSWORD';
    user.temporaryPasswordExpiresAt = ctx.now() + pool.passwordPolicy.temporaryPasswordValidityDays * DAY_MS;
  }
  ctx.changed();
  return {};
};

export const AdminConfirmSignUp: Handler = (input, ctx) => {
  const { user } = poolAndUser(input, ctx);
  if (user.status !== 'UNCONFIRMED') {
    throw errors.notAuthorized(`User cannot be confirmed. Current status is ${user.status}`);
  }
  user.status = 'CONFIRMED';
  delete user.signUpCode;
  user.modifiedAt = ctx.now();
  ctx.changed();
  return {};
};

export const AdminGetUser: Handler = (input, ctx) => {
  const { user } = poolAndUser(input, ctx);
  const { Attributes, ...rest } = describeUser(user);
  return { ...rest, UserAttributes: Attributes, MFAOptions: [], UserMFASettingList: [] };
};

export const AdminDeleteUser: Handler = (input, ctx) => {
  const { pool, user } = poolAndUser(input, ctx);
  delete pool.users[user.username];
  for (const record of Object.values(pool.refreshTokens)) {
    if (record.username === user.username) record.revoked = true;
  }
  ctx.changed();
  return {};
};
