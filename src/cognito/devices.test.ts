import {
  AdminSetUserMFAPreferenceCommand,
  AdminUpdateUserAttributesCommand,
  DescribeUserPoolCommand,
  SetUserPoolMfaConfigCommand,
  UpdateUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from './client.ts';
import { PASSWORD, isolatedEmulator, rejection, uniqueEmail, type IsolatedEmulator } from './testSupport.ts';
import { createMemoryStorage, type KeyValueStorage } from './tokenStore.ts';

// Device tracking is a pool setting: this file has a test pool of its own.
let pool: IsolatedEmulator;
beforeAll(async () => {
  pool = await isolatedEmulator();
  const { UserPool } = await pool.admin.send(new DescribeUserPoolCommand({ UserPoolId: pool.config.userPoolId }));
  // UpdateUserPool replaces what it covers: send back the settings to keep.
  await pool.admin.send(
    new UpdateUserPoolCommand({
      UserPoolId: pool.config.userPoolId,
      Policies: UserPool!.Policies,
      AutoVerifiedAttributes: UserPool!.AutoVerifiedAttributes,
      MfaConfiguration: 'OPTIONAL',
      DeviceConfiguration: { ChallengeRequiredOnNewDevice: true, DeviceOnlyRememberedOnUserPrompt: false },
    }),
  );
  await pool.admin.send(
    new SetUserPoolMfaConfigCommand({
      UserPoolId: pool.config.userPoolId,
      MfaConfiguration: 'OPTIONAL',
      SmsMfaConfiguration: {},
      SoftwareTokenMfaConfiguration: { Enabled: true },
    }),
  );
});
afterAll(() => pool.close());

const client = (storage: KeyValueStorage = createMemoryStorage()) => createAuthClient({ config: pool.config, storage });

async function customerWithSms() {
  const email = uniqueEmail('device');
  const c = client();
  await c.signUp({ username: email, password: PASSWORD });
  const [message] = (await (await fetch(`${pool.config.endpoint}/_emulator/outbox?to=${encodeURIComponent(email)}`)).json()) as {
    code: string;
  }[];
  await c.confirmSignUp({ username: email, confirmationCode: message!.code });
  const UserPoolId = pool.config.userPoolId;
  await pool.admin.send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId,
      Username: email,
      UserAttributes: [
        { Name: 'phone_number', Value: '+447700900456' },
        { Name: 'phone_number_verified', Value: 'true' },
      ],
    }),
  );
  await pool.admin.send(
    new AdminSetUserMFAPreferenceCommand({ UserPoolId, Username: email, SMSMfaSettings: { Enabled: true, PreferredMfa: true } }),
  );
  return email;
}

const smsCode = async () =>
  ((await (await fetch(`${pool.config.endpoint}/_emulator/outbox?to=%2B447700900456`)).json()) as { code: string }[]).at(-1)!.code;

async function signInWithSms(c: ReturnType<typeof client>, email: string) {
  expect((await c.signIn({ username: email, password: PASSWORD })).step).toBe('CONFIRM_SIGN_IN_WITH_SMS_CODE');
  const done = await c.confirmSignIn({ challengeResponse: await smsCode() });
  expect(done.step).toBe('DONE');
}

const deviceKeyIn = (storage: KeyValueStorage, email: string) =>
  storage.getItem(`CognitoIdentityServiceProvider.${pool.config.userPoolClientId}.${email}.deviceKey`);

describe('remembered devices', () => {
  it('confirms the new device, then skips MFA on it with device SRP', async () => {
    const email = await customerWithSms();
    const storage = createMemoryStorage();
    const c = client(storage);
    await signInWithSms(c, email);
    const deviceKey = deviceKeyIn(storage, email);
    expect(deviceKey).toMatch(/^eu-west-1_[0-9a-f-]{36}$/);
    const devices = await c.fetchDevices();
    expect(devices.map((d) => d.id)).toEqual([deviceKey]);
    expect(devices[0]!.attributes.device_status).toBe('valid');

    // The access token of a device session says so, and refresh needs the device.
    await c.signOut();
    const again = await c.signIn({ username: email, password: PASSWORD });
    expect(again.step).toBe('DONE');
    const session = await c.fetchAuthSession({ forceRefresh: true });
    expect(session.tokens?.accessToken.payload.device_key).toBe(deviceKey);
  });

  it('forgets the device here and on the pool', async () => {
    const email = await customerWithSms();
    const storage = createMemoryStorage();
    const c = client(storage);
    await signInWithSms(c, email);
    await c.forgetDevice();
    expect(deviceKeyIn(storage, email)).toBeNull();
    await c.signOut();
    expect((await c.signIn({ username: email, password: PASSWORD })).step).toBe('CONFIRM_SIGN_IN_WITH_SMS_CODE');
  });

  it('forgets a device the pool no longer knows and signs in again without it', async () => {
    const email = await customerWithSms();
    const storage = createMemoryStorage();
    const first = client(storage);
    await signInWithSms(first, email);
    const forgotten = deviceKeyIn(storage, email)!;
    await first.signOut();
    // Elsewhere, the customer removes this browser from their devices.
    const elsewhere = client();
    await signInWithSms(elsewhere, email);
    await elsewhere.forgetDevice({ deviceKey: forgotten });
    // Back here: the pool answers "Device does not exist.", the client drops the key and starts over.
    expect((await first.signIn({ username: email, password: PASSWORD })).step).toBe('CONFIRM_SIGN_IN_WITH_SMS_CODE');
    expect(deviceKeyIn(storage, email)).toBeNull();
  });

  it('says so when there is no device to remember or forget', async () => {
    const email = await customerWithSms();
    const c = client();
    await signInWithSms(c, email);
    await c.forgetDevice();
    const error = await rejection(c.rememberDevice());
    expect(error.message).toBe('Device tracking has not been configured in this User Pool');
  });
});

describe('devices remembered on the customer’s word', () => {
  const onPrompt = (value: boolean) =>
    pool.admin.send(new DescribeUserPoolCommand({ UserPoolId: pool.config.userPoolId })).then(({ UserPool }) =>
      pool.admin.send(
        new UpdateUserPoolCommand({
          UserPoolId: pool.config.userPoolId,
          Policies: UserPool!.Policies,
          AutoVerifiedAttributes: UserPool!.AutoVerifiedAttributes,
          MfaConfiguration: 'OPTIONAL',
          DeviceConfiguration: { ChallengeRequiredOnNewDevice: true, DeviceOnlyRememberedOnUserPrompt: value },
        }),
      ),
    );

  it('waits for the choice after a sign-in on a new device, remembers on "yes", and stops remembering on request', async () => {
    await onPrompt(true);
    try {
      const email = await customerWithSms();
      const storage = createMemoryStorage();
      const c = client(storage);
      expect((await c.security()).deviceTracked()).toBe(false);
      await signInWithSms(c, email);
      expect((await c.security()).deviceTracked()).toBe(true);
      expect((await c.security()).deviceAwaitingChoice()).toBe(true);
      const [listed] = await c.fetchDevices();
      expect(listed).toMatchObject({ id: deviceKeyIn(storage, email), current: true, remembered: false });

      await c.rememberDevice();
      expect((await c.security()).deviceAwaitingChoice()).toBe(false);
      expect((await c.fetchDevices())[0]!.remembered).toBe(true);
      // Remembered: the next sign-in here skips the SMS code.
      await c.signOut();
      expect((await c.signIn({ username: email, password: PASSWORD })).step).toBe('DONE');
      // Known, not a new device: nothing to ask.
      expect((await c.security()).deviceAwaitingChoice()).toBe(false);

      await (await c.security()).doNotRememberDevice();
      expect((await c.fetchDevices())[0]).toMatchObject({ current: true, remembered: false });
      await c.signOut();
      expect((await c.signIn({ username: email, password: PASSWORD })).step).toBe('CONFIRM_SIGN_IN_WITH_SMS_CODE');
    } finally {
      await onPrompt(false);
    }
  });

  it('has nothing to ask where the pool remembers every device', async () => {
    const email = await customerWithSms();
    const c = client();
    await signInWithSms(c, email);
    expect((await c.security()).deviceAwaitingChoice()).toBe(false);
    const devices = await c.fetchDevices();
    expect(devices).toEqual([expect.objectContaining({ current: true, remembered: true })]);
    // Another browser's device is listed, not marked as this one.
    const other = client();
    await signInWithSms(other, email);
    expect((await c.fetchDevices()).filter((d) => d.current)).toHaveLength(1);
  });
});
