/** E-mail MFA: EmailMfaSettings in the MFA preference, and the EMAIL_OTP challenge after a password. */
import {
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AssociateSoftwareTokenCommand,
  GetUserCommand,
  InitiateAuthCommand,
  SetUserMFAPreferenceCommand,
  SetUserPoolMfaConfigCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, failure, totp, useEmulator } from './harness.ts';

const pool = useEmulator();

const poolMfa = (MfaConfiguration: 'OFF' | 'OPTIONAL', email = true) =>
  pool.sdk.send(
    new SetUserPoolMfaConfigCommand({
      UserPoolId: pool.poolId,
      MfaConfiguration,
      SmsMfaConfiguration: {},
      SoftwareTokenMfaConfiguration: { Enabled: true },
      ...(email ? { EmailMfaConfiguration: { Message: 'Your code is {####}' } } : {}),
    }),
  );

beforeAll(() => poolMfa('OPTIONAL'));
afterAll(() => poolMfa('OFF'));

/** A user who turned e-mail MFA on and made it preferred, with their own access token. */
async function emailMfaUser() {
  const email = await pool.verifiedUser();
  const { AccessToken } = await pool.tokens(email);
  await pool.sdk.send(new SetUserMFAPreferenceCommand({ AccessToken, EmailMfaSettings: { Enabled: true, PreferredMfa: true } }));
  return { email, accessToken: AccessToken! };
}

describe('e-mail MFA', () => {
  it('is turned on by SetUserMFAPreference and shown by GetUser and AdminGetUser', async () => {
    const { email, accessToken } = await emailMfaUser();
    expect(await pool.sdk.send(new GetUserCommand({ AccessToken: accessToken }))).toMatchObject({
      UserMFASettingList: ['EMAIL_OTP'],
      PreferredMfaSetting: 'EMAIL_OTP',
    });
    await pool.sdk.send(
      new AdminSetUserMFAPreferenceCommand({ UserPoolId: pool.poolId, Username: email, EmailMfaSettings: { Enabled: false } }),
    );
    const user = await pool.sdk.send(new AdminGetUserCommand({ UserPoolId: pool.poolId, Username: email }));
    expect(user.UserMFASettingList).toBeUndefined();
    expect(user.PreferredMfaSetting).toBeUndefined();
  });

  it('sends an EmailMfa code after the password, refuses a wrong one and signs in with the right one', async () => {
    const { email } = await emailMfaUser();
    const challenged = await pool.srpSignIn(email);
    expect(challenged.ChallengeName).toBe('EMAIL_OTP');
    expect(challenged.ChallengeParameters).toEqual({
      CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL',
      CODE_DELIVERY_DESTINATION: expect.stringMatching(/^e\*\*\*@e\*\*\*\.com$/),
    });
    const code = await pool.lastCode(email, 'EmailMfa');
    const wrong = code === '000000' ? '000001' : '000000';
    expect(await failure(pool.respond('EMAIL_OTP', challenged.Session, { USERNAME: email, EMAIL_OTP_CODE: wrong }))).toMatchObject({
      name: 'CodeMismatchException',
    });
    const answer = await pool.respond('EMAIL_OTP', challenged.Session, { USERNAME: email, EMAIL_OTP_CODE: code });
    expect(answer.AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('follows a password chosen in USER_AUTH, but not an e-mailed sign-in code', async () => {
    const { email } = await emailMfaUser();
    const byPassword = await pool.sdk.send(
      new InitiateAuthCommand({
        ClientId: pool.clientId,
        AuthFlow: 'USER_AUTH',
        AuthParameters: { USERNAME: email, PREFERRED_CHALLENGE: 'PASSWORD', PASSWORD },
      }),
    );
    expect(byPassword.ChallengeName).toBe('EMAIL_OTP');
    expect((await pool.outbox(email)).at(-1)?.kind).toBe('EmailMfa');
    const byCode = await pool.sdk.send(
      new InitiateAuthCommand({
        ClientId: pool.clientId,
        AuthFlow: 'USER_AUTH',
        AuthParameters: { USERNAME: email, PREFERRED_CHALLENGE: 'EMAIL_OTP' },
      }),
    );
    const code = await pool.lastCode(email, 'EmailOtp');
    const signedIn = await pool.respond('EMAIL_OTP', byCode.Session, { USERNAME: email, EMAIL_OTP_CODE: code });
    expect(signedIn.ChallengeName).toBeUndefined();
    expect(signedIn.AuthenticationResult).toBeTruthy();
  });

  it('is one of the choices of SELECT_MFA_TYPE for a user with two factors and no preference', async () => {
    const email = await pool.verifiedUser();
    const { AccessToken } = await pool.tokens(email);
    const { SecretCode } = await pool.sdk.send(new AssociateSoftwareTokenCommand({ AccessToken }));
    await pool.sdk.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: totp(SecretCode!, await pool.now()) }));
    await pool.sdk.send(
      new SetUserMFAPreferenceCommand({ AccessToken, SoftwareTokenMfaSettings: { Enabled: true }, EmailMfaSettings: { Enabled: true } }),
    );
    const challenged = await pool.srpSignIn(email);
    expect(challenged.ChallengeName).toBe('SELECT_MFA_TYPE');
    expect(JSON.parse(challenged.ChallengeParameters!.MFAS_CAN_CHOOSE!)).toEqual(['SOFTWARE_TOKEN_MFA', 'EMAIL_OTP']);
    const chosen = await pool.respond('SELECT_MFA_TYPE', challenged.Session, { USERNAME: email, ANSWER: 'EMAIL_OTP' });
    expect(chosen.ChallengeName).toBe('EMAIL_OTP');
    const code = await pool.lastCode(email, 'EmailMfa');
    expect((await pool.respond('EMAIL_OTP', chosen.Session, { USERNAME: email, EMAIL_OTP_CODE: code })).AuthenticationResult).toBeTruthy();
  });

  it('is not asked for where the pool has no e-mail MFA configured', async () => {
    const { email } = await emailMfaUser();
    await poolMfa('OPTIONAL', false);
    try {
      expect((await pool.srpSignIn(email)).AuthenticationResult).toBeTruthy();
    } finally {
      await poolMfa('OPTIONAL');
    }
  });
});
