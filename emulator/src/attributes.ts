/**
 * Changing a user's attributes. A new e-mail or phone number the pool
 * verifies starts out unverified and gets a code; where the pool keeps the
 * original value until then (AttributesRequireVerificationBeforeUpdate), the
 * new value waits in `pendingAttributes` and the old one stays in force.
 */
import { CODE_TTL_MS, rationCodes, sendCode } from './codes.ts';
import { type Context, own } from './context.ts';
import { errors } from './errors.ts';
import type { User, UserPool } from './state.ts';
import { type AttributePair, aliasTaken, checkAttributes, codeDeliveryDetails, mediumOf, touch } from './users.ts';

type Verifiable = 'email' | 'phone_number';
const isVerifiable = (name: string): name is Verifiable => name === 'email' || name === 'phone_number';

export const UNAUTHORIZED_ATTRIBUTE = 'A client attempted to write unauthorized attribute';

/** `admin` callers may set `*_verified` themselves; users may not. */
export function updateAttributes(ctx: Context, pool: UserPool, user: User, attributes: AttributePair[], caller: 'admin' | 'user') {
  checkAttributes(attributes);
  const given = new Map(attributes.map(({ Name, Value }) => [Name, Value]));
  for (const [name, value] of given) {
    if (name.endsWith('_verified') && caller === 'user') throw errors.notAuthorized(UNAUTHORIZED_ATTRIBUTE);
    if (aliasTaken(pool, user, name, value)) throw errors.aliasExists();
  }
  const toVerify: Verifiable[] = [];
  for (const [name, value] of given) {
    if (!isVerifiable(name) || user.attributes[name] === value) {
      user.attributes[name] = value;
      continue;
    }
    delete user.pendingAttributes[name];
    if (given.get(`${name}_verified`) === 'true' || !pool.autoVerifiedAttributes.includes(name)) {
      user.attributes[name] = value;
      continue;
    }
    if (pool.attributesRequireVerificationBeforeUpdate.includes(name) && user.attributes[name] !== undefined) {
      user.pendingAttributes[name] = value;
    } else {
      user.attributes[name] = value;
      user.attributes[`${name}_verified`] = 'false';
    }
    toVerify.push(name);
  }
  if (toVerify.length > 0 && caller === 'user') rationCodes(ctx, user);
  const deliveries = toVerify.map((name) => sendAttributeCode(ctx, pool, user, name, 'UpdateUserAttribute'));
  touch(ctx, pool, user);
  return deliveries;
}

/** The value a code for `name` goes to: the pending new value if there is one. */
export function valueToVerify(user: User, name: string): string | undefined {
  return own(user.pendingAttributes, name) ?? own(user.attributes, name);
}

export function sendAttributeCode(
  ctx: Context,
  pool: UserPool,
  user: User,
  name: string,
  kind: 'UpdateUserAttribute' | 'VerifyUserAttribute',
) {
  if (!isVerifiable(name)) throw errors.invalidParameter(`Attribute ${name} cannot be verified.`);
  const address = valueToVerify(user, name);
  if (!address) throw errors.invalidParameter(`User has no attribute ${name} to verify.`);
  sendCode(ctx, pool, user, `attribute:${name}`, address, kind, CODE_TTL_MS.attribute);
  return codeDeliveryDetails({ address, medium: mediumOf(name), attribute: name });
}

/** A verified code makes the attribute verified, and a pending value the real one. */
export function markVerified(ctx: Context, pool: UserPool, user: User, name: string): void {
  const pending = own(user.pendingAttributes, name);
  if (pending !== undefined) {
    if (aliasTaken(pool, user, name, pending)) throw errors.aliasExists();
    user.attributes[name] = pending;
    delete user.pendingAttributes[name];
  }
  user.attributes[`${name}_verified`] = 'true';
  touch(ctx, pool, user);
}

export function deleteAttributes(ctx: Context, pool: UserPool, user: User, names: string[]): void {
  for (const name of names) {
    if (name === 'sub') throw errors.invalidParameter('Cannot modify the non-mutable attribute sub');
    if ((pool.usernameAttributes as string[]).includes(name)) throw errors.invalidParameter(`Cannot delete required attribute ${name}`);
  }
  for (const name of names) {
    delete user.attributes[name];
    delete user.pendingAttributes[name];
    delete user.codes[`attribute:${name}`];
    if (isVerifiable(name)) delete user.attributes[`${name}_verified`];
    if (name === 'phone_number') {
      user.mfa.sms = false;
      if (user.mfa.preferred === 'SMS_MFA') delete user.mfa.preferred;
    }
  }
  touch(ctx, pool, user);
}
