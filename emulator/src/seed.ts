/**
 * What every seed shares: the stable ids, Cognito's defaults, the app's URLs
 * and the upgrade of an older state. The pool itself is the project's
 * definition (projectPool.ts, from infra/pool.template.json) or a template
 * named with --template (template.ts).
 */
import { randomBytes } from 'node:crypto';
import type { SigningKey } from './jwt.ts';
import type { AppClient, ClientOAuth, PasswordPolicy, State, UserPool } from './state.ts';

export interface SeedOptions {
  region: string;
  /** Reuse these keys (a reset keeps them, so a client's cached JWKS stays right). */
  signingKey?: SigningKey;
  /** Origins of the app (`http://localhost:5173`) whose callback and sign-out URLs the seeded client accepts. */
  appUrls?: readonly string[];
}

/** Where the app takes the hosted UI's answer, and where a sign-out through /logout returns. */
export const CALLBACK_PATH = '/oauth/callback';
export const SIGN_OUT_PATH = '/';
export const DEFAULT_APP_URLS = ['http://localhost:5173'] as const;

/** The hosted-UI settings the app's URLs are added to when a client has none: OAuth on, the code grant, every standard scope. */
function appOAuth(appUrls: readonly string[]): ClientOAuth {
  return {
    enabled: true,
    flows: ['code'],
    scopes: ['openid', 'email', 'phone', 'profile', 'aws.cognito.signin.user.admin'],
    callbackUrls: appUrls.map((origin) => `${origin}${CALLBACK_PATH}`),
    logoutUrls: appUrls.map((origin) => `${origin}${SIGN_OUT_PATH}`),
    identityProviders: ['COGNITO'],
  };
}

/**
 * Adds the app's callback and sign-out URLs to the seeded client (the emulator's `--app-url`), so a state
 * kept from an earlier run learns the ports of this one; returns whether anything was added.
 */
export function registerAppUrls(state: State, appUrls: readonly string[]): boolean {
  const client = state.pools[state.seed.userPoolId]?.clients[state.seed.userPoolClientId];
  if (!client) return false;
  const wanted = appOAuth(appUrls);
  const oauth = client.oauth ?? appOAuth([]);
  const callbackUrls = [...new Set([...oauth.callbackUrls, ...wanted.callbackUrls])];
  const logoutUrls = [...new Set([...oauth.logoutUrls, ...wanted.logoutUrls])];
  if (client.oauth && callbackUrls.length === oauth.callbackUrls.length && logoutUrls.length === oauth.logoutUrls.length) return false;
  client.oauth = { ...oauth, callbackUrls, logoutUrls };
  return true;
}

/** Stable ids, so bookmarks, QA scripts and a persisted state keep working across restarts. */
export const SEEDED_POOL_SUFFIX = 'LocalPool';
export const SEEDED_CLIENT_ID = 'customerareaclient00000001';
export const SEEDED_IDENTITY_POOL_SUFFIX = '5eeded00-0000-4000-8000-000000000001';

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

/** Cognito's defaults, which UpdateUserPool falls back to for a policy it is not given. */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minimumLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireNumbers: true,
  requireSymbols: true,
  temporaryPasswordValidityDays: 7,
};

export const newDecoySecret = () => randomBytes(32).toString('hex');

/**
 * A state written by an earlier version: its pools gain what this one keeps
 * (decoys and their secret; the passwordless settings, as a pool that allows
 * passwords only and has no passkey relying party, which is how it behaved).
 */
export function upgradeState(state: State): State {
  for (const pool of Object.values(state.pools) as Partial<UserPool>[]) {
    pool.decoys ??= {};
    pool.decoySecret ??= newDecoySecret();
    pool.emailMfa ??= null;
    pool.allowedFirstAuthFactors ??= ['PASSWORD'];
    pool.webAuthn ??= { userVerification: 'preferred' };
    pool.identityProviders ??= {};
  }
  return state;
}

/** An app client with the service's defaults for what CreateUserPoolClient is not told. */
export function defaultClient(clientId: string, clientName: string, now: number): AppClient {
  return {
    clientId,
    clientName,
    explicitAuthFlows: ['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_CUSTOM_AUTH'],
    preventUserExistenceErrors: false,
    enableTokenRevocation: true,
    accessTokenValidity: HOUR,
    idTokenValidity: HOUR,
    refreshTokenValidity: 30 * DAY,
    tokenValidityUnits: { AccessToken: 'hours', IdToken: 'hours', RefreshToken: 'days' },
    authSessionValidity: 3 * 60,
    refreshTokenRotation: { enabled: false, retryGracePeriodSeconds: 0 },
    createdAt: now,
    modifiedAt: now,
  };
}
