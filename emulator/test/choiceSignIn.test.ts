/** Choice-based sign-in (InitiateAuth USER_AUTH): SELECT_CHALLENGE, passwords, and sign-in codes by e-mail and SMS. */
import {
  CreateUserPoolClientCommand,
  DescribeUserPoolCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserPoolMfaConfigCommand,
  UpdateUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { createSrpSession, signSrpSession, wrapAuthChallenge } from 'cognito-srp-helper';
import { describe, expect, it } from 'vitest';
import { PASSWORD, failure, newEmail, useEmulator } from './harness.ts';

const pool = useEmulator();
const PHONE = '+447700900456';

const userAuth = (email: string, parameters: Record<string, string> = {}, ClientId = pool.clientId) =>
  pool.sdk.send(new InitiateAuthCommand({ ClientId, AuthFlow: 'USER_AUTH', AuthParameters: { USERNAME: email, ...parameters } }));

/** The pool's first factors, keeping every other setting as the seeded pool has it. */
async function allowFirstFactors(factors: string[]) {
  const current = (await pool.sdk.send(new DescribeUserPoolCommand({ UserPoolId: pool.poolId }))).UserPool!;
  await pool.sdk.send(
    new UpdateUserPoolCommand({
      UserPoolId: pool.poolId,
      Policies: { PasswordPolicy: current.Policies!.PasswordPolicy, SignInPolicy: { AllowedFirstAuthFactors: factors as never } },
      AutoVerifiedAttributes: current.AutoVerifiedAttributes,
      MfaConfiguration: current.MfaConfiguration,
    }),
  );
}

describe('SELECT_CHALLENGE', () => {
  it('offers what the pool allows, whoever asks', async () => {
    const verified = await pool.verifiedUser();
    const started = await userAuth(verified);
    expect(started.ChallengeName).toBe('SELECT_CHALLENGE');
    expect(started.AvailableChallenges).toEqual(['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP']);
    expect(started.ChallengeParameters).toEqual({});
    expect(started.Session).toBeTruthy();
    // An e-mail that was never verified is offered the code too (the list must not tell), but is sent none.
    const unverified = await pool.confirmedUser();
    expect((await userAuth(unverified)).AvailableChallenges).toEqual(['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP']);
    expect((await userAuth(unverified, { PREFERRED_CHALLENGE: 'EMAIL_OTP' })).ChallengeName).toBe('EMAIL_OTP');
    expect((await pool.outbox(unverified)).filter((message) => message.kind === 'EmailOtp')).toEqual([]);
    // Asking for a passkey the user does not have, or for nothing known, gets the choice or a clear refusal.
    expect((await userAuth(verified, { PREFERRED_CHALLENGE: 'WEB_AUTHN' })).ChallengeName).toBe('SELECT_CHALLENGE');
    expect(await failure(userAuth(verified, { PREFERRED_CHALLENGE: 'MAGIC_LINK' }))).toMatchObject({ name: 'InvalidParameterException' });
  });

  it('signs in with ANSWER PASSWORD and the password, and refuses a wrong one and a choice not offered', async () => {
    const email = await pool.verifiedUser();
    const first = await userAuth(email);
    expect(await failure(pool.respond('SELECT_CHALLENGE', first.Session, { USERNAME: email, ANSWER: 'SMS_OTP' }))).toMatchObject({
      name: 'InvalidParameterException',
    });
    // A request missing the password spends nothing: the same session still takes the right answer.
    expect(await failure(pool.respond('SELECT_CHALLENGE', first.Session, { USERNAME: email, ANSWER: 'PASSWORD' }))).toMatchObject({
      name: 'InvalidParameterException',
    });
    const signedIn = await pool.respond('SELECT_CHALLENGE', first.Session, { USERNAME: email, ANSWER: 'PASSWORD', PASSWORD });
    expect(signedIn.AuthenticationResult?.AccessToken).toBeTruthy();
    const second = await userAuth(email);
    expect(
      await failure(pool.respond('SELECT_CHALLENGE', second.Session, { USERNAME: email, ANSWER: 'PASSWORD', PASSWORD: 'Wr0ng-password!' })),
    ).toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });

  it('continues ANSWER PASSWORD_SRP into PASSWORD_VERIFIER', async () => {
    const email = await pool.verifiedUser();
    const first = await userAuth(email);
    const srp = createSrpSession(email, PASSWORD, pool.poolId, false);
    const verifier = await pool.respond('SELECT_CHALLENGE', first.Session, { USERNAME: email, ANSWER: 'PASSWORD_SRP', SRP_A: srp.largeA });
    expect(verifier.ChallengeName).toBe('PASSWORD_VERIFIER');
    const signed = signSrpSession(srp, verifier);
    const answer = await pool.sdk.send(
      new RespondToAuthChallengeCommand(
        wrapAuthChallenge(signed, {
          ClientId: pool.clientId,
          ChallengeName: 'PASSWORD_VERIFIER',
          Session: verifier.Session,
          ChallengeResponses: { USERNAME: verifier.ChallengeParameters!.USERNAME! },
        }),
      ),
    );
    expect(answer.AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('starts the preferred challenge straight away: PASSWORD with the password', async () => {
    const email = await pool.verifiedUser();
    const answer = await userAuth(email, { PREFERRED_CHALLENGE: 'PASSWORD', PASSWORD });
    expect(answer.AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('needs ALLOW_USER_AUTH on the client', async () => {
    const client = await pool.sdk.send(
      new CreateUserPoolClientCommand({ UserPoolId: pool.poolId, ClientName: 'srp-only', ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH'] }),
    );
    expect(await failure(userAuth(await pool.verifiedUser(), {}, client.UserPoolClient!.ClientId))).toMatchObject({
      name: 'InvalidParameterException',
      message: 'USER_AUTH flow not enabled for this client',
    });
  });
});

describe('EMAIL_OTP as the first factor', () => {
  it('sends a code to the verified e-mail and signs in with it, without MFA', async () => {
    await pool.sdk.send(
      new SetUserPoolMfaConfigCommand({
        UserPoolId: pool.poolId,
        MfaConfiguration: 'OPTIONAL',
        SmsMfaConfiguration: {},
        SoftwareTokenMfaConfiguration: { Enabled: true },
        EmailMfaConfiguration: {},
      }),
    );
    try {
      // The user has an authenticator app as MFA; a passwordless first factor skips it, as Cognito does.
      const { email } = await pool.totpUser();
      const started = await userAuth(email, { PREFERRED_CHALLENGE: 'EMAIL_OTP' });
      expect(started.ChallengeName).toBe('EMAIL_OTP');
      expect(started.ChallengeParameters).toEqual({
        CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL',
        CODE_DELIVERY_DESTINATION: expect.stringMatching(/^e\*\*\*@e\*\*\*\.com$/),
      });
      const messages = await pool.outbox(email);
      expect(messages.at(-1)).toMatchObject({ kind: 'EmailOtp', code: expect.stringMatching(/^\d{6}$/) });
      const answer = await pool.respond('EMAIL_OTP', started.Session, { USERNAME: email, EMAIL_OTP_CODE: messages.at(-1)!.code });
      expect(answer.ChallengeName).toBeUndefined();
      expect(answer.AuthenticationResult?.AccessToken).toBeTruthy();
    } finally {
      await pool.sdk.send(
        new SetUserPoolMfaConfigCommand({
          UserPoolId: pool.poolId,
          MfaConfiguration: 'OFF',
          SmsMfaConfiguration: {},
          SoftwareTokenMfaConfiguration: { Enabled: true },
          EmailMfaConfiguration: {},
        }),
      );
    }
  });

  it('is chosen from SELECT_CHALLENGE too', async () => {
    const email = await pool.verifiedUser();
    const first = await userAuth(email);
    const otp = await pool.respond('SELECT_CHALLENGE', first.Session, { USERNAME: email, ANSWER: 'EMAIL_OTP' });
    expect(otp.ChallengeName).toBe('EMAIL_OTP');
    const code = await pool.lastCode(email, 'EmailOtp');
    expect((await pool.respond('EMAIL_OTP', otp.Session, { USERNAME: email, EMAIL_OTP_CODE: code })).AuthenticationResult).toBeTruthy();
  });

  it('refuses a wrong code with CodeMismatchException, keeps the session for a retry, and ends it after five', async () => {
    const email = await pool.verifiedUser();
    const started = await userAuth(email, { PREFERRED_CHALLENGE: 'EMAIL_OTP' });
    const code = await pool.lastCode(email, 'EmailOtp');
    const wrong = code === '000000' ? '000001' : '000000';
    expect(await failure(pool.respond('EMAIL_OTP', started.Session, { USERNAME: email, EMAIL_OTP_CODE: wrong }))).toMatchObject({
      name: 'CodeMismatchException',
    });
    expect((await pool.respond('EMAIL_OTP', started.Session, { USERNAME: email, EMAIL_OTP_CODE: code })).AuthenticationResult).toBeTruthy();

    const again = await userAuth(email, { PREFERRED_CHALLENGE: 'EMAIL_OTP' });
    const next = await pool.lastCode(email, 'EmailOtp');
    const other = next === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) {
      expect(await failure(pool.respond('EMAIL_OTP', again.Session, { USERNAME: email, EMAIL_OTP_CODE: other }))).toMatchObject({
        name: 'CodeMismatchException',
      });
    }
    expect(await failure(pool.respond('EMAIL_OTP', again.Session, { USERNAME: email, EMAIL_OTP_CODE: next }))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });
  });

  it('lets a code expire after three minutes, even in a longer session', async () => {
    await pool.control('token-validity', 'POST', { authSessionSeconds: 600 });
    try {
      const email = await pool.verifiedUser();
      const started = await userAuth(email, { PREFERRED_CHALLENGE: 'EMAIL_OTP' });
      const code = await pool.lastCode(email, 'EmailOtp');
      await pool.advance(3 * 60 * 1000 + 1000);
      expect(await failure(pool.respond('EMAIL_OTP', started.Session, { USERNAME: email, EMAIL_OTP_CODE: code }))).toMatchObject({
        name: 'ExpiredCodeException',
      });
    } finally {
      await pool.control('token-validity', 'POST', { authSessionSeconds: 180 });
    }
  });

  it('ends with the three-minute session by default', async () => {
    const email = await pool.verifiedUser();
    const started = await userAuth(email, { PREFERRED_CHALLENGE: 'EMAIL_OTP' });
    const code = await pool.lastCode(email, 'EmailOtp');
    await pool.advance(3 * 60 * 1000);
    expect(await failure(pool.respond('EMAIL_OTP', started.Session, { USERNAME: email, EMAIL_OTP_CODE: code }))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });
  });

  it('answers a name that is no user as it would a user, sends nothing, and accepts no code', async () => {
    const nobody = newEmail('nobody');
    const started = await userAuth(nobody);
    expect(started.ChallengeName).toBe('SELECT_CHALLENGE');
    expect(started.AvailableChallenges).toEqual(['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP']);
    const otp = await pool.respond('SELECT_CHALLENGE', started.Session, { USERNAME: nobody, ANSWER: 'EMAIL_OTP' });
    expect(otp.ChallengeName).toBe('EMAIL_OTP');
    expect(otp.ChallengeParameters).toEqual({ CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL', CODE_DELIVERY_DESTINATION: expect.any(String) });
    expect(await pool.outbox(nobody)).toEqual([]);
    expect(await failure(pool.respond('EMAIL_OTP', otp.Session, { USERNAME: nobody, EMAIL_OTP_CODE: '123456' }))).toMatchObject({
      name: 'CodeMismatchException',
    });
  });
});

describe('SMS_OTP as the first factor', () => {
  it('is offered only where the pool allows it, texts the verified phone and signs in with the code', async () => {
    const email = await pool.verifiedUser(newEmail(), PASSWORD, { phone_number: PHONE, phone_number_verified: 'true' });
    expect((await userAuth(email)).AvailableChallenges).not.toContain('SMS_OTP');
    await allowFirstFactors(['PASSWORD', 'EMAIL_OTP', 'SMS_OTP', 'WEB_AUTHN']);
    try {
      const started = await userAuth(email);
      expect(started.AvailableChallenges).toEqual(['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP', 'SMS_OTP']);
      const otp = await pool.respond('SELECT_CHALLENGE', started.Session, { USERNAME: email, ANSWER: 'SMS_OTP' });
      expect(otp.ChallengeParameters).toEqual({ CODE_DELIVERY_DELIVERY_MEDIUM: 'SMS', CODE_DELIVERY_DESTINATION: '+********0456' });
      const code = await pool.lastCode(PHONE, 'SmsOtp');
      expect((await pool.respond('SMS_OTP', otp.Session, { USERNAME: email, SMS_OTP_CODE: code })).AuthenticationResult).toBeTruthy();
    } finally {
      await allowFirstFactors(['PASSWORD', 'EMAIL_OTP', 'WEB_AUTHN']);
    }
  });

  it('a pool that allows only passwords offers only passwords', async () => {
    await allowFirstFactors(['PASSWORD']);
    try {
      const email = await pool.verifiedUser();
      expect((await userAuth(email)).AvailableChallenges).toEqual(['PASSWORD', 'PASSWORD_SRP']);
      expect((await userAuth(email, { PREFERRED_CHALLENGE: 'EMAIL_OTP' })).ChallengeName).toBe('SELECT_CHALLENGE');
    } finally {
      await allowFirstFactors(['PASSWORD', 'EMAIL_OTP', 'WEB_AUTHN']);
    }
  });
});
