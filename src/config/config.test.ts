import { describe, expect, it } from 'vitest';
import { ConfigurationError, mergeConfig, validateConfig } from './config.ts';

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
      refreshTokenValidityDays: 30,
      totpIssuer: 'AWSCognito',
      signUpAttributes: [],
      mfaMethods: [],
      firstFactors: ['PASSWORD'],
      offerPasskey: true,
      userSessions: false,
    });
  });

  it('lists where the customer is signed in only when told the pool tracks sessions, and refuses what is not a boolean', () => {
    expect(validateConfig({ ...pool, userSessions: true }).userSessions).toBe(true);
    expect(validateConfig({ ...pool, userSessions: false }).userSessions).toBe(false);
    expect(() => validateConfig({ ...pool, userSessions: 'yes' })).toThrow('userSessions must be true or false.');
  });

  it('takes the MFA methods the pool offers, once each, and drops a name it does not know', () => {
    expect(validateConfig({ ...pool, mfaMethods: ['SMS', 'EMAIL', 'TOTP', 'SMS'] }).mfaMethods).toEqual(['TOTP', 'SMS', 'EMAIL']);
    expect(validateConfig({ ...pool, mfaMethods: ['EMAIL_MFA', 'SMS'] }).mfaMethods).toEqual(['SMS']);
  });

  it('takes the first factors the pool allows', () => {
    expect(validateConfig({ ...pool, firstFactors: ['PASSWORD', 'EMAIL_OTP', 'WEB_AUTHN'] }).firstFactors).toEqual([
      'PASSWORD',
      'EMAIL_OTP',
      'WEB_AUTHN',
    ]);
  });

  it('offers a passkey after a password sign-in unless told not to, and refuses what is not a boolean', () => {
    expect(validateConfig({ ...pool, offerPasskey: false }).offerPasskey).toBe(false);
    expect(validateConfig({ ...pool, offerPasskey: true }).offerPasskey).toBe(true);
    expect(() => validateConfig({ ...pool, offerPasskey: 'no' })).toThrow('offerPasskey must be true or false.');
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
    // The sign-up fields: the list as given (the widget keeps the names it has a field for); anything but text is left out.
    expect(validateConfig({ ...pool, signUpAttributes: ['given_name', 7, 'phone_number'] }).signUpAttributes).toEqual([
      'given_name',
      'phone_number',
    ]);
    expect(() => validateConfig({ ...pool, socialProviders: ['myspace'] })).toThrow('Unknown social provider "myspace"');
    expect(() => validateConfig({ ...pool, tokenStore: 'session' })).toThrow('tokenStore must be "local" or "cookie".');
    expect(() => validateConfig({ ...pool, oauth: { domain: 'auth.example' } })).toThrow('oauth param not configured');
  });

  it("takes the hosted UI's domain as the security headers do: a bare Cognito domain is https, anything that could widen the policy is refused", () => {
    const oauth = { redirectSignIn: ['https://app.example.com/oauth/callback'], redirectSignOut: ['https://app.example.com/'] };
    const anywhere = { loopbackHttp: true };
    expect(validateConfig({ ...pool, oauth: { ...oauth, domain: 'shop.auth.eu-west-1.amazoncognito.com' } }, anywhere).oauth?.domain).toBe(
      'https://shop.auth.eu-west-1.amazoncognito.com',
    );
    expect(validateConfig({ ...pool, oauth: { ...oauth, domain: 'http://localhost:9229' } }, anywhere).oauth?.domain).toBe(
      'http://localhost:9229',
    );
    for (const domain of ['auth.example.com; frame-ancestors *', 'http://auth.example.com', 'javascript:alert(1)', 'https://*.example']) {
      expect(() => validateConfig({ ...pool, oauth: { ...oauth, domain } }, anywhere), domain).toThrow(/oauth domain/);
    }
    expect(() => validateConfig({ ...pool, oauth: { ...oauth, domain: 'http://localhost:9229' } }, { loopbackHttp: false })).toThrow(
      /must use https/,
    );
  });

  it('asks the hosted UI by default for the scope the Account page needs on AWS (aws.cognito.signin.user.admin)', () => {
    const oauth = {
      domain: 'shop.auth.eu-west-1.amazoncognito.com',
      redirectSignIn: ['https://a.example/cb'],
      redirectSignOut: ['https://a.example/'],
    };
    expect(validateConfig({ ...pool, oauth }).oauth?.scopes).toEqual(['openid', 'email', 'profile', 'aws.cognito.signin.user.admin']);
    expect(validateConfig({ ...pool, oauth: { ...oauth, scopes: ['openid'] } }).oauth?.scopes).toEqual(['openid']);
  });

  it("takes the app client's refresh-token lifetime within Cognito's bounds", () => {
    expect(validateConfig({ ...pool, refreshTokenValidityDays: 1 }).refreshTokenValidityDays).toBe(1);
    for (const days of [0, 1 / 48, 3651, Number.NaN, '30']) {
      expect(() => validateConfig({ ...pool, refreshTokenValidityDays: days }), String(days)).toThrow(
        'refreshTokenValidityDays must be a number of days between 1/24 (an hour) and 3650.',
      );
    }
  });

  it('lets the served config override the build', () => {
    const merged = mergeConfig(
      { region: 'eu-west-1', userPoolId: 'eu-west-1_build', totpIssuer: 'Build' },
      { userPoolId: 'eu-west-1_served', totpIssuer: '' },
    );
    expect(merged).toEqual({ region: 'eu-west-1', userPoolId: 'eu-west-1_served', totpIssuer: 'Build' });
  });

  it('takes AWS region names and refuses anything else, before it reaches the security policy', () => {
    for (const region of ['eu-west-1', 'us-east-2', 'us-gov-west-1', 'ap-southeast-7', 'cn-north-1']) {
      expect(validateConfig({ ...pool, region }).region, region).toBe(region);
    }
    // A region outside the partitions whose addresses the app knows works only with the pool's endpoint given.
    const sovereign = { ...pool, region: 'eusc-de-east-1' };
    expect(() => validateConfig(sovereign)).toThrow(
      "The region eusc-de-east-1 is outside the aws, aws-cn and aws-us-gov partitions, whose Cognito addresses the app knows: give the pool's endpoint as well (docs/deploy.md).",
    );
    expect(validateConfig({ ...sovereign, endpoint: 'https://cognito-idp.eusc-de-east-1.amazonaws.eu' }).region).toBe('eusc-de-east-1');
    for (const region of [
      'eu-west-1; frame-ancestors *',
      'eu-west-1 https://evil.example',
      'eu-west-1\nX-Injected: yes',
      'evil.example/x',
      'EU-WEST-1',
      'eu-west',
      'local',
      42,
    ]) {
      expect(() => validateConfig({ ...pool, region }), String(region)).toThrow(ConfigurationError);
    }
    expect(() => validateConfig({ ...pool, region: 'eu-west-1;x' })).toThrow(
      'The region must be an AWS region name such as eu-west-1, not "eu-west-1;x".',
    );
  });

  it('takes https endpoints, and http only to this machine', () => {
    const anywhere = { loopbackHttp: true };
    expect(validateConfig({ ...pool, endpoint: 'https://cognito.example.com/prefix' }, anywhere).endpoint).toBe(
      'https://cognito.example.com/prefix',
    );
    for (const endpoint of ['http://127.0.0.1:9229', 'http://localhost:9229', 'http://[::1]:9229', 'http://pool.localhost:9229']) {
      expect(validateConfig({ ...pool, endpoint }, anywhere).endpoint, endpoint).toBe(endpoint);
    }
    for (const endpoint of [
      'http://cognito.example.com',
      'ftp://cognito.example.com',
      'javascript:alert(1)',
      '/relative',
      'cognito.example.com',
      'https://a.example;frame-ancestors *',
      'https://a.example,b.example',
      "https://'unsafe-eval'",
      'https://*.example',
      'https://a.example/\nX-Injected: yes',
      'https://a.example/ x',
      'https://user:secret@a.example',
    ]) {
      expect(() => validateConfig({ ...pool, endpoint }, anywhere), endpoint).toThrow(ConfigurationError);
    }
    expect(() => validateConfig({ ...pool, graphql: { endpoint: 'https://a.example;connect-src *', apiKey: 'k' } }, anywhere)).toThrow(
      ConfigurationError,
    );
  });

  it('refuses http to this machine when a deployed page would use it', () => {
    expect(() => validateConfig({ ...pool, endpoint: 'http://127.0.0.1:9229' }, { loopbackHttp: false })).toThrow(
      'The endpoint "http://127.0.0.1:9229" must use https: http is for a test pool on this machine, and this page is not served from it.',
    );
    expect(validateConfig({ ...pool, endpoint: 'https://127.0.0.1:9229' }, { loopbackHttp: false }).endpoint).toBe(
      'https://127.0.0.1:9229',
    );
  });
});
