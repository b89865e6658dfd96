import { AuthError } from './errors.ts';

/** What the client needs to know about the pool it talks to. */
export interface CognitoConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Overrides the regional AWS endpoint, e.g. the local test pool. */
  endpoint?: string;
}

/** Checks the ids have Cognito's shape, with the messages of spec §8. */
export function assertCognitoConfig(config: Partial<CognitoConfig>): asserts config is CognitoConfig {
  if (!config.userPoolId || !config.userPoolClientId) {
    throw new AuthError('InvalidConfiguration', 'Auth UserPool not configured', 'Set the user pool id and client id.');
  }
  if (!config.userPoolId.includes('_')) {
    throw new AuthError('InvalidConfiguration', 'Invalid user pool id provided.', 'A user pool id looks like eu-west-1_AbCdEf123.');
  }
  if (!config.region) {
    throw new AuthError('InvalidConfiguration', 'Auth UserPool not configured', 'Set the region.');
  }
}

/** The pool's short name, which SRP uses as its realm. */
export const poolName = (config: CognitoConfig) => config.userPoolId.split('_')[1]!;
