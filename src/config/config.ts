/**
 * Runtime configuration. Build-time values come from `VITE_*` variables; a
 * `/config.json` served beside the app overrides them, so one build can be
 * pointed at another pool. In development the dev server answers
 * `/config.json` from the local test pool.
 */

export interface AppConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  identityPoolId?: string;
  /** Cognito endpoint override: the local test pool in development and tests. */
  endpoint?: string;
}

export const CONFIGURATION_ERROR_MESSAGE = 'Configuration error (see console) – please contact the administrator';

export class ConfigurationError extends Error {
  override readonly name = 'ConfigurationError';
}

type PartialConfig = Partial<Record<keyof AppConfig, unknown>>;

function fromBuild(): PartialConfig {
  const env = import.meta.env;
  return {
    region: env.VITE_AWS_REGION || 'eu-west-1',
    userPoolId: env.VITE_USER_POOL_ID,
    userPoolClientId: env.VITE_USER_POOL_CLIENT_ID,
    identityPoolId: env.VITE_IDENTITY_POOL_ID,
    endpoint: env.VITE_COGNITO_ENDPOINT,
  };
}

async function fromServer(): Promise<PartialConfig> {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (response.status === 404) return {};
  if (!response.ok) throw new ConfigurationError(`/config.json answered ${response.status}: ${await response.text()}`);
  const body: unknown = await response.json();
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ConfigurationError('/config.json is not a JSON object.');
  return body as PartialConfig;
}

const optionalString = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** Checks the merged values with the messages of spec §8. */
export function validateConfig(raw: PartialConfig): AppConfig {
  const userPoolId = optionalString(raw.userPoolId);
  const userPoolClientId = optionalString(raw.userPoolClientId);
  if (!userPoolId || !userPoolClientId) throw new ConfigurationError('Auth UserPool not configured');
  if (!userPoolId.includes('_')) throw new ConfigurationError('Invalid user pool id provided.');
  const identityPoolId = optionalString(raw.identityPoolId);
  if (identityPoolId && !identityPoolId.includes(':')) throw new ConfigurationError('Invalid identity pool id provided.');
  return {
    region: optionalString(raw.region) ?? 'eu-west-1',
    userPoolId,
    userPoolClientId,
    identityPoolId,
    endpoint: optionalString(raw.endpoint),
  };
}

export async function loadConfig(): Promise<AppConfig> {
  const server = await fromServer();
  const merged: PartialConfig = { ...fromBuild() };
  for (const [key, value] of Object.entries(server) as [keyof AppConfig, unknown][]) {
    if (value !== undefined && value !== null && value !== '') merged[key] = value;
  }
  return validateConfig(merged);
}
