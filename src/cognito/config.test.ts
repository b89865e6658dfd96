import { describe, expect, it } from 'vitest';
import { createAuthClient } from './client.ts';
import { assertCognitoConfig } from './config.ts';
import { createMemoryStorage } from './tokenStore.ts';

describe('configuration checks', () => {
  it('uses the catalogue messages of spec §8', () => {
    expect(() => assertCognitoConfig({})).toThrow('Auth UserPool or IdentityPool not configured');
    expect(() => assertCognitoConfig({ identityPoolId: 'eu-west-1:x' })).toThrow('Auth UserPool not configured');
    expect(() => assertCognitoConfig({ region: 'eu-west-1', userPoolId: 'nounderscore', userPoolClientId: 'c' })).toThrow(
      'Invalid user pool id provided.',
    );
    expect(() =>
      assertCognitoConfig({ region: 'eu-west-1', userPoolId: 'eu-west-1_a', userPoolClientId: 'c', identityPoolId: 'nocolon' }),
    ).toThrow('Invalid identity pool id provided.');
  });

  it('needs somewhere to keep tokens', () => {
    const config = { region: 'eu-west-1', userPoolId: 'eu-west-1_a', userPoolClientId: 'c' };
    // Node has no localStorage: without a storage there is no token provider.
    expect(() => createAuthClient({ config })).toThrow('Auth Token Provider not configured');
    expect(() => createAuthClient({ config, storage: createMemoryStorage() })).not.toThrow();
  });

  it("takes the app client's refresh-token lifetime as a positive number of days", () => {
    const config = { region: 'eu-west-1', userPoolId: 'eu-west-1_a', userPoolClientId: 'c' };
    expect(() => assertCognitoConfig({ ...config, refreshTokenValidityDays: 0.5 })).not.toThrow();
    for (const days of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => assertCognitoConfig({ ...config, refreshTokenValidityDays: days }), String(days)).toThrow(
        'The refresh token lifetime must be a positive number of days.',
      );
    }
  });
});
