/**
 * Users made by a federated sign-in. The stand-in provider pages ask the
 * tester for the identity the provider would vouch for (an e-mail, a name);
 * the provider's user id is derived from the e-mail, so the same e-mail is the
 * same provider account and finds the same linked user next time.
 *
 * As Cognito does: the user name is `{ProviderName}_{provider user id}`, the
 * status EXTERNAL_PROVIDER, the `identities` attribute (a JSON string) names
 * the link, the user joins the group `{poolId}_{ProviderName}` (which tokens
 * show as `cognito:groups`), and the provider's attributes are mapped onto the
 * user's by the provider's AttributeMapping at every sign-in.
 */
import { createHash, randomUUID } from 'node:crypto';
import { type Context, own, userChanged } from '../context.ts';
import type { IdentityProvider, SocialProviderType, User, UserPool } from '../state.ts';
import { newUserRecord, requiredAttributes } from '../users.ts';

const digest = (type: string, email: string) => createHash('sha256').update(`${type}\u0000${email.trim().toLowerCase()}`).digest();

/** A user id in the style each provider uses: Google's and Facebook's are numbers, Amazon's and Apple's are not. */
export function providerUserId(type: SocialProviderType, email: string): string {
  const bytes = digest(type, email);
  const decimal = (length: number) => (BigInt(`0x${bytes.toString('hex')}`) % 10n ** BigInt(length)).toString().padStart(length, '1');
  switch (type) {
    case 'Google':
      return `1${decimal(20)}`;
    case 'Facebook':
      return `1${decimal(15)}`;
    case 'LoginWithAmazon':
      return `amzn1.account.${bytes
        .toString('base64url')
        .replace(/[^A-Za-z0-9]/g, '')
        .slice(0, 28)
        .toUpperCase()}`;
    case 'SignInWithApple':
      return `000${decimal(3)}.${bytes.toString('hex').slice(0, 32)}.${decimal(4)}`;
  }
}

export interface ProviderIdentity {
  email: string;
  name?: string;
}

/** What the pool would lack if this provider signed a user in: the required attributes its mapping does not fill. */
export function missingAttributes(pool: UserPool, provider: IdentityProvider): string[] {
  return requiredAttributes(pool).filter((attribute) => provider.attributeMapping[attribute] === undefined);
}

/** The linked user for this provider identity, made on the first sign-in and brought up to date on every one. */
export function linkedUser(ctx: Context, pool: UserPool, provider: IdentityProvider, identity: ProviderIdentity): User {
  const userId = providerUserId(provider.type, identity.email);
  const username = `${provider.name}_${userId}`;
  const claims: Record<string, string | undefined> = { sub: userId, email: identity.email, name: identity.name };
  const mapped: Record<string, string> = {};
  for (const [attribute, claim] of Object.entries(provider.attributeMapping)) {
    const value = claims[claim];
    if (attribute !== 'username' && value !== undefined && value !== '') mapped[attribute] = value;
  }
  const now = ctx.now();
  let user = own(pool.users, username);
  if (!user) {
    const identities = [
      { userId, providerName: provider.name, providerType: provider.type, issuer: null, primary: 'true', dateCreated: String(now) },
    ];
    user = newUserRecord(username, { sub: randomUUID(), identities: JSON.stringify(identities) }, 'EXTERNAL_PROVIDER', now);
    user.groups = [`${pool.id}_${provider.name}`];
    pool.users[username] = user;
  }
  Object.assign(user.attributes, mapped);
  user.modifiedAt = now;
  userChanged(ctx, pool, user);
  return user;
}
