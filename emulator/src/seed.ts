import { randomBytes } from 'node:crypto';
import { type SigningKey, generateSigningKey } from './jwt.ts';
import { DEFAULT_MAX_SESSIONS_PER_USER } from './userSessions.ts';
import {
  type AppClient,
  type ClientOAuth,
  type IdentityPool,
  type IdentityProvider,
  type PasswordPolicy,
  SOCIAL_PROVIDER_TYPES,
  type State,
  type UserPool,
} from './state.ts';

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

/** The four social providers, with stand-in credentials (their sign-in pages are the pool's own, see oauth/hosted.ts). */
function seededProviders(now: number): Record<string, IdentityProvider> {
  const providers: Record<string, IdentityProvider> = {};
  for (const type of SOCIAL_PROVIDER_TYPES) {
    const secret: Record<string, string> =
      type === 'SignInWithApple' ? { team_id: 'TEAMID0001', key_id: 'KEYID00001', private_key: 'stand-in' } : { client_secret: 'stand-in' };
    providers[type] = {
      name: type,
      type,
      details: {
        client_id: `test-pool-${type.toLowerCase()}`,
        ...secret,
        authorize_scopes: type === 'Google' ? 'openid email profile' : 'email',
      },
      attributeMapping: { username: 'sub', email: 'email', name: 'name' },
      createdAt: now,
      modifiedAt: now,
    };
  }
  return providers;
}

/** The seeded client's hosted-UI settings: the code grant only (no implicit), every standard scope, the four providers. */
export function seededOAuth(appUrls: readonly string[]): ClientOAuth {
  return {
    enabled: true,
    flows: ['code'],
    scopes: ['openid', 'email', 'phone', 'profile', 'aws.cognito.signin.user.admin'],
    callbackUrls: appUrls.map((origin) => `${origin}${CALLBACK_PATH}`),
    logoutUrls: appUrls.map((origin) => `${origin}${SIGN_OUT_PATH}`),
    identityProviders: ['COGNITO', ...SOCIAL_PROVIDER_TYPES],
  };
}

/**
 * Adds the app's callback and sign-out URLs to the seeded client (the emulator's `--app-url`), so a state
 * kept from an earlier run learns the ports of this one; returns whether anything was added.
 */
export function registerAppUrls(state: State, appUrls: readonly string[]): boolean {
  const client = state.pools[state.seed.userPoolId]?.clients[state.seed.userPoolClientId];
  if (!client) return false;
  const wanted = seededOAuth(appUrls);
  const oauth = client.oauth ?? seededOAuth([]);
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

/**
 * The pool the product expects: e-mail is the user name and is verified by a
 * code, passwords need 8 characters of four classes, MFA is off (SMS, e-mail
 * and authenticator apps are configured, so a test can turn it on), customers
 * may sign in with a password, an e-mailed code or a passkey (relying party
 * `localhost`, so the dev server's pages can use it), a changed e-mail takes effect once verified, and one public client
 * (no secret) may use SRP, passwords, custom auth, refresh tokens and USER_AUTH.
 */
export function seedState({ region, signingKey, appUrls = DEFAULT_APP_URLS }: SeedOptions, now: number): State {
  const client: AppClient = {
    ...defaultClient(SEEDED_CLIENT_ID, 'customer-area-web', now),
    oauth: seededOAuth(appUrls),
    explicitAuthFlows: [
      'ALLOW_USER_SRP_AUTH',
      'ALLOW_USER_PASSWORD_AUTH',
      'ALLOW_CUSTOM_AUTH',
      'ALLOW_REFRESH_TOKEN_AUTH',
      'ALLOW_USER_AUTH',
    ],
    preventUserExistenceErrors: true,
  };
  const pool: UserPool = {
    id: `${region}_${SEEDED_POOL_SUFFIX}`,
    name: 'customer-area',
    region,
    usernameAttributes: ['email'],
    autoVerifiedAttributes: ['email'],
    attributesRequireVerificationBeforeUpdate: ['email'],
    passwordPolicy: { ...DEFAULT_PASSWORD_POLICY },
    mfaConfiguration: 'OFF',
    smsMfa: {},
    softwareTokenMfa: true,
    emailMfa: {},
    allowedFirstAuthFactors: ['PASSWORD', 'EMAIL_OTP', 'WEB_AUTHN'],
    webAuthn: { relyingPartyId: 'localhost', userVerification: 'preferred' },
    deviceConfiguration: null,
    allowAdminCreateUserOnly: false,
    identityProviders: seededProviders(now),
    sessionTracking: { enabled: true, maxPerUser: DEFAULT_MAX_SESSIONS_PER_USER },
    signingKey: signingKey ?? generateSigningKey(),
    clients: { [client.clientId]: client },
    users: {},
    grants: {},
    decoys: {},
    decoySecret: newDecoySecret(),
    createdAt: now,
    modifiedAt: now,
  };
  const identityPool: IdentityPool = {
    id: `${region}:${SEEDED_IDENTITY_POOL_SUFFIX}`,
    name: 'customer_area_identities',
    allowUnauthenticated: true,
    allowClassicFlow: false,
    providers: [{ providerName: `cognito-idp.${region}.amazonaws.com/${pool.id}`, clientId: client.clientId, serverSideTokenCheck: false }],
    identities: {},
    logins: {},
    createdAt: now,
  };
  return {
    version: 2,
    seed: { userPoolId: pool.id, userPoolClientId: client.clientId, identityPoolId: identityPool.id },
    pools: { [pool.id]: pool },
    identityPools: { [identityPool.id]: identityPool },
    outbox: [],
    clockOffsetMs: 0,
  };
}
