import { randomUUID } from 'node:crypto';
import { type Context, findUser } from './context.ts';
import { errors } from './errors.ts';
import { enforcePasswordPolicy } from './passwordPolicy.ts';
import { createVerifier } from './srp.ts';
import type { User, UserPool, UserStatus } from './state.ts';

/** The pool's short name, which SRP uses as its realm. */
export const srpRealm = (pool: UserPool) => pool.id.split('_')[1] ?? pool.id;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// Standard attributes a client may write; anything else must be custom:.
const STANDARD_ATTRIBUTES = new Set([
  'address', 'birthdate', 'email', 'email_verified', 'family_name', 'gender', 'given_name', 'locale',
  'middle_name', 'name', 'nickname', 'phone_number', 'phone_number_verified', 'picture',
  'preferred_username', 'profile', 'updated_at', 'website', 'zoneinfo',
]);

export function checkAttributes(attributes: { Name: string; Value: string }[]): void {
  for (const { Name, Value } of attributes) {
    if (Name === 'sub') throw errors.invalidParameter('Cannot modify the non-mutable attribute sub');
    if (!STANDARD_ATTRIBUTES.has(Name) && !Name.startsWith('custom:')) {
      throw errors.invalidParameter(`Attributes did not conform to the schema: Type for attribute {${Name}} could not be determined`);
    }
    if (Name === 'email' && !EMAIL.test(Value)) throw errors.invalidParameter('Invalid email address format.');
    if (Name === 'phone_number' && !/^\+[1-9]\d{4,14}$/.test(Value)) {
      throw errors.invalidParameter('Invalid phone number format.');
    }
  }
}

/**
 * With e-mail as the username attribute, the user name a client types is an
 * e-mail and the stored user name is a fresh UUID, exactly as Cognito does.
 */
export function createUser(
  ctx: Context,
  pool: UserPool,
  loginName: string,
  attributes: { Name: string; Value: string }[],
  status: UserStatus,
): User {
  checkAttributes(attributes);
  if (findUser(pool, loginName)) throw errors.usernameExists();
  const sub = randomUUID();
  const now = ctx.now();
  const values: Record<string, string> = { sub };
  for (const { Name, Value } of attributes) values[Name] = Value;
  let username = loginName;
  if (pool.usernameAttributes.includes('email')) {
    if (!EMAIL.test(loginName)) throw errors.invalidParameter('Username should be an email.');
    if (values.email !== undefined && values.email.toLowerCase() !== loginName.toLowerCase()) {
      throw errors.invalidParameter('Email attribute must match the username.');
    }
    values.email = loginName;
    username = sub;
  }
  // Attributes the pool verifies start out unverified until a code proves them.
  for (const attribute of pool.autoVerifiedAttributes) {
    if (values[attribute] !== undefined) values[`${attribute}_verified`] ??= 'false';
  }
  const user: User = { username, attributes: values, status, enabled: true, password: null, createdAt: now, modifiedAt: now };
  pool.users[username] = user;
  ctx.changed();
  return user;
}

export function setPassword(ctx: Context, pool: UserPool, user: User, password: string): void {
  enforcePasswordPolicy(password, pool.passwordPolicy);
  user.password = createVerifier(srpRealm(pool), user.username, password);
  user.modifiedAt = ctx.now();
  ctx.changed();
}

/** Where a code for this user goes: their e-mail when the pool verifies e-mail. */
export function deliveryAddress(pool: UserPool, user: User): { address: string; medium: 'EMAIL' | 'SMS'; attribute: string } | null {
  for (const attribute of pool.autoVerifiedAttributes) {
    const address = user.attributes[attribute];
    if (address) return { address, medium: attribute === 'email' ? 'EMAIL' : 'SMS', attribute };
  }
  return null;
}

export function attributeList(user: User) {
  return Object.entries(user.attributes).map(([Name, Value]) => ({ Name, Value }));
}
