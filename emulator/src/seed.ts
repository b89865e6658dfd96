import { generateSigningKey } from './jwt.ts';
import type { AppClient, State, UserPool } from './state.ts';

export interface SeedOptions {
  region: string;
}

/** Stable ids, so bookmarks, QA scripts and a persisted state keep working across restarts. */
export const SEEDED_POOL_SUFFIX = 'LocalPool';
export const SEEDED_CLIENT_ID = 'customerareaclient00000001';

const HOUR = 60 * 60;

/**
 * The pool the product expects: e-mail is the user name and is verified by a
 * code, passwords need 8 characters of four classes, and one public client
 * (no secret) may use SRP and refresh tokens.
 */
export function seedState({ region }: SeedOptions, now: number): State {
  const client: AppClient = {
    clientId: SEEDED_CLIENT_ID,
    clientName: 'customer-area-web',
    explicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    preventUserExistenceErrors: true,
    enableTokenRevocation: true,
    accessTokenValidity: HOUR,
    idTokenValidity: HOUR,
    refreshTokenValidity: 30 * 24 * HOUR,
  };
  const pool: UserPool = {
    id: `${region}_${SEEDED_POOL_SUFFIX}`,
    name: 'customer-area',
    region,
    usernameAttributes: ['email'],
    autoVerifiedAttributes: ['email'],
    passwordPolicy: {
      minimumLength: 8,
      requireLowercase: true,
      requireUppercase: true,
      requireNumbers: true,
      requireSymbols: true,
      temporaryPasswordValidityDays: 7,
    },
    signingKey: generateSigningKey(),
    clients: { [client.clientId]: client },
    users: {},
    refreshTokens: {},
    revokedOrigins: [],
    createdAt: now,
  };
  return { version: 1, pools: { [pool.id]: pool }, outbox: [], clockOffsetMs: 0 };
}
