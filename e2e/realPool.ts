/**
 * QA mode: the same Playwright suite against a Cognito pool that is not the
 * local emulator (a QA pool on AWS, or any stand-in such as the emulator's
 * strict mode). It is on when the QA_COGNITO_* variables are set; the admin
 * calls that arrange users are then signed with the AWS SDK's standard
 * credentials (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN,
 * or AWS_PROFILE). What a spec needs beyond the Cognito API it marks with
 * needs.ts, and is skipped here.
 */

export interface RealPoolSettings {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  identityPoolId?: string;
  /** a stand-in's address; unset means AWS's own endpoints for the region */
  endpoint?: string;
}

export const REAL_POOL_VARIABLES = {
  region: 'QA_COGNITO_REGION',
  userPoolId: 'QA_COGNITO_USER_POOL_ID',
  userPoolClientId: 'QA_COGNITO_CLIENT_ID',
  identityPoolId: 'QA_COGNITO_IDENTITY_POOL_ID',
  endpoint: 'QA_COGNITO_ENDPOINT',
} as const;

/** Why QA mode cannot start, in one line a person can act on. */
export class QaSetupError extends Error {
  override name = 'QaSetupError';
}

const REQUIRED = [REAL_POOL_VARIABLES.region, REAL_POOL_VARIABLES.userPoolId, REAL_POOL_VARIABLES.userPoolClientId];
const REGION = /^[a-z]{2}(-[a-z]+)+-\d$/;
const USER_POOL_ID = /^([a-z]{2}(-[a-z]+)+-\d)_[0-9A-Za-z]+$/;
const IDENTITY_POOL_ID = /^([a-z]{2}(-[a-z]+)+-\d):[0-9a-f-]+$/;

/** The pool named by the environment, or null for the local emulator. Half a setting, or a malformed one, is a QaSetupError. */
export function realPoolSettings(env: Record<string, string | undefined> = process.env): RealPoolSettings | null {
  const read = (name: string) => env[name]?.trim() || undefined;
  const given = Object.values(REAL_POOL_VARIABLES).filter((name) => read(name));
  if (given.length === 0) return null;
  const missing = REQUIRED.filter((name) => !read(name));
  if (missing.length > 0)
    throw new QaSetupError(`${given.join(', ')} ${given.length === 1 ? 'is' : 'are'} set, but QA mode also needs ${missing.join(', ')}.`);

  const region = read(REAL_POOL_VARIABLES.region)!;
  const userPoolId = read(REAL_POOL_VARIABLES.userPoolId)!;
  const userPoolClientId = read(REAL_POOL_VARIABLES.userPoolClientId)!;
  const identityPoolId = read(REAL_POOL_VARIABLES.identityPoolId);
  const endpoint = read(REAL_POOL_VARIABLES.endpoint);
  if (!REGION.test(region)) throw new QaSetupError(`QA_COGNITO_REGION must be an AWS region such as eu-west-1, got "${region}".`);
  const poolRegion = USER_POOL_ID.exec(userPoolId)?.[1];
  if (!poolRegion) throw new QaSetupError(`QA_COGNITO_USER_POOL_ID must look like ${region}_AbCdEf123, got "${userPoolId}".`);
  if (poolRegion !== region)
    throw new QaSetupError(`QA_COGNITO_USER_POOL_ID ${userPoolId} is a pool of ${poolRegion}, but QA_COGNITO_REGION is ${region}.`);
  if (!/^[0-9A-Za-z]+$/.test(userPoolClientId))
    throw new QaSetupError(`QA_COGNITO_CLIENT_ID must be an app client id (letters and digits), got "${userPoolClientId}".`);
  if (identityPoolId && IDENTITY_POOL_ID.exec(identityPoolId)?.[1] !== region)
    throw new QaSetupError(`QA_COGNITO_IDENTITY_POOL_ID must look like ${region}:<uuid>, got "${identityPoolId}".`);
  if (endpoint && !/^https?:\/\/[^/\s]+\/?$/.test(endpoint))
    throw new QaSetupError(`QA_COGNITO_ENDPOINT must be an http(s) origin such as https://cognito.example.com, got "${endpoint}".`);
  return {
    region,
    userPoolId,
    userPoolClientId,
    ...(identityPoolId ? { identityPoolId } : {}),
    ...(endpoint ? { endpoint: endpoint.replace(/\/$/, '') } : {}),
  };
}

/** Ends the run before anything starts, with the one line that says what is wrong (one per line of the message). */
export function stopRun(error: QaSetupError): never {
  for (const line of error.message.split('\n')) console.error(`QA mode: ${line}`);
  process.exit(2);
}

/** The settings of this run; wrong ones stop it here, when the Playwright config is read, before any server or test starts. */
export const realPool: RealPoolSettings | null = (() => {
  try {
    return realPoolSettings();
  } catch (error) {
    if (error instanceof QaSetupError) stopRun(error);
    throw error;
  }
})();
export const isRealPool = realPool !== null;

/** The user pool's endpoint: the stand-in's, or AWS's for the region. */
export const userPoolEndpoint = (settings: RealPoolSettings) => settings.endpoint ?? `https://cognito-idp.${settings.region}.amazonaws.com`;

/** The app's configuration for the pool, as a deployment's config.json carries it (docs/deploy.md). */
export function appConfig(settings: RealPoolSettings): Record<string, string> {
  const { region, userPoolId, userPoolClientId, identityPoolId, endpoint } = settings;
  return { region, userPoolId, userPoolClientId, ...(identityPoolId ? { identityPoolId } : {}), ...(endpoint ? { endpoint } : {}) };
}

/** The environment the app's dev server and build need to talk to the pool instead of the emulator. */
export function appEnvironment(settings: RealPoolSettings): Record<string, string> {
  return {
    VITE_AWS_REGION: settings.region,
    VITE_USER_POOL_ID: settings.userPoolId,
    VITE_USER_POOL_CLIENT_ID: settings.userPoolClientId,
    ...(settings.identityPoolId ? { VITE_IDENTITY_POOL_ID: settings.identityPoolId } : {}),
    ...(settings.endpoint ? { VITE_COGNITO_ENDPOINT: settings.endpoint } : {}),
  };
}
