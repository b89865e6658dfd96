/** The pool's passwordless settings: SignInPolicy, WebAuthnConfiguration and EmailMfaConfiguration. */
import {
  DescribeUserPoolCommand,
  GetUserPoolMfaConfigCommand,
  SetUserPoolMfaConfigCommand,
  UpdateUserPoolCommand,
  type UserPoolType,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { seedState } from '../src/projectPool.ts';
import { upgradeState } from '../src/seed.ts';
import type { UserPool } from '../src/state.ts';
import { failure, useEmulator } from './harness.ts';

const pool = useEmulator();
const describePool = async () => (await pool.sdk.send(new DescribeUserPoolCommand({ UserPoolId: pool.poolId }))).UserPool!;
const mfaConfig = () => pool.sdk.send(new GetUserPoolMfaConfigCommand({ UserPoolId: pool.poolId }));

/** UpdateUserPool keeping what the seeded pool has besides `signInPolicy`. */
function update(current: UserPoolType, signInPolicy: object | undefined) {
  return pool.sdk.send(
    new UpdateUserPoolCommand({
      UserPoolId: pool.poolId,
      Policies: { PasswordPolicy: current.Policies!.PasswordPolicy, ...(signInPolicy ? { SignInPolicy: signInPolicy } : {}) },
      AutoVerifiedAttributes: current.AutoVerifiedAttributes,
      MfaConfiguration: current.MfaConfiguration,
    }),
  );
}

describe('SignInPolicy', () => {
  it('the seeded pool allows passwords, e-mailed codes and passkeys', async () => {
    expect((await describePool()).Policies?.SignInPolicy).toEqual({ AllowedFirstAuthFactors: ['PASSWORD', 'EMAIL_OTP', 'WEB_AUTHN'] });
  });

  it('UpdateUserPool sets the first factors, always with PASSWORD, and a request without them goes back to passwords only', async () => {
    const current = await describePool();
    await update(current, { AllowedFirstAuthFactors: ['SMS_OTP', 'PASSWORD'] });
    expect((await describePool()).Policies?.SignInPolicy?.AllowedFirstAuthFactors).toEqual(['PASSWORD', 'SMS_OTP']);
    expect(await failure(update(current, { AllowedFirstAuthFactors: ['EMAIL_OTP'] }))).toMatchObject({
      name: 'InvalidParameterException',
      message: 'AllowedFirstAuthFactors must include PASSWORD.',
    });
    expect(await failure(update(current, { AllowedFirstAuthFactors: ['PASSWORD', 'SOFTWARE_TOKEN'] }))).toMatchObject({
      name: 'InvalidParameterException',
    });
    await update(current, undefined);
    expect((await describePool()).Policies?.SignInPolicy?.AllowedFirstAuthFactors).toEqual(['PASSWORD']);
    await update(current, current.Policies!.SignInPolicy);
    expect((await describePool()).Policies?.SignInPolicy).toEqual(current.Policies!.SignInPolicy);
  });
});

describe('WebAuthnConfiguration and EmailMfaConfiguration', () => {
  it('the seeded pool names localhost as the relying party and prefers user verification', async () => {
    expect((await mfaConfig()).WebAuthnConfiguration).toEqual({ RelyingPartyId: 'localhost', UserVerification: 'preferred' });
  });

  it('SetUserPoolMfaConfig sets both, keeps the passkey settings when left out and refuses what it cannot serve', async () => {
    const set = (extra: object) =>
      pool.sdk.send(
        new SetUserPoolMfaConfigCommand({
          UserPoolId: pool.poolId,
          MfaConfiguration: 'OFF',
          SmsMfaConfiguration: {},
          SoftwareTokenMfaConfiguration: { Enabled: true },
          ...extra,
        }),
      );
    const answer = await set({
      EmailMfaConfiguration: { Message: 'Your code is {####}', Subject: 'Sign-in code' },
      WebAuthnConfiguration: { RelyingPartyId: 'Auth.Example.com', UserVerification: 'required' },
    });
    expect(answer).toMatchObject({
      EmailMfaConfiguration: { Message: 'Your code is {####}', Subject: 'Sign-in code' },
      WebAuthnConfiguration: { RelyingPartyId: 'auth.example.com', UserVerification: 'required' },
    });
    const kept = await set({});
    expect(kept.EmailMfaConfiguration).toBeUndefined();
    expect(kept.WebAuthnConfiguration).toEqual({ RelyingPartyId: 'auth.example.com', UserVerification: 'required' });
    expect(await failure(set({ EmailMfaConfiguration: { Message: 'no placeholder' } }))).toMatchObject({
      name: 'InvalidParameterException',
    });
    expect(await failure(set({ WebAuthnConfiguration: { RelyingPartyId: 'https://example.com/' } }))).toMatchObject({
      name: 'InvalidParameterException',
    });
    expect(
      await failure(set({ WebAuthnConfiguration: { RelyingPartyId: 'localhost', FactorConfiguration: 'TWO_FACTORS' as never } })),
    ).toMatchObject({ name: 'InvalidParameterException' });
    const multi = await set({
      WebAuthnConfiguration: { RelyingPartyId: 'localhost', FactorConfiguration: 'MULTI_FACTOR_WITH_USER_VERIFICATION' },
    });
    expect(multi.WebAuthnConfiguration).toMatchObject({ FactorConfiguration: 'MULTI_FACTOR_WITH_USER_VERIFICATION' });
    await set({ EmailMfaConfiguration: {}, WebAuthnConfiguration: { RelyingPartyId: 'localhost', UserVerification: 'preferred' } });
    expect(await mfaConfig()).toMatchObject({
      EmailMfaConfiguration: {},
      WebAuthnConfiguration: { RelyingPartyId: 'localhost', UserVerification: 'preferred' },
    });
  });
});

describe('a state written before passwordless sign-in', () => {
  it('reads back as a pool that allows passwords only, with no relying party and no e-mail MFA', () => {
    const state = seedState({ region: 'eu-west-1' }, Date.now());
    const pool = Object.values(state.pools)[0]! as Partial<UserPool>;
    delete pool.allowedFirstAuthFactors;
    delete pool.webAuthn;
    delete pool.emailMfa;
    const upgraded = Object.values(upgradeState(state).pools)[0]!;
    expect(upgraded.allowedFirstAuthFactors).toEqual(['PASSWORD']);
    expect(upgraded.webAuthn).toEqual({ userVerification: 'preferred' });
    expect(upgraded.emailMfa).toBeNull();
  });
});
