import { describe, expect, it } from 'vitest';
import { validateConfig } from '../src/config/config.ts';
import { configFromOutputs } from './infraConfig.ts';

/** What `cdk deploy --outputs-file` writes for the stack deployed with `-c appUrls=https://app.example.com -c providers=Google,SignInWithApple`. */
const OUTPUTS = {
  CustomerAreaPool: {
    Region: 'eu-west-1',
    UserPoolId: 'eu-west-1_AbCdEf123',
    UserPoolClientId: '1example23456789',
    IdentityPoolId: 'eu-west-1:00000000-0000-4000-8000-000000000000',
    HostedUiDomain: 'acme-customers.auth.eu-west-1.amazoncognito.com',
    OAuthScopes: 'openid,email,phone,profile,aws.cognito.signin.user.admin',
    RedirectSignIn: 'https://app.example.com/oauth/callback',
    RedirectSignOut: 'https://app.example.com/',
    SocialProviders: 'Google,SignInWithApple',
    FirstFactors: 'PASSWORD,EMAIL_OTP,WEB_AUTHN',
    AllowGuestAccess: 'true',
    RefreshTokenValidityDays: '30',
  },
};

describe('npm run infra:config', () => {
  it("writes a config.json the app accepts, from the pool stack's outputs", () => {
    const config = configFromOutputs(OUTPUTS);
    expect(config).toMatchObject({
      socialProviders: ['google', 'apple'],
      oauth: { redirectSignIn: ['https://app.example.com/oauth/callback'] },
    });
    expect(validateConfig(config, { loopbackHttp: false })).toMatchObject({
      userPoolId: 'eu-west-1_AbCdEf123',
      identityPoolId: 'eu-west-1:00000000-0000-4000-8000-000000000000',
      allowGuestAccess: true,
      firstFactors: ['PASSWORD', 'EMAIL_OTP', 'WEB_AUTHN'],
      socialProviders: ['google', 'apple'],
      oauth: { domain: 'https://acme-customers.auth.eu-west-1.amazoncognito.com', responseType: 'code' },
    });
  });

  it('names the output or the stack that is missing', () => {
    expect(() => configFromOutputs({})).toThrow('The outputs file has no stack CustomerAreaPool');
    const { HostedUiDomain: _left, ...older } = OUTPUTS.CustomerAreaPool;
    expect(() => configFromOutputs({ CustomerAreaPool: older })).toThrow('The outputs of CustomerAreaPool have no HostedUiDomain');
  });
});
