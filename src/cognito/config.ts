import type { SecondFactor } from './types.ts';
import { AuthError } from './errors.ts';
import type { OAuthSettings } from './oauthRedirect.ts';

/** What the client needs to know about the pools it talks to. */
export interface CognitoConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** for AWS credentials; "region:uuid" */
  identityPoolId?: string;
  /** fetch guest credentials for visitors who are not signed in */
  allowGuestAccess?: boolean;
  /** how the pool confirms new accounts: a code the customer types (default) or a link they click */
  signUpVerificationMethod?: 'code' | 'link';
  /** Overrides the regional AWS endpoints, e.g. the local test pool (which serves both services). */
  endpoint?: string;
  /** the app client's refresh-token lifetime, in days (Cognito's default: 30); a cookie store keeps a session that long */
  refreshTokenValidityDays?: number;
  /** the second factors the pool lets customers turn on (its MFA is optional or required); none when MFA is off */
  mfaMethods?: readonly SecondFactor[];
  /** the pool tracks sessions (SetUserPoolSessionConfiguration), so the customer may list and end them; off unless set */
  userSessions?: boolean;
  /** the hosted UI (federated sign-in); without it signInWithRedirect answers "oauth param not configured" */
  oauth?: OAuthSettings;
}

const invalid = (message: string, hint: string) => new AuthError('InvalidConfiguration', message, hint);

/** Checks the ids have Cognito's shape, with the messages of spec §8. */
export function assertCognitoConfig(config: Partial<CognitoConfig>): asserts config is CognitoConfig {
  if (!config.userPoolId && !config.identityPoolId) {
    throw invalid('Auth UserPool or IdentityPool not configured', 'Set the user pool id and client id.');
  }
  if (!config.userPoolId || !config.userPoolClientId || !config.region) {
    throw invalid('Auth UserPool not configured', 'Set the region, the user pool id and the client id.');
  }
  if (!config.userPoolId.includes('_')) {
    throw invalid('Invalid user pool id provided.', 'A user pool id looks like eu-west-1_AbCdEf123.');
  }
  const validity = config.refreshTokenValidityDays;
  if (validity !== undefined && !(Number.isFinite(validity) && validity > 0)) {
    throw invalid(
      'The refresh token lifetime must be a positive number of days.',
      "Give the app client's refresh token expiration, in days.",
    );
  }
  if (config.identityPoolId !== undefined && !config.identityPoolId.includes(':')) {
    throw invalid('Invalid identity pool id provided.', 'An identity pool id looks like eu-west-1:0000-…');
  }
}

/** The pool's short name, which SRP uses as its realm. */
export const poolName = (config: CognitoConfig) => config.userPoolId.split('_')[1]!;
