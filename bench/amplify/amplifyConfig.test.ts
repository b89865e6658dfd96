import { describe, expect, it } from 'vitest';
import { amplifyConfig, type BenchPool } from './amplifyConfig.ts';

const pool: BenchPool = {
  userPoolId: 'eu-west-1_LocalPool',
  userPoolClientId: 'customerareaclient00000001',
  endpoint: 'http://localhost:9463',
  firstFactors: ['PASSWORD', 'EMAIL_OTP', 'WEB_AUTHN'],
  relyingPartyId: 'localhost',
  userVerification: 'preferred',
};

describe("the Amplify app's configuration", () => {
  it('names the pool, its client and its endpoint, with the e-mail as the sign-in name', () => {
    const cognito = amplifyConfig(pool).Auth?.Cognito;
    expect(cognito).toMatchObject({
      userPoolId: 'eu-west-1_LocalPool',
      userPoolClientId: 'customerareaclient00000001',
      userPoolEndpoint: 'http://localhost:9463',
      loginWith: { email: true },
    });
  });

  it("turns on the passwordless factors the pool's sign-in policy allows, passkeys with the pool's relying party", () => {
    expect(amplifyConfig(pool).Auth?.Cognito.passwordless).toEqual({
      emailOtpEnabled: true,
      smsOtpEnabled: false,
      webAuthn: { relyingPartyId: 'localhost', userVerification: 'preferred' },
    });
  });

  it('offers no passkey where the pool allows none, or has no relying party for them', () => {
    expect(amplifyConfig({ ...pool, firstFactors: ['PASSWORD'] }).Auth?.Cognito.passwordless).toEqual({
      emailOtpEnabled: false,
      smsOtpEnabled: false,
    });
    const { relyingPartyId: _none, ...withoutParty } = pool;
    expect(amplifyConfig(withoutParty).Auth?.Cognito.passwordless?.webAuthn).toBeUndefined();
  });
});
