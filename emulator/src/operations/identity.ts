/** The identity pool service (AWSCognitoIdentityService). */
import { type Handler, apiDate, identityPoolById } from '../context.ts';
import { errors } from '../errors.ts';
import {
  UNAUTHENTICATED_NOT_SUPPORTED,
  findIdentity,
  identityForCredentials,
  newIdentity,
  temporaryCredentials,
  verifyLogins,
} from '../identity.ts';
import { type Input, optionalBoolean, optionalString, requiredBoolean, requiredString, stringMap } from '../input.ts';
import type { IdentityPool } from '../state.ts';

const IDENTITY_ID = { min: 1, max: 55 };

export const GetId: Handler = (input, ctx) => {
  const identityPool = identityPoolById(ctx, requiredString(input, 'IdentityPoolId', { min: 1, max: 55 }));
  optionalString(input, 'AccountId', { min: 1, max: 15 });
  const logins = verifyLogins(ctx, identityPool, stringMap(input, 'Logins', false));
  if (logins.length === 0) {
    if (!identityPool.allowUnauthenticated) throw errors.notAuthorized(UNAUTHENTICATED_NOT_SUPPORTED);
    return { IdentityId: newIdentity(ctx, identityPool, []).id };
  }
  const known = logins.map((login) => identityPool.logins[login]).find((id) => id !== undefined);
  return { IdentityId: known ?? newIdentity(ctx, identityPool, logins).id };
};

export const GetCredentialsForIdentity: Handler = (input, ctx) => {
  const { identityPool, identity } = findIdentity(ctx, requiredString(input, 'IdentityId', IDENTITY_ID));
  optionalString(input, 'CustomRoleArn', { min: 20, max: 2048 });
  const logins = verifyLogins(ctx, identityPool, stringMap(input, 'Logins', false));
  const chosen = identityForCredentials(ctx, identityPool, identity, logins);
  return { IdentityId: chosen.id, Credentials: temporaryCredentials(ctx) };
};

function describe(identityPool: IdentityPool) {
  return {
    IdentityPoolId: identityPool.id,
    IdentityPoolName: identityPool.name,
    AllowUnauthenticatedIdentities: identityPool.allowUnauthenticated,
    AllowClassicFlow: identityPool.allowClassicFlow,
    CognitoIdentityProviders: identityPool.providers.map((provider) => ({
      ProviderName: provider.providerName,
      ClientId: provider.clientId,
      ServerSideTokenCheck: provider.serverSideTokenCheck,
    })),
  };
}

export const DescribeIdentityPool: Handler = (input, ctx) =>
  describe(identityPoolById(ctx, requiredString(input, 'IdentityPoolId', { min: 1, max: 55 })));

function readProviders(input: Input): IdentityPool['providers'] {
  const value = input.CognitoIdentityProviders;
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw errors.serialization("Unexpected value for 'CognitoIdentityProviders': expected a list.");
  return value.map((entry: unknown) => {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry))
      throw errors.serialization("Unexpected value for 'CognitoIdentityProviders': expected structures.");
    const provider = entry as Input;
    return {
      providerName: requiredString(provider, 'ProviderName', { min: 1, max: 128 }),
      clientId: requiredString(provider, 'ClientId', { min: 1, max: 128 }),
      serverSideTokenCheck: optionalBoolean(provider, 'ServerSideTokenCheck') ?? false,
    };
  });
}

/** Like the service, an update replaces the pool's settings; guest access is the one tests flip. */
export const UpdateIdentityPool: Handler = (input, ctx) => {
  const identityPool = identityPoolById(ctx, requiredString(input, 'IdentityPoolId', { min: 1, max: 55 }));
  const name = requiredString(input, 'IdentityPoolName', { min: 1, max: 128 });
  const guests = requiredBoolean(input, 'AllowUnauthenticatedIdentities');
  Object.assign(identityPool, {
    name,
    allowUnauthenticated: guests,
    allowClassicFlow: optionalBoolean(input, 'AllowClassicFlow') ?? false,
    providers: readProviders(input),
  });
  ctx.changed({ kind: 'identityPool', identityPoolId: identityPool.id });
  return describe(identityPool);
};

export const DescribeIdentity: Handler = (input, ctx) => {
  const { identity } = findIdentity(ctx, requiredString(input, 'IdentityId', IDENTITY_ID));
  return {
    IdentityId: identity.id,
    Logins: [...new Set(identity.logins.map((login) => login.split('|')[0]!))],
    CreationDate: apiDate(identity.createdAt),
    LastModifiedDate: apiDate(identity.modifiedAt),
  };
};
