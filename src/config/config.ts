/**
 * Runtime configuration. Build-time values come from `VITE_*` variables; a
 * `/config.json` served beside the app overrides any of them, so one build
 * can be pointed at another pool. In development the dev server answers
 * `/config.json` from the local test pool.
 */
import { CONFIG_PATH, CONFIG_REQUEST, takeEarlyConfig } from './earlyConfig.ts';
import { awsHost, checkEndpoint, checkOAuthDomain, checkRegion, ConfigurationError, isLoopbackHost, type EndpointRules } from './checks.ts';

export const SOCIAL_PROVIDERS = ['amazon', 'apple', 'google', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** What the app asks the hosted UI for when `oauth.scopes` is not given. */
export const DEFAULT_OAUTH_SCOPES = ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'] as const;

export interface OAuthConfig {
  domain: string;
  scopes: string[];
  redirectSignIn: string[];
  redirectSignOut: string[];
  responseType: 'code' | 'token';
}

export interface GraphQLConfig {
  endpoint: string;
  authType: 'API_KEY';
  apiKey: string;
}

export interface AppConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  identityPoolId?: string;
  /** Cognito endpoint override: the local test pool in development and tests. */
  endpoint?: string;
  graphql?: GraphQLConfig;
  /** identity-pool credentials for visitors who are not signed in */
  allowGuestAccess: boolean;
  /** federated sign-in buttons; none at start-up */
  socialProviders: SocialProvider[];
  /** hosted-UI OAuth; none at start-up */
  oauth?: OAuthConfig;
  /** where tokens are kept */
  tokenStore: 'local' | 'cookie';
  /** the app client's refresh-token lifetime in days (Cognito's default, 30): how long the cookie store keeps a session */
  refreshTokenValidityDays: number;
  /** the issuer shown in authenticator apps for TOTP */
  totpIssuer: string;
  /** spec §3 attributes the sign-up form asks for besides e-mail and password (the widget drops names it has no field for) */
  signUpAttributes: string[];
  /**
   * the second factors the pool lets customers turn on ("TOTP", "SMS", "EMAIL", and "WEB_AUTHN" where its
   * WebAuthnConfiguration FactorConfiguration is MULTI_FACTOR_WITH_USER_VERIFICATION); none (the default) when its MFA is off
   */
  mfaMethods: MfaMethod[];
  /**
   * the first factors the pool allows (its SignInPolicy.AllowedFirstAuthFactors:
   * PASSWORD, EMAIL_OTP, SMS_OTP, WEB_AUTHN), which Cognito does not tell a
   * visitor; the password alone unless configured
   */
  firstFactors: string[];
  /** after a password sign-in, offer customers without a passkey to create one; on unless set to false (it needs WEB_AUTHN in firstFactors) */
  offerPasskey: boolean;
  /** the pool tracks sessions (SetUserPoolSessionConfiguration): the Account page lists where the customer is signed in; off unless set */
  userSessions: boolean;
}

export const MFA_METHODS = ['TOTP', 'SMS', 'EMAIL', 'WEB_AUTHN'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];

export const CONFIGURATION_ERROR_MESSAGE = 'Configuration error (see console) – please contact the administrator';

export { ConfigurationError };

type RawConfig = Record<string, unknown>;

/** A list written comma-separated. */
const list = (value: string | undefined) =>
  value
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** Build-time values; a list is written comma-separated. */
function fromBuild(): RawConfig {
  const env = import.meta.env;
  return {
    region: env.VITE_AWS_REGION,
    userPoolId: env.VITE_USER_POOL_ID,
    userPoolClientId: env.VITE_USER_POOL_CLIENT_ID,
    identityPoolId: env.VITE_IDENTITY_POOL_ID,
    endpoint: env.VITE_COGNITO_ENDPOINT,
    graphql: env.VITE_GRAPHQL_ENDPOINT
      ? { endpoint: env.VITE_GRAPHQL_ENDPOINT, authType: 'API_KEY', apiKey: env.VITE_GRAPHQL_API_KEY }
      : undefined,
    allowGuestAccess: env.VITE_ALLOW_GUEST_ACCESS === undefined ? undefined : env.VITE_ALLOW_GUEST_ACCESS === 'true',
    socialProviders: list(env.VITE_SOCIAL_PROVIDERS),
    signUpAttributes: list(env.VITE_SIGN_UP_ATTRIBUTES),
    mfaMethods: list(env.VITE_MFA_METHODS),
    firstFactors: list(env.VITE_FIRST_FACTORS),
    offerPasskey: env.VITE_OFFER_PASSKEY === undefined ? undefined : env.VITE_OFFER_PASSKEY === 'true',
    userSessions: env.VITE_USER_SESSIONS === undefined ? undefined : env.VITE_USER_SESSIONS === 'true',
    tokenStore: env.VITE_TOKEN_STORE,
    refreshTokenValidityDays: env.VITE_REFRESH_TOKEN_VALIDITY_DAYS ? Number(env.VITE_REFRESH_TOKEN_VALIDITY_DAYS) : undefined,
    totpIssuer: env.VITE_TOTP_ISSUER,
  };
}

async function fromServer(): Promise<RawConfig> {
  const response = await (takeEarlyConfig() ?? fetch(CONFIG_PATH, CONFIG_REQUEST));
  if (response.status === 404) return {};
  if (!response.ok) throw new ConfigurationError(`/config.json answered ${response.status}: ${await response.text()}`);
  const body: unknown = await response.json().catch(() => {
    throw new ConfigurationError('/config.json is not valid JSON.');
  });
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ConfigurationError('/config.json is not a JSON object.');
  return body as RawConfig;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
/** A value that was given: trimmed text, or anything else as it is (for a check to refuse); undefined when absent or blank. */
const given = (value: unknown) => (typeof value === 'string' ? text(value) : (value ?? undefined));
const texts = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined);

function graphqlOf(value: unknown, rules: EndpointRules): GraphQLConfig | undefined {
  if (value === undefined || value === null) return undefined;
  const raw = value as RawConfig;
  const endpointGiven = given(raw.endpoint);
  const apiKey = text(raw.apiKey);
  if (endpointGiven === undefined) return undefined;
  const endpoint = checkEndpoint(endpointGiven, 'GraphQL endpoint', rules);
  if ((raw.authType ?? 'API_KEY') !== 'API_KEY') throw new ConfigurationError('GraphQL authType must be API_KEY.');
  if (!apiKey) throw new ConfigurationError('GraphQL apiKey is missing for the API_KEY auth type.');
  return { endpoint, authType: 'API_KEY', apiKey };
}

function oauthOf(value: unknown, rules: EndpointRules): OAuthConfig | undefined {
  if (value === undefined || value === null) return undefined;
  const raw = value as RawConfig;
  const domain = text(raw.domain);
  const redirectSignIn = texts(raw.redirectSignIn) ?? [];
  const redirectSignOut = texts(raw.redirectSignOut) ?? [];
  if (!domain || redirectSignIn.length === 0 || redirectSignOut.length === 0) throw new ConfigurationError('oauth param not configured');
  return {
    // The customer is sent there and the code exchanged there: checked as the security headers check it.
    domain: checkOAuthDomain(domain, rules),
    // The Account page's calls (GetUser, UpdateUserAttributes, ChangePassword, passkeys…) need the last one on AWS.
    scopes: texts(raw.scopes) ?? [...DEFAULT_OAUTH_SCOPES],
    redirectSignIn,
    redirectSignOut,
    responseType: raw.responseType === 'token' ? 'token' : 'code',
  };
}

/**
 * Where http may reach the test pool on this machine: in development and
 * tests, and in a production build only while the page itself is served from
 * this machine (`npm run preview`, the e2e suite). A deployed page gets https
 * endpoints or nothing.
 */
function endpointRules(): EndpointRules {
  const pageHost = (globalThis.location as Location | undefined)?.hostname ?? '';
  return { loopbackHttp: !import.meta.env.PROD || isLoopbackHost(pageHost) };
}

/**
 * Checks the merged values, with the messages of spec §8 where it has them.
 * The region and the endpoints are checked as the security headers check
 * them (checks.ts): they name the hosts the app talks to.
 */
export function validateConfig(raw: RawConfig, rules: EndpointRules = endpointRules()): AppConfig {
  const userPoolId = text(raw.userPoolId);
  const userPoolClientId = text(raw.userPoolClientId);
  if (!userPoolId || !userPoolClientId) throw new ConfigurationError('Auth UserPool not configured');
  if (!userPoolId.includes('_')) throw new ConfigurationError('Invalid user pool id provided.');
  const identityPoolId = text(raw.identityPoolId);
  if (identityPoolId && !identityPoolId.includes(':')) throw new ConfigurationError('Invalid identity pool id provided.');
  const socialProviders = texts(raw.socialProviders) ?? [];
  for (const provider of socialProviders) {
    if (!(SOCIAL_PROVIDERS as readonly string[]).includes(provider)) {
      throw new ConfigurationError(`Unknown social provider "${provider}": use ${SOCIAL_PROVIDERS.join(', ')}.`);
    }
  }
  const tokenStore = raw.tokenStore ?? 'local';
  if (tokenStore !== 'local' && tokenStore !== 'cookie') throw new ConfigurationError('tokenStore must be "local" or "cookie".');
  const refreshTokenValidityDays = raw.refreshTokenValidityDays ?? 30;
  // Cognito's bounds: an hour to ten years.
  if (typeof refreshTokenValidityDays !== 'number' || !(refreshTokenValidityDays >= 1 / 24 && refreshTokenValidityDays <= 3650)) {
    throw new ConfigurationError('refreshTokenValidityDays must be a number of days between 1/24 (an hour) and 3650.');
  }
  // Names the widget has no button for are dropped there (resolveSettings), as with signUpAttributes.
  const firstFactors = texts(raw.firstFactors) ?? ['PASSWORD'];
  if (raw.offerPasskey !== undefined && typeof raw.offerPasskey !== 'boolean') {
    throw new ConfigurationError('offerPasskey must be true or false.');
  }
  if (raw.userSessions !== undefined && typeof raw.userSessions !== 'boolean') {
    throw new ConfigurationError('userSessions must be true or false.');
  }
  const endpoint = given(raw.endpoint);
  const region = checkRegion(given(raw.region) ?? 'eu-west-1');
  // Without an endpoint the calls go to AWS's own address: a region the app cannot name is refused now, not at the first call.
  if (endpoint === undefined) awsHost('cognito-idp', region);
  return {
    region,
    userPoolId,
    userPoolClientId,
    identityPoolId,
    endpoint: endpoint === undefined ? undefined : checkEndpoint(endpoint, 'endpoint', rules),
    graphql: graphqlOf(raw.graphql, rules),
    allowGuestAccess: raw.allowGuestAccess === true,
    socialProviders: socialProviders as SocialProvider[],
    oauth: oauthOf(raw.oauth, rules),
    tokenStore,
    refreshTokenValidityDays,
    totpIssuer: text(raw.totpIssuer) ?? 'AWSCognito',
    signUpAttributes: texts(raw.signUpAttributes) ?? [],
    // Unknown names are dropped, as for signUpAttributes: a typo offers a factor less, it cannot break the app.
    mfaMethods: MFA_METHODS.filter((method) => texts(raw.mfaMethods)?.includes(method)),
    firstFactors,
    offerPasskey: raw.offerPasskey !== false,
    userSessions: raw.userSessions === true,
  };
}

/** Build-time values with the served `/config.json` laid over them. */
export function mergeConfig(build: RawConfig, served: RawConfig): RawConfig {
  const merged: RawConfig = { ...build };
  for (const [key, value] of Object.entries(served)) {
    if (value !== undefined && value !== null && value !== '') merged[key] = value;
  }
  return merged;
}

export async function loadConfig(): Promise<AppConfig> {
  return validateConfig(mergeConfig(fromBuild(), await fromServer()));
}
