import { randomBytes } from 'node:crypto';
import { type SigningKey, generateSigningKey } from './jwt.ts';
import type { AppClient, IdentityPool, PasswordPolicy, State, UserPool } from './state.ts';

export interface SeedOptions {
  region: string;
  /** Reuse these keys (a reset keeps them, so a client's cached JWKS stays right). */
  signingKey?: SigningKey;
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
 * `localhost`, so the dev server's pages can use it), and one public client
 * (no secret) may use SRP, passwords, custom auth, refresh tokens and USER_AUTH.
 */
export function seedState({ region, signingKey }: SeedOptions, now: number): State {
  const client: AppClient = {
    ...defaultClient(SEEDED_CLIENT_ID, 'customer-area-web', now),
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
    attributesRequireVerificationBeforeUpdate: [],
    passwordPolicy: { ...DEFAULT_PASSWORD_POLICY },
    mfaConfiguration: 'OFF',
    smsMfa: {},
    softwareTokenMfa: true,
    emailMfa: {},
    allowedFirstAuthFactors: ['PASSWORD', 'EMAIL_OTP', 'WEB_AUTHN'],
    webAuthn: { relyingPartyId: 'localhost', userVerification: 'preferred' },
    deviceConfiguration: null,
    allowAdminCreateUserOnly: false,
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
