import { randomUUID } from 'node:crypto';
import { type Context, findUser, maskDestination, userChanged } from './context.ts';
import { errors } from './errors.ts';
import { enforcePasswordPolicy } from './passwordPolicy.ts';
import { createVerifier, verifierMatches } from './srp.ts';
import type { User, UserPool, UserStatus } from './state.ts';

/** The pool's short name, which SRP uses as its realm. */
export const srpRealm = (pool: UserPool) => pool.id.split('_')[1] ?? pool.id;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+[1-9]\d{4,14}$/;

// Standard attributes of a user pool; anything else must be custom:.
const STANDARD_ATTRIBUTES = new Set([
  'address',
  'birthdate',
  'email',
  'email_verified',
  'family_name',
  'gender',
  'given_name',
  'locale',
  'middle_name',
  'name',
  'nickname',
  'phone_number',
  'phone_number_verified',
  'picture',
  'preferred_username',
  'profile',
  'updated_at',
  'website',
  'zoneinfo',
]);

/** Attributes the pool's schema requires: e-mail, since it is the user name. */
export const requiredAttributes = (pool: UserPool): string[] => [...pool.usernameAttributes];

export type AttributePair = { Name: string; Value: string };

export function checkAttributes(attributes: AttributePair[]): void {
  for (const { Name, Value } of attributes) {
    if (Name === 'sub') throw errors.invalidParameter('Cannot modify the non-mutable attribute sub');
    if (!STANDARD_ATTRIBUTES.has(Name) && !Name.startsWith('custom:')) {
      throw errors.invalidParameter(`Attributes did not conform to the schema: Type for attribute {${Name}} could not be determined`);
    }
    if (Name === 'email' && !EMAIL.test(Value)) throw errors.invalidParameter('Invalid email address format.');
    if (Name === 'phone_number' && !PHONE.test(Value)) throw errors.invalidParameter('Invalid phone number format.');
    if ((Name === 'email_verified' || Name === 'phone_number_verified') && Value !== 'true' && Value !== 'false') {
      throw errors.invalidParameter(`Invalid value for ${Name}: must be true or false.`);
    }
  }
}

/** Another user already signs in with this e-mail or phone number. */
export function aliasTaken(pool: UserPool, user: User | null, attribute: string, value: string): boolean {
  if (!(pool.usernameAttributes as string[]).includes(attribute)) return false;
  const other = findUser(pool, value);
  return other !== undefined && other !== user;
}

/**
 * With e-mail as the username attribute, the user name a client types is an
 * e-mail and the stored user name is a fresh UUID, exactly as Cognito does.
 */
export function createUser(ctx: Context, pool: UserPool, loginName: string, attributes: AttributePair[], status: UserStatus): User {
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
  if (values.phone_number !== undefined && aliasTaken(pool, null, 'phone_number', values.phone_number)) throw errors.aliasExists();
  // Attributes the pool verifies start out unverified until a code proves them.
  for (const attribute of pool.autoVerifiedAttributes) {
    if (values[attribute] !== undefined) values[`${attribute}_verified`] ??= 'false';
  }
  const user = newUserRecord(username, values, status, now);
  pool.users[username] = user;
  userChanged(ctx, pool, user);
  return user;
}

export function setPassword(ctx: Context, pool: UserPool, user: User, password: string): void {
  enforcePasswordPolicy(password, pool.passwordPolicy);
  user.password = createVerifier(srpRealm(pool), user.username, password);
  user.failedSignIns = 0;
  user.lockedUntil = 0;
  touch(ctx, pool, user);
}

export function passwordMatches(pool: UserPool, user: User, password: string): boolean {
  return user.password !== null && verifierMatches(user.password, srpRealm(pool), user.username, password);
}

/** The user's record changed in a way Cognito shows as a new last-modified date. */
export function touch(ctx: Context, pool: UserPool, user: User): void {
  user.modifiedAt = ctx.now();
  userChanged(ctx, pool, user);
}

export interface Delivery {
  address: string;
  medium: 'EMAIL' | 'SMS';
  attribute: 'email' | 'phone_number';
}

export const mediumOf = (attribute: 'email' | 'phone_number') => (attribute === 'email' ? 'EMAIL' : 'SMS');

/** Where a sign-up code goes: the first attribute the pool verifies that the user has. */
export function deliveryAddress(pool: UserPool, user: User): Delivery | null {
  for (const attribute of pool.autoVerifiedAttributes) {
    const address = user.attributes[attribute];
    if (address) return { address, medium: mediumOf(attribute), attribute };
  }
  return null;
}

/** Where a password-reset code goes: a verified e-mail, else a verified phone. */
export function recoveryAddress(user: User): Delivery | null {
  for (const attribute of ['email', 'phone_number'] as const) {
    const address = user.attributes[attribute];
    if (address && user.attributes[`${attribute}_verified`] === 'true') return { address, medium: mediumOf(attribute), attribute };
  }
  return null;
}

export function codeDeliveryDetails(delivery: Delivery) {
  return { Destination: maskDestination(delivery.address), DeliveryMedium: delivery.medium, AttributeName: delivery.attribute };
}

/**
 * What a pool that prevents user-existence errors answers for a user it does
 * not have: a delivery that looks like any other.
 */
export function simulatedDelivery(loginName: string) {
  const email = loginName.includes('@');
  return {
    Destination: maskDestination(email ? loginName : loginName.replace(/\D/g, '').padStart(10, '0')),
    DeliveryMedium: email ? 'EMAIL' : 'SMS',
    AttributeName: email ? 'email' : 'phone_number',
  };
}

export function attributeList(user: User, only?: string[]) {
  return Object.entries(user.attributes)
    .filter(([name]) => !only || only.includes(name))
    .map(([Name, Value]) => ({ Name, Value }));
}

/** A user as the pool first stores one: no password yet, no codes, factors or devices. */
export function newUserRecord(username: string, attributes: Record<string, string>, status: User['status'], now: number): User {
  return {
    username,
    attributes,
    status,
    enabled: true,
    password: null,
    createdAt: now,
    modifiedAt: now,
    codes: {},
    codeRequests: [],
    failedSignIns: 0,
    lockedUntil: 0,
    mfa: { sms: false, totp: false },
    pendingAttributes: {},
    devices: {},
  };
}
