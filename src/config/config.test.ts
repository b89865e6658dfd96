import { describe, expect, it } from 'vitest';
import { mergeConfig, validateConfig } from './config.ts';

const pool = { userPoolId: 'eu-west-1_abc', userPoolClientId: 'client' };

describe('validateConfig', () => {
  it('refuses a missing user pool with the catalogue message', () => {
    expect(() => validateConfig({})).toThrow('Auth UserPool not configured');
    expect(() => validateConfig({ userPoolId: 'eu-west-1_abc' })).toThrow('Auth UserPool not configured');
  });

  it('checks the shape of pool ids', () => {
    expect(() => validateConfig({ userPoolId: 'nounderscore', userPoolClientId: 'c' })).toThrow('Invalid user pool id provided.');
    expect(() => validateConfig({ ...pool, identityPoolId: 'nocolon' })).toThrow('Invalid identity pool id provided.');
  });

  it('gives the start-up defaults of spec §1 and §9', () => {
    expect(validateConfig({ ...pool, endpoint: '' })).toEqual({
      region: 'eu-west-1',
      ...pool,
      identityPoolId: undefined,
      endpoint: undefined,
      graphql: undefined,
      allowGuestAccess: false,
      socialProviders: [],
      oauth: undefined,
      tokenStore: 'local',
      totpIssuer: 'AWSCognito',
    });
  });

  it('takes a GraphQL endpoint with its API key', () => {
    expect(validateConfig({ ...pool, graphql: { endpoint: 'https://api.example/graphql', apiKey: 'da2-key' } }).graphql).toEqual({
      endpoint: 'https://api.example/graphql',
      authType: 'API_KEY',
      apiKey: 'da2-key',
    });
    expect(() => validateConfig({ ...pool, graphql: { endpoint: 'https://api.example/graphql' } })).toThrow(
      'GraphQL apiKey is missing for the API_KEY auth type.',
    );
  });

  it('checks social providers, the token store and OAuth', () => {
    expect(validateConfig({ ...pool, socialProviders: ['google', 'apple'] }).socialProviders).toEqual(['google', 'apple']);
    expect(() => validateConfig({ ...pool, socialProviders: ['myspace'] })).toThrow('Unknown social provider "myspace"');
    expect(() => validateConfig({ ...pool, tokenStore: 'session' })).toThrow('tokenStore must be "local" or "cookie".');
    expect(() => validateConfig({ ...pool, oauth: { domain: 'auth.example' } })).toThrow('oauth param not configured');
  });

  it('lets the served config override the build', () => {
    const merged = mergeConfig(
      { region: 'eu-west-1', userPoolId: 'eu-west-1_build', totpIssuer: 'Build' },
      { userPoolId: 'eu-west-1_served', totpIssuer: '' },
    );
    expect(merged).toEqual({ region: 'eu-west-1', userPoolId: 'eu-west-1_served', totpIssuer: 'Build' });
  });
});
