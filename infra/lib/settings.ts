/**
 * What differs from one deployment of the pool to another, read from CDK context
 * (`cdk deploy -c domainPrefix=… -c appUrls=…`). Every key has a default: the
 * local test pool's value, so a synth with no context describes the pool that
 * `npm start` and the tests run against.
 */

/** The social providers the pool can federate with, by their Cognito ProviderName (which is also their ProviderType). */
export const PROVIDERS = ['Google', 'Facebook', 'LoginWithAmazon', 'SignInWithApple'] as const;
export type Provider = (typeof PROVIDERS)[number];

export interface PoolSettings {
  /** the user pool's name */
  poolName: string;
  /** the hosted UI's domain prefix: https://<prefix>.auth.<region>.amazoncognito.com */
  domainPrefix: string;
  /** the passkeys' relying party: the app's host name (or a parent domain of it) */
  relyingPartyId: string;
  /** origins the app is served from: each gets `/oauth/callback` as a callback URL and `/` as a sign-out URL */
  appUrls: string[];
  /** the providers to add; their credentials are read at deploy time from Secrets Manager */
  providers: Provider[];
  /** the Secrets Manager secret of provider P is `<providerSecretPrefix><P>` (JSON: client_id, client_secret or Apple's team_id, key_id, private_key) */
  providerSecretPrefix: string;
}

export const DEFAULT_SETTINGS: PoolSettings = {
  poolName: 'customer-area',
  domainPrefix: 'customer-area-local',
  relyingPartyId: 'localhost',
  appUrls: ['http://localhost:5173'],
  providers: [...PROVIDERS],
  providerSecretPrefix: 'customer-area/',
};

/** Reads a context value as CDK hands it over: a string from `-c key=value`, or anything from cdk.json. */
type Context = (key: string) => unknown;

const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** The settings from the context, checked: a wrong value stops the synth with a message naming the key. */
export function settingsFrom(context: Context): PoolSettings {
  const text = (key: keyof PoolSettings, fallback: string): string => {
    const value = context(key);
    if (value === undefined) return fallback;
    if (typeof value !== 'string') throw new Error(`Context ${key} must be a string, got ${JSON.stringify(value)}.`);
    return value.trim();
  };
  const poolName = text('poolName', DEFAULT_SETTINGS.poolName);
  const domainPrefix = text('domainPrefix', DEFAULT_SETTINGS.domainPrefix);
  if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(domainPrefix))
    throw new Error(`Context domainPrefix must be lower-case letters, digits and hyphens, got "${domainPrefix}".`);
  const relyingPartyId = text('relyingPartyId', DEFAULT_SETTINGS.relyingPartyId);
  if (!/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/.test(relyingPartyId))
    throw new Error(`Context relyingPartyId must be a host name such as app.example.com, got "${relyingPartyId}".`);
  const appUrls = list(text('appUrls', DEFAULT_SETTINGS.appUrls.join(',')));
  for (const url of appUrls)
    if (!/^(https:\/\/[^/\s:]+(:\d+)?|http:\/\/localhost(:\d+)?)$/.test(url))
      throw new Error(`Context appUrls must be origins such as https://app.example.com (http only for localhost), got "${url}".`);
  if (appUrls.length === 0) throw new Error('Context appUrls must name at least one origin.');
  const providers = list(text('providers', DEFAULT_SETTINGS.providers.join(',')));
  for (const provider of providers)
    if (!(PROVIDERS as readonly string[]).includes(provider))
      throw new Error(`Context providers: "${provider}" is none of ${PROVIDERS.join(', ')}.`);
  return {
    poolName,
    domainPrefix,
    relyingPartyId,
    appUrls,
    providers: providers as Provider[],
    providerSecretPrefix: text('providerSecretPrefix', DEFAULT_SETTINGS.providerSecretPrefix),
  };
}
