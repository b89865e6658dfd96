import {
  AdminForgetDeviceCommand,
  AdminGetDeviceCommand,
  AdminListDevicesCommand,
  AdminUpdateDeviceStatusCommand,
  ConfirmDeviceCommand,
  DescribeUserPoolCommand,
  ForgetDeviceCommand,
  GetDeviceCommand,
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
  ListDevicesCommand,
  SetUserPoolMfaConfigCommand,
  UpdateDeviceStatusCommand,
  UpdateUserPoolCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import { createDeviceVerifier, createSrpSession, signSrpSessionWithDevice, wrapAuthChallenge } from 'cognito-srp-helper';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, claims, failure, newEmail, totp, useEmulator } from './harness.ts';

const pool = useEmulator();

async function trackDevices(deviceOnlyRememberedOnUserPrompt: boolean, challengeRequiredOnNewDevice = true) {
  const current = (await pool.sdk.send(new DescribeUserPoolCommand({ UserPoolId: pool.poolId }))).UserPool!;
  await pool.sdk.send(
    new UpdateUserPoolCommand({
      UserPoolId: pool.poolId,
      Policies: { PasswordPolicy: current.Policies!.PasswordPolicy },
      AutoVerifiedAttributes: current.AutoVerifiedAttributes,
      MfaConfiguration: 'OPTIONAL',
      DeviceConfiguration: {
        ChallengeRequiredOnNewDevice: challengeRequiredOnNewDevice,
        DeviceOnlyRememberedOnUserPrompt: deviceOnlyRememberedOnUserPrompt,
      },
    }),
  );
}

beforeAll(async () => {
  await pool.sdk.send(
    new SetUserPoolMfaConfigCommand({
      UserPoolId: pool.poolId,
      MfaConfiguration: 'OPTIONAL',
      SoftwareTokenMfaConfiguration: { Enabled: true },
    }),
  );
  await trackDevices(false);
});

/** A user with an authenticator app as their preferred second factor. */
const mfaUser = () => pool.totpUser();

/** Signs in answering the authenticator challenge, as a device the pool has not seen. */
async function signInWithMfa(email: string, secret: string): Promise<AuthenticationResultType> {
  await pool.advance(30_000);
  const challenge = await pool.srpSignIn(email);
  expect(challenge.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  const done = await pool.respond('SOFTWARE_TOKEN_MFA', challenge.Session, {
    USERNAME: challenge.ChallengeParameters!.USER_ID_FOR_SRP!,
    SOFTWARE_TOKEN_MFA_CODE: totp(secret, await pool.now()),
  });
  return done.AuthenticationResult!;
}

/** The client's half of remembering a device: a random device password and its verifier, by cognito-srp-helper. */
async function confirmNewDevice(tokens: AuthenticationResultType, name = 'Firefox on a laptop') {
  const { DeviceKey, DeviceGroupKey } = tokens.NewDeviceMetadata!;
  const verifier = createDeviceVerifier(DeviceKey!, DeviceGroupKey!);
  const confirmed = await pool.sdk.send(
    new ConfirmDeviceCommand({
      AccessToken: tokens.AccessToken,
      DeviceKey,
      DeviceName: name,
      DeviceSecretVerifierConfig: verifier.DeviceSecretVerifierConfig,
    }),
  );
  return { deviceKey: DeviceKey!, groupKey: DeviceGroupKey!, password: verifier.DeviceRandomPassword, confirmed };
}

type Device = Awaited<ReturnType<typeof confirmNewDevice>>;

/** USER_SRP_AUTH with DEVICE_KEY, then DEVICE_SRP_AUTH and DEVICE_PASSWORD_VERIFIER signed by cognito-srp-helper. */
async function signInWithDevice(email: string, device: Device, devicePassword = device.password) {
  const parameters = { DEVICE_KEY: device.deviceKey };
  const afterPassword = await pool.srpSignIn(email, PASSWORD, { parameters, responses: parameters });
  expect(afterPassword.ChallengeName).toBe('DEVICE_SRP_AUTH');
  const username = afterPassword.ChallengeParameters!.USERNAME!;
  const session = createSrpSession(email, PASSWORD, pool.poolId, false);
  const verifier = await pool.respond('DEVICE_SRP_AUTH', afterPassword.Session, {
    USERNAME: username,
    DEVICE_KEY: device.deviceKey,
    SRP_A: session.largeA,
  });
  expect(verifier.ChallengeName).toBe('DEVICE_PASSWORD_VERIFIER');
  expect(verifier.ChallengeParameters).toMatchObject({
    DEVICE_KEY: device.deviceKey,
    SALT: expect.any(String),
    SRP_B: expect.any(String),
    SECRET_BLOCK: expect.any(String),
  });
  const signed = signSrpSessionWithDevice(session, verifier, device.groupKey, devicePassword);
  const request = wrapAuthChallenge(signed, {
    ClientId: pool.clientId,
    ChallengeName: 'DEVICE_PASSWORD_VERIFIER' as const,
    Session: verifier.Session,
    ChallengeResponses: { USERNAME: username, DEVICE_KEY: device.deviceKey },
  });
  return pool.respond('DEVICE_PASSWORD_VERIFIER', request.Session, request.ChallengeResponses);
}

const refresh = (token: string, deviceKey?: string) =>
  pool.sdk.send(
    new InitiateAuthCommand({
      ClientId: pool.clientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: token, ...(deviceKey ? { DEVICE_KEY: deviceKey } : {}) },
    }),
  );

describe('remembered devices', () => {
  it('names a new device at sign-in, binds the refresh token to it, and remembers it once confirmed', async () => {
    const { email, secret } = await mfaUser();
    const tokens = await signInWithMfa(email, secret);
    expect(tokens.NewDeviceMetadata).toEqual({
      DeviceKey: expect.stringMatching(/^eu-west-1_[0-9a-f-]{36}$/),
      DeviceGroupKey: expect.any(String),
    });
    expect(claims(tokens.AccessToken!).device_key).toBe(tokens.NewDeviceMetadata!.DeviceKey);
    const device = await confirmNewDevice(tokens);
    expect(device.confirmed.UserConfirmationNecessary).toBe(false);

    expect(await failure(refresh(tokens.RefreshToken!))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid Refresh Token',
    });
    expect(
      await failure(pool.sdk.send(new GetTokensFromRefreshTokenCommand({ ClientId: pool.clientId, RefreshToken: tokens.RefreshToken }))),
    ).toMatchObject({
      message: 'Invalid Refresh Token',
    });
    await refresh(tokens.RefreshToken!, device.deviceKey);
    await pool.sdk.send(
      new GetTokensFromRefreshTokenCommand({ ClientId: pool.clientId, RefreshToken: tokens.RefreshToken, DeviceKey: device.deviceKey }),
    );

    // The next sign-in proves the device with SRP and skips MFA.
    const done = await signInWithDevice(email, device);
    expect(done.ChallengeName).toBeUndefined();
    expect(done.AuthenticationResult!.NewDeviceMetadata).toBeUndefined();
    expect(claims(done.AuthenticationResult!.AccessToken!).device_key).toBe(device.deviceKey);
  });

  it('refuses a wrong device secret, and a device it does not know', async () => {
    const { email, secret } = await mfaUser();
    const device = await confirmNewDevice(await signInWithMfa(email, secret));
    expect(await failure(signInWithDevice(email, device, 'bm90IHRoZSBkZXZpY2UgcGFzc3dvcmQ='))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    const unknown = { DEVICE_KEY: 'eu-west-1_00000000-0000-4000-8000-000000000000' };
    expect(await failure(pool.srpSignIn(email, PASSWORD, { parameters: unknown, responses: unknown }))).toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'Device does not exist.',
    });
  });

  it('lists, describes, forgets and un-remembers devices', async () => {
    const { email, secret } = await mfaUser();
    const tokens = await signInWithMfa(email, secret);
    const device = await confirmNewDevice(tokens, 'Work laptop');
    const AccessToken = tokens.AccessToken!;
    const listed = await pool.sdk.send(new ListDevicesCommand({ AccessToken }));
    expect(listed.Devices).toHaveLength(1);
    expect(listed.Devices![0]).toMatchObject({ DeviceKey: device.deviceKey, DeviceCreateDate: expect.any(Date) });
    expect(listed.Devices![0]!.DeviceAttributes).toEqual(
      expect.arrayContaining([
        { Name: 'device_name', Value: 'Work laptop' },
        { Name: 'dev:device_remembered_status', Value: 'remembered' },
      ]),
    );
    const admin = await pool.sdk.send(new AdminListDevicesCommand({ UserPoolId: pool.poolId, Username: email }));
    expect(admin.Devices!.map((d) => d.DeviceKey)).toEqual([device.deviceKey]);

    // Not remembered: the device still proves itself, but MFA is asked again.
    await pool.sdk.send(
      new UpdateDeviceStatusCommand({ AccessToken, DeviceKey: device.deviceKey, DeviceRememberedStatus: 'not_remembered' }),
    );
    expect((await signInWithDevice(email, device)).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');

    await pool.sdk.send(new ForgetDeviceCommand({ AccessToken, DeviceKey: device.deviceKey }));
    // Forgetting a device is not a sign-out (AWS revokes tokens on RevokeToken and GlobalSignOut only):
    // the access token it was called with keeps working.
    expect((await pool.sdk.send(new ListDevicesCommand({ AccessToken }))).Devices).toEqual([]);
    expect(await failure(pool.sdk.send(new GetDeviceCommand({ AccessToken, DeviceKey: device.deviceKey })))).toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'Device does not exist.',
    });
    // The refresh token bound to the forgotten device refreshes no more.
    expect(await failure(refresh(tokens.RefreshToken!, device.deviceKey))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid Refresh Token',
    });
  });

  it('asks the user before remembering when the pool says so', async () => {
    await trackDevices(true);
    const { email, secret } = await mfaUser();
    const tokens = await signInWithMfa(email, secret);
    const device = await confirmNewDevice(tokens);
    expect(device.confirmed.UserConfirmationNecessary).toBe(true);
    const got = await pool.sdk.send(new GetDeviceCommand({ AccessToken: tokens.AccessToken, DeviceKey: device.deviceKey }));
    expect(got.Device!.DeviceAttributes).toContainEqual({ Name: 'dev:device_remembered_status', Value: 'not_remembered' });
    expect((await signInWithDevice(email, device)).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    await pool.sdk.send(
      new UpdateDeviceStatusCommand({ AccessToken: tokens.AccessToken, DeviceKey: device.deviceKey, DeviceRememberedStatus: 'remembered' }),
    );
    expect((await signInWithDevice(email, device)).AuthenticationResult).toBeDefined();
    await trackDevices(false);
  });

  it('asks a remembered device for MFA too when the pool does not let devices replace it (ChallengeRequiredOnNewDevice false)', async () => {
    await trackDevices(false, false);
    try {
      const { email, secret } = await mfaUser();
      const device = await confirmNewDevice(await signInWithMfa(email, secret));
      expect(device.confirmed.UserConfirmationNecessary).toBe(false);
      // The device proves itself (DEVICE_SRP_AUTH), and then the second factor is asked all the same.
      const afterDevice = await signInWithDevice(email, device);
      expect(afterDevice.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
      await pool.advance(30_000);
      const done = await pool.respond('SOFTWARE_TOKEN_MFA', afterDevice.Session, {
        USERNAME: afterDevice.ChallengeParameters!.USER_ID_FOR_SRP!,
        DEVICE_KEY: device.deviceKey,
        SOFTWARE_TOKEN_MFA_CODE: totp(secret, await pool.now()),
      });
      // Signed in on the known device: no new device is named.
      expect(done.AuthenticationResult?.AccessToken).toBeDefined();
      expect(done.AuthenticationResult?.NewDeviceMetadata).toBeUndefined();
    } finally {
      await trackDevices(false);
    }
  });

  it("refuses to confirm a device twice, or one that is not the user's", async () => {
    const email = await pool.verifiedUser();
    const tokens = (await pool.srpSignIn(email)).AuthenticationResult!;
    await confirmNewDevice(tokens);
    expect(await failure(confirmNewDevice(tokens))).toMatchObject({ name: 'DeviceKeyExistsException' });
    const other = (await pool.srpSignIn(await pool.verifiedUser(newEmail()))).AuthenticationResult!;
    expect(
      await failure(
        pool.sdk.send(
          new ConfirmDeviceCommand({
            AccessToken: other.AccessToken,
            DeviceKey: tokens.NewDeviceMetadata!.DeviceKey,
            DeviceSecretVerifierConfig: createDeviceVerifier('k', 'g').DeviceSecretVerifierConfig,
          }),
        ),
      ),
    ).toMatchObject({ name: 'ResourceNotFoundException', message: 'Device does not exist.' });
  });

  it("lets an administrator read, un-remember and forget a user's device", async () => {
    const email = await pool.verifiedUser();
    const tokens = (await pool.srpSignIn(email)).AuthenticationResult!;
    const device = await confirmNewDevice(tokens, 'Kiosk');
    const target = { UserPoolId: pool.poolId, Username: email, DeviceKey: device.deviceKey };
    const got = await pool.sdk.send(new AdminGetDeviceCommand(target));
    expect(got.Device!.DeviceAttributes).toContainEqual({ Name: 'device_name', Value: 'Kiosk' });
    await pool.sdk.send(new AdminUpdateDeviceStatusCommand({ ...target, DeviceRememberedStatus: 'not_remembered' }));
    expect((await pool.sdk.send(new AdminGetDeviceCommand(target))).Device!.DeviceAttributes).toContainEqual({
      Name: 'dev:device_remembered_status',
      Value: 'not_remembered',
    });
    await pool.sdk.send(new AdminForgetDeviceCommand(target));
    expect(await failure(pool.sdk.send(new AdminGetDeviceCommand(target)))).toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'Device does not exist.',
    });
    expect(await failure(refresh(tokens.RefreshToken!, device.deviceKey))).toMatchObject({ message: 'Refresh Token has been revoked' });
  });
});
