import { describe, expect, it } from 'vitest';
import { validateConfig } from './config.ts';

describe('validateConfig', () => {
  it('refuses a missing user pool with the catalogue message', () => {
    expect(() => validateConfig({})).toThrow('Auth UserPool not configured');
    expect(() => validateConfig({ userPoolId: 'eu-west-1_abc' })).toThrow('Auth UserPool not configured');
  });

  it('checks the shape of pool ids', () => {
    expect(() => validateConfig({ userPoolId: 'nounderscore', userPoolClientId: 'c' })).toThrow('Invalid user pool id provided.');
    expect(() => validateConfig({ userPoolId: 'eu-west-1_abc', userPoolClientId: 'c', identityPoolId: 'nocolon' })).toThrow(
      'Invalid identity pool id provided.',
    );
  });

  it('defaults the region to eu-west-1 and drops empty values', () => {
    expect(validateConfig({ userPoolId: 'eu-west-1_abc', userPoolClientId: 'c', endpoint: '' })).toEqual({
      region: 'eu-west-1',
      userPoolId: 'eu-west-1_abc',
      userPoolClientId: 'c',
      identityPoolId: undefined,
      endpoint: undefined,
    });
  });
});
