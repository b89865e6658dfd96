/**
 * Identity pools: which identity a set of logins speaks for, after checking
 * each login (a user pool id token) the way Cognito Identity does, and the
 * temporary AWS credentials handed to it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { type Context, own } from './context.ts';
import { errors } from './errors.ts';
import { verifyJwt } from './jwt.ts';
import type { Identity, IdentityPool } from './state.ts';

export const CREDENTIALS_TTL_MS = 60 * 60 * 1000;
const LOGINS_DO_NOT_MATCH = "Logins don't match. Please include at least one valid login for this identity or identity pool.";
export const UNAUTHENTICATED_NOT_SUPPORTED = 'Unauthenticated access is not supported for this identity pool.';

/**
 * Checks every login and returns its key, `provider|sub`. A login's name may be
 * the provider's (`cognito-idp.{region}.amazonaws.com/{poolId}`) or the id
 * token's issuer without its scheme, which is what clients that build the name
 * from `iss` send to a local pool.
 */
export function verifyLogins(ctx: Context, identityPool: IdentityPool, logins: Record<string, string>): string[] {
  return Object.entries(logins).map(([name, token]) => {
    const poolOf = (providerName: string) => providerName.split('/')[1] ?? '';
    const provider = identityPool.providers.find(
      (candidate) => name === candidate.providerName || name.endsWith(`/${poolOf(candidate.providerName)}`),
    );
    if (!provider) throw errors.notAuthorized('Token is not from a supported provider of this identity pool.');
    const poolId = poolOf(provider.providerName);
    const userPool = own(ctx.state.pools, poolId);
    const claims = userPool ? verifyJwt(token, userPool.signingKey) : null;
    if (!userPool || !claims) throw errors.notAuthorized("Invalid login token. Couldn't verify signed token.");
    const issuer = String(claims.iss);
    if (!issuer.endsWith(`/${poolId}`) || (name !== provider.providerName && name !== issuer.replace(/^https?:\/\//, ''))) {
      throw errors.notAuthorized("Invalid login token. Issuer doesn't match providerName");
    }
    if (claims.token_use !== 'id') throw errors.notAuthorized('Invalid login token. Not a valid OpenId Connect identity token.');
    if (claims.aud !== provider.clientId) throw errors.notAuthorized('Token is not from a supported provider of this identity pool.');
    const now = Math.floor(ctx.now() / 1000);
    if (typeof claims.exp !== 'number' || now >= claims.exp)
      throw errors.notAuthorized(`Invalid login token. Token expired: ${now} >= ${String(claims.exp)}`);
    if (provider.serverSideTokenCheck) {
      const grant = typeof claims.origin_jti === 'string' ? own(userPool.grants, claims.origin_jti) : undefined;
      if (!grant || grant.revoked) throw errors.notAuthorized('Invalid login token. Token has been revoked.');
    }
    return `${provider.providerName}|${String(claims.sub)}`;
  });
}

function linkLogins(ctx: Context, identityPool: IdentityPool, identity: Identity, logins: string[]): void {
  for (const login of logins) {
    identityPool.logins[login] = identity.id;
    ctx.changed({ kind: 'logins', identityPoolId: identityPool.id, key: login });
  }
}

export function newIdentity(ctx: Context, identityPool: IdentityPool, logins: string[]): Identity {
  const region = identityPool.id.split(':')[0]!;
  const identity: Identity = { id: `${region}:${randomUUID()}`, logins, createdAt: ctx.now(), modifiedAt: ctx.now() };
  identityPool.identities[identity.id] = identity;
  ctx.changed({ kind: 'identities', identityPoolId: identityPool.id, key: identity.id });
  linkLogins(ctx, identityPool, identity, logins);
  return identity;
}

export function findIdentity(ctx: Context, identityId: string): { identityPool: IdentityPool; identity: Identity } {
  for (const identityPool of Object.values(ctx.state.identityPools)) {
    const identity = own(identityPool.identities, identityId);
    if (identity) return { identityPool, identity };
  }
  throw errors.resourceNotFound(`Identity '${identityId}' not found.`);
}

/**
 * The identity credentials are for: a guest needs guest access; logins must
 * match the identity, or belong to none yet (then a guest identity becomes
 * theirs), or belong to another identity (whose id is then answered).
 */
export function identityForCredentials(ctx: Context, identityPool: IdentityPool, identity: Identity, logins: string[]): Identity {
  if (logins.length === 0) {
    if (identity.logins.length > 0) throw errors.notAuthorized(LOGINS_DO_NOT_MATCH);
    if (!identityPool.allowUnauthenticated) throw errors.notAuthorized(UNAUTHENTICATED_NOT_SUPPORTED);
    return identity;
  }
  const owner = logins.map((login) => identityPool.logins[login]).find((id) => id !== undefined);
  if (owner) return identityPool.identities[owner]!;
  if (identity.logins.length > 0) throw errors.notAuthorized(LOGINS_DO_NOT_MATCH);
  identity.logins = logins;
  identity.modifiedAt = ctx.now();
  ctx.changed({ kind: 'identities', identityPoolId: identityPool.id, key: identity.id });
  linkLogins(ctx, identityPool, identity, logins);
  return identity;
}

const UPPER_ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Credentials in AWS's shapes (ASIA… key id, 40-character secret); nothing accepts them but they look right. */
export function temporaryCredentials(ctx: Context) {
  const keyId = Array.from(randomBytes(16), (byte) => UPPER_ALPHANUMERIC[byte % 32]).join('');
  return {
    AccessKeyId: `ASIA${keyId}`,
    SecretKey: randomBytes(30).toString('base64'),
    SessionToken: randomBytes(300).toString('base64'),
    Expiration: (ctx.now() + CREDENTIALS_TTL_MS) / 1000,
  };
}
