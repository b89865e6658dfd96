/**
 * An app client's hosted-UI settings, as CreateUserPoolClient and
 * UpdateUserPoolClient take them and DescribeUserPoolClient shows them:
 * callback and sign-out URLs, OAuth flows and scopes, identity providers.
 */
import { CognitoError, errors } from '../errors.ts';
import { type Input, optionalBoolean, optionalEnumList, optionalString, optionalStringList } from '../input.ts';
import { type ClientOAuth, OAUTH_FLOWS, type UserPool } from '../state.ts';

/** The scopes a pool without resource servers knows. */
export const STANDARD_SCOPES = ['openid', 'email', 'phone', 'profile', 'aws.cognito.signin.user.admin'] as const;

export const noOAuth = (): ClientOAuth => ({
  enabled: false,
  flows: [],
  scopes: [],
  callbackUrls: [],
  logoutUrls: [],
  identityProviders: [],
});

/**
 * Callback and sign-out URLs must be absolute, without a fragment, and use
 * HTTPS unless they point at this machine (http://localhost is allowed, as on AWS).
 */
function checkUrl(member: string, value: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw errors.invalidParameter(`${member} ${value} is not a valid URL.`);
  }
  const loopback = url.protocol === 'http:' && url.hostname === 'localhost';
  if (url.hash !== '' || (url.protocol !== 'https:' && !loopback && /^https?:$/.test(url.protocol))) {
    throw errors.invalidParameter(`${member} ${value} must use HTTPS (http is allowed for localhost only) and have no fragment.`);
  }
}

function urls(input: Input, member: string): string[] {
  const list = optionalStringList(input, member) ?? [];
  if (list.length > 100) throw errors.invalidParameter(`${member} may hold 100 URLs at most.`);
  for (const url of list) checkUrl(member, url);
  return [...new Set(list)];
}

/** Reads the OAuth members of a client request; the service resets what an update does not give. */
export function readOAuthSettings(input: Input, pool: UserPool): ClientOAuth {
  const flows = [...new Set(optionalEnumList(input, 'AllowedOAuthFlows', OAUTH_FLOWS) ?? [])];
  const scopes = [...new Set(optionalStringList(input, 'AllowedOAuthScopes') ?? [])];
  const unknownScope = scopes.find((scope) => !(STANDARD_SCOPES as readonly string[]).includes(scope));
  if (unknownScope !== undefined) throw new CognitoError('ScopeDoesNotExistException', `Invalid scope requested: ${unknownScope}`);
  if (scopes.includes('openid') === false && scopes.some((scope) => scope === 'email' || scope === 'profile' || scope === 'phone')) {
    throw errors.invalidParameter('The email, phone and profile scopes need the openid scope.');
  }
  if (flows.includes('client_credentials') && flows.length > 1) {
    throw new CognitoError(
      'InvalidOAuthFlowException',
      'client_credentials flow can not be selected along with code flow or implicit flow.',
    );
  }
  const enabled = optionalBoolean(input, 'AllowedOAuthFlowsUserPoolClient') ?? false;
  if (enabled && (flows.length === 0 || scopes.length === 0)) {
    throw new CognitoError(
      'InvalidOAuthFlowException',
      'AllowedOAuthFlows and AllowedOAuthScopes are required if user pool client is allowed to use OAuth flows.',
    );
  }
  const callbackUrls = urls(input, 'CallbackURLs');
  const logoutUrls = urls(input, 'LogoutURLs');
  const defaultRedirectUri = optionalString(input, 'DefaultRedirectURI', { min: 1, max: 1024 });
  if (defaultRedirectUri !== undefined && !callbackUrls.includes(defaultRedirectUri)) {
    throw errors.invalidParameter('DefaultRedirectURI must be one of the CallbackURLs.');
  }
  if (enabled && flows.some((flow) => flow !== 'client_credentials') && callbackUrls.length === 0) {
    throw new CognitoError('InvalidOAuthFlowException', 'CallbackURLs are required for the code and implicit flows.');
  }
  const identityProviders = [...new Set(optionalStringList(input, 'SupportedIdentityProviders') ?? [])];
  for (const name of identityProviders) {
    if (name !== 'COGNITO' && !Object.hasOwn(pool.identityProviders ?? {}, name)) {
      throw errors.invalidParameter(`The provider ${name} does not exist for User Pool ${pool.id}`);
    }
  }
  return {
    enabled,
    flows,
    scopes,
    callbackUrls,
    logoutUrls,
    ...(defaultRedirectUri === undefined ? {} : { defaultRedirectUri }),
    identityProviders,
  };
}

/** The members DescribeUserPoolClient shows; like the service, empty lists are left out. */
export function describeOAuthSettings(oauth: ClientOAuth | undefined) {
  const settings = oauth ?? noOAuth();
  const list = (name: string, values: string[]) => (values.length > 0 ? { [name]: values } : {});
  return {
    ...list('SupportedIdentityProviders', settings.identityProviders),
    ...list('CallbackURLs', settings.callbackUrls),
    ...list('LogoutURLs', settings.logoutUrls),
    ...(settings.defaultRedirectUri ? { DefaultRedirectURI: settings.defaultRedirectUri } : {}),
    ...list('AllowedOAuthFlows', settings.flows),
    ...list('AllowedOAuthScopes', settings.scopes),
    AllowedOAuthFlowsUserPoolClient: settings.enabled,
  };
}
