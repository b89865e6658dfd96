import {
  AdminSetUserMFAPreferenceCommand,
  AdminUpdateUserAttributesCommand,
  SetUserPoolMfaConfigCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from './client.ts';
import { PASSWORD, isolatedEmulator, rejection, uniqueEmail, type IsolatedEmulator } from './testSupport.ts';
import { createMemoryStorage } from './tokenStore.ts';

// MFA is a pool setting: this file has a test pool of its own.
let pool: IsolatedEmulator;
beforeAll(async () => {
  pool = await isolatedEmulator();
});
afterAll(() => pool.close());

const PHONE = '+447700900123';

const client = () => createAuthClient({ config: pool.config, storage: createMemoryStorage() });

function poolMfa(MfaConfiguration: 'OFF' | 'ON' | 'OPTIONAL') {
  return pool.admin.send(
    new SetUserPoolMfaConfigCommand({
      UserPoolId: pool.config.userPoolId,
      MfaConfiguration,
      SmsMfaConfiguration: { SmsAuthenticationMessage: 'Your code is {####}' },
      SoftwareTokenMfaConfiguration: { Enabled: true },
      EmailMfaConfiguration: {},
    }),
  );
}

/** A confirmed customer, made through the client as a customer would, with a verified phone. */
async function customer(withPhone = true) {
  const email = uniqueEmail('mfa');
  const c = client();
  await c.signUp({ username: email, password: PASSWORD });
  const [message] = (await (await fetch(`${pool.config.endpoint}/_emulator/outbox?to=${encodeURIComponent(email)}`)).json()) as {
    code: string;
  }[];
  await c.confirmSignUp({ username: email, confirmationCode: message!.code });
  if (withPhone) {
    await pool.admin.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: pool.config.userPoolId,
        Username: email,
        UserAttributes: [
          { Name: 'phone_number', Value: PHONE },
          { Name: 'phone_number_verified', Value: 'true' },
        ],
      }),
    );
  }
  return email;
}

/** A customer whose second factor is SMS, preferred. */
async function smsCustomer() {
  const email = await customer();
  await pool.admin.send(
    new AdminSetUserMFAPreferenceCommand({
      UserPoolId: pool.config.userPoolId,
      Username: email,
      SMSMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
  return email;
}

const totpNow = async (secret: string) =>
  ((await pool.control(`totp?secret=${encodeURIComponent(secret)}`, undefined, 'GET')) as { code: string }).code;

/** Each TOTP step is accepted once: move to the next one before using another code. */
const nextStep = () => pool.control('clock', { advanceMs: 30_000 });

async function lastSms(): Promise<string> {
  const messages = (await (await fetch(`${pool.config.endpoint}/_emulator/outbox?to=${encodeURIComponent(PHONE)}`)).json()) as {
    code: string;
  }[];
  return messages.at(-1)!.code;
}

/** A customer with an authenticator app set up while signed in, signed out again. */
async function totpCustomer(preference: 'PREFERRED' | 'ENABLED') {
  const email = await customer();
  const c = client();
  await c.signIn({ username: email, password: PASSWORD });
  const { sharedSecret } = await c.setUpTOTP();
  expect(sharedSecret).toMatch(/^[A-Z2-7]{16,}$/);
  const wrong = await rejection(c.verifyTOTPSetup({ code: '000000' === (await totpNow(sharedSecret)) ? '111111' : '000000' }));
  expect(wrong.name).toBe('EnableSoftwareTokenMFAException');
  await c.verifyTOTPSetup({ code: await totpNow(sharedSecret), friendlyDeviceName: 'Ana’s phone' });
  await c.updateMFAPreference({ totp: preference });
  await c.signOut();
  await nextStep();
  return { email, secret: sharedSecret };
}

describe('MFA at sign-in', () => {
  beforeAll(() => poolMfa('OPTIONAL'));

  it('asks for the SMS code the pool sent', async () => {
    const email = await smsCustomer();
    const c = client();
    const step = await c.signIn({ username: email, password: PASSWORD });
    expect(step).toMatchObject({ step: 'CONFIRM_SIGN_IN_WITH_SMS_CODE', codeDeliveryDetails: { deliveryMedium: 'SMS' } });
    expect(step.step === 'CONFIRM_SIGN_IN_WITH_SMS_CODE' && step.codeDeliveryDetails.destination).toMatch(/0123$/);
    const code = await lastSms();
    const wrong = await rejection(c.confirmSignIn({ challengeResponse: code === '000000' ? '111111' : '000000' }));
    expect(wrong).toMatchObject({ name: 'CodeMismatchException', message: 'Invalid code received for user' });
    // A refused code keeps the sign-in: the right one still finishes it. (Trimming what was typed is the form rules' job.)
    const done = await c.confirmSignIn({ challengeResponse: code });
    expect(done.step === 'DONE' && done.user.email).toBe(email);
  });

  it("gives a sign-in started early (a press on the prerendered card) that met SMS MFA to the form's sign-in, on that step: one code sent, no session stored", async () => {
    const email = await smsCustomer();
    const smsCount = async () =>
      ((await (await fetch(`${pool.config.endpoint}/_emulator/outbox?to=${encodeURIComponent(PHONE)}`)).json()) as unknown[]).length;
    const before = await smsCount();
    const c = client();
    await c.startSignInEarly(email, PASSWORD);
    // Not signed in: the app's start finds no session of it, and draws the form.
    expect(c.takeEarlySession()).toBe(false);
    expect(c.startsSignedOut()).toBe(true);
    const step = await c.signIn({ username: email, password: PASSWORD });
    expect(step).toMatchObject({ step: 'CONFIRM_SIGN_IN_WITH_SMS_CODE', codeDeliveryDetails: { deliveryMedium: 'SMS' } });
    expect(await smsCount()).toBe(before + 1);
    const done = await c.confirmSignIn({ challengeResponse: await lastSms() });
    expect(done.step === 'DONE' && done.user.email).toBe(email);
  });

  it('sets up an authenticator app while signed in, then asks for its code', async () => {
    const { email, secret } = await totpCustomer('PREFERRED');
    const c = client();
    expect(await c.signIn({ username: email, password: PASSWORD })).toEqual({ step: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' });
    const done = await c.confirmSignIn({ challengeResponse: await totpNow(secret) });
    expect(done.step).toBe('DONE');
  });

  it('lets the customer choose between SMS and an app, and refuses anything else', async () => {
    const { email, secret } = await totpCustomer('ENABLED');
    await pool.admin.send(
      new AdminSetUserMFAPreferenceCommand({
        UserPoolId: pool.config.userPoolId,
        Username: email,
        SMSMfaSettings: { Enabled: true, PreferredMfa: false },
      }),
    );
    const c = client();
    const choice = await c.signIn({ username: email, password: PASSWORD });
    expect(choice).toEqual({ step: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', allowedMfaTypes: ['SMS', 'TOTP'] });
    expect((await rejection(c.confirmSignIn({ challengeResponse: 'VOICE' }))).message).toBe('Invalid MFA type');
    expect(await c.confirmSignIn({ challengeResponse: 'TOTP' })).toEqual({ step: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' });
    expect((await c.confirmSignIn({ challengeResponse: await totpNow(secret) })).step).toBe('DONE');
  });

  it('refuses an empty answer before calling the pool', async () => {
    const email = await smsCustomer();
    const c = client();
    await c.signIn({ username: email, password: PASSWORD });
    expect((await rejection(c.confirmSignIn({ challengeResponse: '   ' }))).message).toBe('Challenge response cannot be empty');
  });
});

describe('MFA required by the pool', () => {
  beforeAll(() => poolMfa('ON'));
  afterAll(() => poolMfa('OPTIONAL'));

  it('sets up an authenticator app during sign-in for a customer without a factor', async () => {
    const email = await customer(false);
    const c = client();
    const setup = await c.signIn({ username: email, password: PASSWORD });
    expect(setup.step).toBe('CONTINUE_SIGN_IN_WITH_TOTP_SETUP');
    if (setup.step !== 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP') return;
    expect(setup.username).toBe(email);
    const done = await c.confirmSignIn({ challengeResponse: await totpNow(setup.sharedSecret), options: { friendlyDeviceName: 'Laptop' } });
    expect(done.step).toBe('DONE');
    // From now on the app is the customer's factor.
    await c.signOut();
    await nextStep();
    expect(await c.signIn({ username: email, password: PASSWORD })).toEqual({ step: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' });
  });

  it("forgets a challenge after the pool's three-minute session", async () => {
    const email = await customer();
    const c = client();
    expect((await c.signIn({ username: email, password: PASSWORD })).step).toBe('CONFIRM_SIGN_IN_WITH_SMS_CODE');
    await pool.control('clock', { advanceMs: 4 * 60_000 });
    const expired = await rejection(c.confirmSignIn({ challengeResponse: await lastSms() }));
    expect(expired.message).toMatch(/session/i);
  });
});

describe("the customer's own second factors", () => {
  it('reads which factors are on and which is preferred, as SetUserMFAPreference leaves them', async () => {
    await poolMfa('OPTIONAL');
    const email = await customer();
    const c = client();
    expect((await c.signIn({ username: email, password: PASSWORD })).step).toBe('DONE');
    expect(await (await c.security()).fetchMFAPreference()).toEqual({ enabled: [] });
    await c.updateMFAPreference({ sms: 'ENABLED' });
    expect(await (await c.security()).fetchMFAPreference()).toEqual({ enabled: ['SMS'] });
    const { sharedSecret } = await c.setUpTOTP();
    await c.verifyTOTPSetup({ code: await totpNow(sharedSecret) });
    await c.updateMFAPreference({ totp: 'PREFERRED' });
    expect(await (await c.security()).fetchMFAPreference()).toEqual({ enabled: ['SMS', 'TOTP'], preferred: 'TOTP' });
    await c.updateMFAPreference({ totp: 'DISABLED' });
    expect(await (await c.security()).fetchMFAPreference()).toEqual({ enabled: ['SMS'] });
    // E-mail MFA: Cognito lists it as EMAIL_OTP.
    await c.updateMFAPreference({ email: 'PREFERRED' });
    expect(await (await c.security()).fetchMFAPreference()).toEqual({ enabled: ['SMS', 'EMAIL'], preferred: 'EMAIL' });
    await c.updateMFAPreference({ email: 'DISABLED' });
    expect(await (await c.security()).fetchMFAPreference()).toEqual({ enabled: ['SMS'] });
  });

  it('turns passkey MFA on beside another factor and reads it back, where the pool lets a passkey stand for MFA', async () => {
    const setPasskeyFactor = (multi: boolean) =>
      pool.admin.send(
        new SetUserPoolMfaConfigCommand({
          UserPoolId: pool.config.userPoolId,
          MfaConfiguration: 'OPTIONAL',
          SmsMfaConfiguration: {},
          SoftwareTokenMfaConfiguration: { Enabled: true },
          WebAuthnConfiguration: {
            RelyingPartyId: 'localhost',
            ...(multi ? { FactorConfiguration: 'MULTI_FACTOR_WITH_USER_VERIFICATION' as const } : {}),
          },
        }),
      );
    await setPasskeyFactor(true);
    try {
      const email = await customer();
      const c = client();
      expect((await c.signIn({ username: email, password: PASSWORD })).step).toBe('DONE');
      // Alone it would lock the customer out with a lost passkey: refused.
      expect((await rejection(c.updateMFAPreference({ webAuthn: 'ENABLED' }))).name).toBe('InvalidParameterException');
      await c.updateMFAPreference({ sms: 'ENABLED' });
      await c.updateMFAPreference({ webAuthn: 'ENABLED' });
      expect(await (await c.security()).fetchMFAPreference()).toEqual({ enabled: ['SMS', 'WEB_AUTHN'] });
      await c.updateMFAPreference({ webAuthn: 'DISABLED' });
      expect(await (await c.security()).fetchMFAPreference()).toEqual({ enabled: ['SMS'] });
      await setPasskeyFactor(false);
      expect((await rejection(c.updateMFAPreference({ webAuthn: 'ENABLED' }))).message).toMatch(/MULTI_FACTOR_WITH_USER_VERIFICATION/);
    } finally {
      await setPasskeyFactor(false);
    }
  });
});
