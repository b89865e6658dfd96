/**
 * The social identity providers a pool federates with: CreateIdentityProvider,
 * DescribeIdentityProvider, UpdateIdentityProvider, DeleteIdentityProvider and
 * ListIdentityProviders. Only the four social types are known here (SAML and
 * OIDC providers are refused); their sign-in pages are the stand-ins of
 * oauth/hosted.ts.
 */
import { type Context, type Handler, apiDate, own } from '../context.ts';
import { CognitoError, errors } from '../errors.ts';
import { type Input, optionalInteger, requiredString, stringMap } from '../input.ts';
import { type IdentityProvider, SOCIAL_PROVIDER_TYPES, type SocialProviderType, type UserPool } from '../state.ts';
import { poolFrom } from './admin.ts';

/** The details each provider type needs, as the service asks for them. */
const REQUIRED_DETAILS: Record<SocialProviderType, string[]> = {
  Google: ['client_id', 'client_secret', 'authorize_scopes'],
  Facebook: ['client_id', 'client_secret', 'authorize_scopes'],
  LoginWithAmazon: ['client_id', 'client_secret', 'authorize_scopes'],
  SignInWithApple: ['client_id', 'team_id', 'key_id', 'private_key', 'authorize_scopes'],
};

function providerType(input: Input): SocialProviderType {
  const type = requiredString(input, 'ProviderType', { min: 1, max: 32 });
  if (!(SOCIAL_PROVIDER_TYPES as readonly string[]).includes(type)) {
    throw errors.invalidParameter(`The test pool federates with ${SOCIAL_PROVIDER_TYPES.join(', ')} only, not ${type}.`);
  }
  return type as SocialProviderType;
}

function checkDetails(type: SocialProviderType, details: Record<string, string>): void {
  const missing = REQUIRED_DETAILS[type].filter((name) => !details[name]);
  if (missing.length > 0) throw errors.invalidParameter(`ProviderDetails for ${type} must include ${missing.join(', ')}.`);
}

export function describeProvider(pool: UserPool, provider: IdentityProvider) {
  return {
    UserPoolId: pool.id,
    ProviderName: provider.name,
    ProviderType: provider.type,
    ProviderDetails: provider.details,
    AttributeMapping: provider.attributeMapping,
    IdpIdentifiers: [],
    LastModifiedDate: apiDate(provider.modifiedAt),
    CreationDate: apiDate(provider.createdAt),
  };
}

function providerOf(input: Input, ctx: Context): { pool: UserPool; provider: IdentityProvider } {
  const pool = poolFrom(input, ctx);
  const name = requiredString(input, 'ProviderName', { min: 1, max: 32 });
  const provider = own(pool.identityProviders ?? {}, name);
  if (!provider) throw errors.resourceNotFound(`Identity provider ${name} does not exist.`);
  return { pool, provider };
}

export const CreateIdentityProvider: Handler = (input, ctx) => {
  const pool = poolFrom(input, ctx);
  const name = requiredString(input, 'ProviderName', { min: 1, max: 32 });
  const type = providerType(input);
  // A social provider's name is its type: there is one of each per pool.
  if (name !== type) throw errors.invalidParameter(`ProviderName of a ${type} provider must be ${type}.`);
  if (own(pool.identityProviders ?? {}, name)) {
    throw new CognitoError('DuplicateProviderException', `A provider with the name ${name} already exists in this user pool.`);
  }
  const details = stringMap(input, 'ProviderDetails', true);
  checkDetails(type, details);
  const now = ctx.now();
  const provider: IdentityProvider = {
    name: type,
    type,
    details,
    attributeMapping: { username: 'sub', ...stringMap(input, 'AttributeMapping', false) },
    createdAt: now,
    modifiedAt: now,
  };
  pool.identityProviders = { ...pool.identityProviders, [name]: provider };
  ctx.changed({ kind: 'pool', poolId: pool.id });
  return { IdentityProvider: describeProvider(pool, provider) };
};

export const DescribeIdentityProvider: Handler = (input, ctx) => {
  const { pool, provider } = providerOf(input, ctx);
  return { IdentityProvider: describeProvider(pool, provider) };
};

export const UpdateIdentityProvider: Handler = (input, ctx) => {
  const { pool, provider } = providerOf(input, ctx);
  const given = stringMap(input, 'ProviderDetails', false);
  const details = { ...provider.details, ...given };
  checkDetails(provider.type, details);
  const mapping = input.AttributeMapping === undefined ? provider.attributeMapping : stringMap(input, 'AttributeMapping', false);
  const updated: IdentityProvider = { ...provider, details, attributeMapping: { username: 'sub', ...mapping }, modifiedAt: ctx.now() };
  pool.identityProviders = { ...pool.identityProviders, [provider.name]: updated };
  ctx.changed({ kind: 'pool', poolId: pool.id });
  return { IdentityProvider: describeProvider(pool, updated) };
};

export const DeleteIdentityProvider: Handler = (input, ctx) => {
  const { pool, provider } = providerOf(input, ctx);
  const inUse = Object.values(pool.clients).find((client) => client.oauth?.identityProviders.includes(provider.name));
  if (inUse) {
    throw new CognitoError(
      'UnsupportedIdentityProviderException',
      `The provider ${provider.name} is used by app client ${inUse.clientId}.`,
    );
  }
  const { [provider.name]: _removed, ...rest } = pool.identityProviders ?? {};
  pool.identityProviders = rest;
  ctx.changed({ kind: 'pool', poolId: pool.id });
  return {};
};

export const ListIdentityProviders: Handler = (input, ctx) => {
  const pool = poolFrom(input, ctx);
  optionalInteger(input, 'MaxResults', { min: 1, max: 60 });
  return {
    Providers: Object.values(pool.identityProviders ?? {}).map((provider) => ({
      ProviderName: provider.name,
      ProviderType: provider.type,
      LastModifiedDate: apiDate(provider.modifiedAt),
      CreationDate: apiDate(provider.createdAt),
    })),
  };
};
