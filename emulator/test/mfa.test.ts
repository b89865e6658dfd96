import {
  AdminSetUserMFAPreferenceCommand,
  AssociateSoftwareTokenCommand,
  GetUserCommand,
  SetUserMFAPreferenceCommand,
  SetUserPoolMfaConfigCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, failure, newEmail, totp, useEmulator } from './harness.ts';

const pool = useEmulator();
const PHONE = '+447700900123';

function poolMfa(MfaConfiguration: 'OFF' | 'ON' | 'OPTIONAL', factors: { sms?: boolean; totp?: boolean } = { sms: true, totp: true }) {
  return pool.sdk.send(
    new SetUserPoolMfaConfigCommand({
      UserPoolId: pool.poolId,
      MfaConfiguration,
      ...(factors.sms ? { SmsMfaConfiguration: { SmsAuthenticationMessage: 'Your code is {####}' } } : {}),
      SoftwareTokenMfaConfiguration: { Enabled: factors.totp ?? false },
    }),
  );
}

/** The code an authenticator app shows now on the emulator's clock, from the independent RFC 6238 in the harness. */
const codeNow = async (secret: string) => totp(secret, await pool.now());

/** A user with a verified authenticator app, set up with their access token. */
async function totpUser(email = newEmail()) {
  await pool.verifiedUser(email, PASSWORD, { phone_number: PHONE });
  const { AccessToken } = await pool.tokens(email);
  const { SecretCode } = await pool.sdk.send(new AssociateSoftwareTokenCommand({ AccessToken }));
  await pool.sdk.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: await codeNow(SecretCode!), FriendlyDeviceName: 'phone' }));
  // The code just used is spent; the next sign-in needs the next time step.
  await pool.advance(30_000);
  return { email, secret: SecretCode!, AccessToken: AccessToken! };
}

describe('pool MFA settings', () => {
  it('SetUserPoolMfaConfig answers the configuration it set, and refuses MFA without a factor', async () => {
    const answer = await poolMfa('OPTIONAL');
    expect(answer).toMatchObject({
      MfaConfiguration: 'OPTIONAL',
      SoftwareTokenMfaConfiguration: { Enabled: true },
      SmsMfaConfiguration: {},
    });
    expect(await failure(poolMfa('ON', {}))).toMatchObject({
      name: 'InvalidParameterException',
      message: "Invalid MFA configuration given, can't disable all MFAs with a required or optional configuration.",
    });
  });
});

describe('authenticator app (SOFTWARE_TOKEN_MFA)', () => {
  beforeAll(() => poolMfa('OPTIONAL'));

  it('associates a base32 secret, refuses a wrong code and verifies the right one', async () => {
    const email = await pool.verifiedUser();
    const { AccessToken } = await pool.tokens(email);
    const { SecretCode } = await pool.sdk.send(new AssociateSoftwareTokenCommand({ AccessToken }));
    expect(SecretCode).toMatch(/^[A-Z2-7]{32}$/);
    const right = await codeNow(SecretCode!);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    expect(await failure(pool.sdk.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: wrong })))).toMatchObject({
      name: 'EnableSoftwareTokenMFAException',
      message: 'Code mismatch and fail enable Software Token MFA',
    });
    expect(await pool.sdk.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: right }))).toMatchObject({ Status: 'SUCCESS' });
  });

  it('will not enable an authenticator that was never verified', async () => {
    const email = await pool.verifiedUser();
    const { AccessToken } = await pool.tokens(email);
    await pool.sdk.send(new AssociateSoftwareTokenCommand({ AccessToken }));
    expect(
      await failure(
        pool.sdk.send(new SetUserMFAPreferenceCommand({ AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } })),
      ),
    ).toMatchObject({ name: 'InvalidParameterException', message: 'User has not verified software token mfa' });
  });

  it('asks for a code at sign-in once enabled, accepts each code once, and within one step either side', async () => {
    const { email, secret, AccessToken } = await totpUser();
    await pool.sdk.send(new SetUserMFAPreferenceCommand({ AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
    const user = await pool.sdk.send(new GetUserCommand({ AccessToken }));
    expect(user).toMatchObject({ UserMFASettingList: ['SOFTWARE_TOKEN_MFA'], PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' });

    const challenge = await pool.srpSignIn(email);
    expect(challenge.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    const username = challenge.ChallengeParameters!.USER_ID_FOR_SRP!;
    const code = await codeNow(secret);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(
      await failure(pool.respond('SOFTWARE_TOKEN_MFA', challenge.Session, { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: wrong })),
    ).toMatchObject({
      name: 'CodeMismatchException',
      message: 'Invalid code received for user',
    });
    const done = await pool.respond('SOFTWARE_TOKEN_MFA', challenge.Session, { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: code });
    expect(done.AuthenticationResult?.AccessToken).toBeDefined();

    // The same code, a moment later, is refused.
    const again = await pool.srpSignIn(email);
    expect(
      await failure(pool.respond('SOFTWARE_TOKEN_MFA', again.Session, { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: code })),
    ).toMatchObject({
      name: 'CodeMismatchException',
    });
    // Three steps later: the code of two steps ago is outside the window, the previous step's is inside.
    await pool.advance(90_000);
    const previous = totp(secret, (await pool.now()) - 30_000);
    const stale = totp(secret, (await pool.now()) - 60_000);
    if (stale !== previous) {
      expect(
        await failure(pool.respond('SOFTWARE_TOKEN_MFA', again.Session, { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: stale })),
      ).toMatchObject({
        name: 'CodeMismatchException',
      });
    }
    const late = await pool.respond('SOFTWARE_TOKEN_MFA', again.Session, { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: previous });
    expect(late.AuthenticationResult).toBeDefined();
  });

  it('gives tests the current code through /_emulator/totp', async () => {
    const { email, secret } = await totpUser();
    const byUser = await pool.control<{ code: string; validForMs: number }>(`totp?username=${encodeURIComponent(email)}`);
    expect(byUser.code).toBe(await codeNow(secret));
    expect(byUser.validForMs).toBeGreaterThan(0);
    expect((await pool.control<{ code: string }>(`totp?secret=${secret}`)).code).toBe(byUser.code);
  });
});

describe('SMS_MFA', () => {
  beforeAll(() => poolMfa('OPTIONAL'));

  it('texts a code to the phone, refuses a wrong one and signs in with the right one', async () => {
    const email = await pool.verifiedUser(newEmail(), PASSWORD, { phone_number: PHONE, phone_number_verified: 'true' });
    await pool.sdk.send(
      new AdminSetUserMFAPreferenceCommand({
        UserPoolId: pool.poolId,
        Username: email,
        SMSMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    const challenge = await pool.srpSignIn(email);
    expect(challenge.ChallengeName).toBe('SMS_MFA');
    expect(challenge.ChallengeParameters).toMatchObject({
      CODE_DELIVERY_DELIVERY_MEDIUM: 'SMS',
      CODE_DELIVERY_DESTINATION: '+********0123',
    });
    const code = await pool.lastCode(PHONE, 'Authentication');
    const username = challenge.ChallengeParameters!.USER_ID_FOR_SRP!;
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await failure(pool.respond('SMS_MFA', challenge.Session, { USERNAME: username, SMS_MFA_CODE: wrong }))).toMatchObject({
      name: 'CodeMismatchException',
      message: 'Invalid code received for user',
    });
    const done = await pool.respond('SMS_MFA', challenge.Session, { USERNAME: username, SMS_MFA_CODE: code });
    expect(done.AuthenticationResult?.IdToken).toBeDefined();
  });

  it('lets the code expire with the three-minute session', async () => {
    const email = await pool.verifiedUser(newEmail(), PASSWORD, { phone_number: '+447700900124' });
    await pool.sdk.send(
      new AdminSetUserMFAPreferenceCommand({ UserPoolId: pool.poolId, Username: email, SMSMfaSettings: { Enabled: true } }),
    );
    const challenge = await pool.srpSignIn(email);
    const code = await pool.lastCode('+447700900124', 'Authentication');
    await pool.advance(3 * 60 * 1000 + 1000);
    expect(
      await failure(
        pool.respond('SMS_MFA', challenge.Session, { USERNAME: challenge.ChallengeParameters!.USER_ID_FOR_SRP!, SMS_MFA_CODE: code }),
      ),
    ).toMatchObject({ name: 'NotAuthorizedException', message: 'Invalid session for the user, session is expired.' });
  });

  it('refuses SMS MFA for a user without a phone number', async () => {
    const email = await pool.verifiedUser();
    expect(
      await failure(
        pool.sdk.send(
          new AdminSetUserMFAPreferenceCommand({ UserPoolId: pool.poolId, Username: email, SMSMfaSettings: { Enabled: true } }),
        ),
      ),
    ).toMatchObject({ name: 'InvalidParameterException' });
  });
});

describe('SELECT_MFA_TYPE', () => {
  beforeAll(() => poolMfa('OPTIONAL'));

  it('lets a user with two factors and no preference choose', async () => {
    const { email, secret, AccessToken } = await totpUser();
    await pool.sdk.send(
      new SetUserMFAPreferenceCommand({ AccessToken, SMSMfaSettings: { Enabled: true }, SoftwareTokenMfaSettings: { Enabled: true } }),
    );
    const challenge = await pool.srpSignIn(email);
    expect(challenge.ChallengeName).toBe('SELECT_MFA_TYPE');
    expect(JSON.parse(challenge.ChallengeParameters!.MFAS_CAN_CHOOSE!)).toEqual(['SMS_MFA', 'SOFTWARE_TOKEN_MFA']);
    const username = challenge.ChallengeParameters!.USER_ID_FOR_SRP!;
    expect(await failure(pool.respond('SELECT_MFA_TYPE', challenge.Session, { USERNAME: username, ANSWER: 'EMAIL_OTP' }))).toMatchObject({
      name: 'InvalidParameterException',
    });
    const chosen = await pool.respond('SELECT_MFA_TYPE', challenge.Session, { USERNAME: username, ANSWER: 'SOFTWARE_TOKEN_MFA' });
    expect(chosen.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    const done = await pool.respond('SOFTWARE_TOKEN_MFA', chosen.Session, {
      USERNAME: username,
      SOFTWARE_TOKEN_MFA_CODE: await codeNow(secret),
    });
    expect(done.AuthenticationResult).toBeDefined();
  });
});

describe('MFA_SETUP', () => {
  beforeAll(() => poolMfa('ON', { totp: true }));

  it('makes a user without MFA set up an authenticator during sign-in, by Session', async () => {
    const email = await pool.verifiedUser();
    const challenge = await pool.srpSignIn(email);
    expect(challenge.ChallengeName).toBe('MFA_SETUP');
    expect(JSON.parse(challenge.ChallengeParameters!.MFAS_CAN_SETUP!)).toEqual(['SOFTWARE_TOKEN_MFA']);
    const username = challenge.ChallengeParameters!.USER_ID_FOR_SRP!;

    const associated = await pool.sdk.send(new AssociateSoftwareTokenCommand({ Session: challenge.Session }));
    expect(associated.SecretCode).toMatch(/^[A-Z2-7]{32}$/);
    expect(associated.Session).not.toBe(challenge.Session);
    expect(await failure(pool.respond('MFA_SETUP', associated.Session, { USERNAME: username }))).toMatchObject({
      name: 'SoftwareTokenMFANotFoundException',
    });
    const verified = await pool.sdk.send(
      new VerifySoftwareTokenCommand({
        Session: associated.Session,
        UserCode: await codeNow(associated.SecretCode!),
        FriendlyDeviceName: 'phone',
      }),
    );
    expect(verified).toMatchObject({ Status: 'SUCCESS', Session: expect.any(String) });
    const done = await pool.respond('MFA_SETUP', verified.Session, { USERNAME: username });
    expect(done.AuthenticationResult?.AccessToken).toBeDefined();
    const user = await pool.sdk.send(new GetUserCommand({ AccessToken: done.AuthenticationResult!.AccessToken! }));
    expect(user.PreferredMfaSetting).toBe('SOFTWARE_TOKEN_MFA');

    await pool.advance(30_000);
    expect((await pool.srpSignIn(email)).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  });

  it('sends a user with a phone straight to SMS_MFA when SMS MFA is configured', async () => {
    await poolMfa('ON', { sms: true, totp: true });
    const email = await pool.verifiedUser(newEmail(), PASSWORD, { phone_number: '+447700900125' });
    expect((await pool.srpSignIn(email)).ChallengeName).toBe('SMS_MFA');
  });

  it('asks nothing more when the pool has MFA off', async () => {
    await poolMfa('OFF');
    const { email, AccessToken } = await totpUser();
    await pool.sdk.send(new SetUserMFAPreferenceCommand({ AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
    await pool.tokens(email);
  });
});
