import {
  AdminCreateUserCommand,
  AdminSetUserMFAPreferenceCommand,
  CreateUserPoolClientCommand,
  InitiateAuthCommand,
  SetUserPoolMfaConfigCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { PASSWORD, claims, failure, newEmail, useEmulator } from './harness.ts';

const pool = useEmulator();
const passwordAuth = (USERNAME: string, password = PASSWORD) =>
  pool.sdk.send(
    new InitiateAuthCommand({ ClientId: pool.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME, PASSWORD: password } }),
  );
const customAuth = (USERNAME: string, ClientId = pool.clientId) =>
  pool.sdk.send(new InitiateAuthCommand({ ClientId, AuthFlow: 'CUSTOM_AUTH', AuthParameters: { USERNAME } }));
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

describe('USER_PASSWORD_AUTH', () => {
  it('signs in with the password itself', async () => {
    const email = await pool.verifiedUser();
    const answer = await passwordAuth(email);
    expect(answer.AuthenticationResult).toMatchObject({ TokenType: 'Bearer', ExpiresIn: 3600 });
    expect(claims(answer.AuthenticationResult!.IdToken!).email).toBe(email);
  });

  it('refuses a wrong password and an unknown user alike, and locks out after five', async () => {
    const email = await pool.verifiedUser();
    const incorrect = { name: 'NotAuthorizedException', message: 'Incorrect username or password.' };
    expect(await failure(passwordAuth(newEmail()))).toMatchObject(incorrect);
    for (let i = 0; i < 5; i++) expect(await failure(passwordAuth(email, 'Wrong-passw0rd'))).toMatchObject(incorrect);
    expect(await failure(passwordAuth(email))).toMatchObject({ message: 'Password attempts exceeded' });
  });

  it('leads to the same challenges as SRP', async () => {
    const invited = newEmail();
    await pool.sdk.send(
      new AdminCreateUserCommand({
        UserPoolId: pool.poolId,
        Username: invited,
        TemporaryPassword: 'Temp-passw0rd',
        MessageAction: 'SUPPRESS',
      }),
    );
    expect((await passwordAuth(invited, 'Temp-passw0rd')).ChallengeName).toBe('NEW_PASSWORD_REQUIRED');

    await pool.sdk.send(
      new SetUserPoolMfaConfigCommand({ UserPoolId: pool.poolId, MfaConfiguration: 'OPTIONAL', SmsMfaConfiguration: {} }),
    );
    const email = await pool.verifiedUser(newEmail(), PASSWORD, { phone_number: '+447700900555' });
    await pool.sdk.send(
      new AdminSetUserMFAPreferenceCommand({ UserPoolId: pool.poolId, Username: email, SMSMfaSettings: { Enabled: true } }),
    );
    expect((await passwordAuth(email)).ChallengeName).toBe('SMS_MFA');
  });
});

describe('CUSTOM_AUTH (the built-in one-time code)', () => {
  it('sends a code and signs in with it as the ANSWER, without MFA', async () => {
    const email = await pool.verifiedUser();
    const challenge = await customAuth(email);
    expect(challenge.ChallengeName).toBe('CUSTOM_CHALLENGE');
    expect(challenge.ChallengeParameters).toMatchObject({
      USERNAME: expect.stringMatching(/^[0-9a-f-]{36}$/),
      CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL',
      CODE_DELIVERY_DESTINATION: 'e***@e***.com',
    });
    const code = await pool.lastCode(email, 'Authentication');
    const done = await pool.respond('CUSTOM_CHALLENGE', challenge.Session, {
      USERNAME: challenge.ChallengeParameters!.USERNAME!,
      ANSWER: code,
    });
    expect(claims(done.AuthenticationResult!.IdToken!).email).toBe(email);
  });

  it('asks again after a wrong answer and gives up after the third', async () => {
    const email = await pool.verifiedUser();
    const first = await customAuth(email);
    const username = first.ChallengeParameters!.USERNAME!;
    const code = await pool.lastCode(email, 'Authentication');
    const second = await pool.respond('CUSTOM_CHALLENGE', first.Session, { USERNAME: username, ANSWER: otherThan(code) });
    expect(second.ChallengeName).toBe('CUSTOM_CHALLENGE');
    expect(second.Session).not.toBe(first.Session);
    const third = await pool.respond('CUSTOM_CHALLENGE', second.Session, { USERNAME: username, ANSWER: otherThan(code) });
    expect(await failure(pool.respond('CUSTOM_CHALLENGE', third.Session, { USERNAME: username, ANSWER: otherThan(code) }))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    // Still within the attempts, the code works on the second try.
    const retry = await customAuth(email);
    const again = await pool.respond('CUSTOM_CHALLENGE', retry.Session, {
      USERNAME: username,
      ANSWER: otherThan(await pool.lastCode(email)),
    });
    const ok = await pool.respond('CUSTOM_CHALLENGE', again.Session, { USERNAME: username, ANSWER: await pool.lastCode(email) });
    expect(ok.AuthenticationResult).toBeDefined();
  });

  it('gives an unknown user a challenge that looks the same and that no answer passes', async () => {
    const email = newEmail();
    const challenge = await customAuth(email);
    expect(challenge.ChallengeName).toBe('CUSTOM_CHALLENGE');
    expect(challenge.ChallengeParameters).toMatchObject({
      USERNAME: expect.stringMatching(/^[0-9a-f-]{36}$/),
      CODE_DELIVERY_DESTINATION: 'e***@e***.com',
    });
    expect(await pool.outbox(email)).toEqual([]);
    const next = await pool.respond('CUSTOM_CHALLENGE', challenge.Session, {
      USERNAME: challenge.ChallengeParameters!.USERNAME!,
      ANSWER: '123456',
    });
    expect(next.ChallengeName).toBe('CUSTOM_CHALLENGE');
  });

  it('tells an unconfirmed user so, and needs ALLOW_CUSTOM_AUTH on the client', async () => {
    const email = await pool.signUp();
    expect(await failure(customAuth(email))).toMatchObject({ name: 'UserNotConfirmedException' });
    const { UserPoolClient } = await pool.sdk.send(
      new CreateUserPoolClientCommand({ UserPoolId: pool.poolId, ClientName: 'srp-only', ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH'] }),
    );
    expect(await failure(customAuth(email, UserPoolClient!.ClientId))).toMatchObject({
      name: 'InvalidParameterException',
      message: 'CUSTOM_AUTH flow not enabled for this client',
    });
  });

  it('with SRP: the password first (CHALLENGE_NAME SRP_A), then the code', async () => {
    const email = await pool.verifiedUser();
    const afterPassword = await pool.srpSignIn(email, PASSWORD, { flow: 'CUSTOM_AUTH', parameters: { CHALLENGE_NAME: 'SRP_A' } });
    expect(afterPassword.ChallengeName).toBe('CUSTOM_CHALLENGE');
    const done = await pool.respond('CUSTOM_CHALLENGE', afterPassword.Session, {
      USERNAME: afterPassword.ChallengeParameters!.USERNAME!,
      ANSWER: await pool.lastCode(email, 'Authentication'),
    });
    expect(done.AuthenticationResult).toBeDefined();
    expect(
      await failure(pool.srpSignIn(email, 'Wrong-passw0rd', { flow: 'CUSTOM_AUTH', parameters: { CHALLENGE_NAME: 'SRP_A' } })),
    ).toMatchObject({
      message: 'Incorrect username or password.',
    });
  });
});

describe('InitiateAuth in general', () => {
  it('refuses flows it does not serve and requests without what the flow needs', async () => {
    for (const AuthFlow of ['ADMIN_USER_PASSWORD_AUTH'] as const) {
      expect(
        await failure(pool.sdk.send(new InitiateAuthCommand({ ClientId: pool.clientId, AuthFlow, AuthParameters: { USERNAME: 'x' } }))),
      ).toMatchObject({
        name: 'InvalidParameterException',
      });
    }
    expect(
      await failure(
        pool.sdk.send(
          new InitiateAuthCommand({ ClientId: pool.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 'x' } }),
        ),
      ),
    ).toMatchObject({ name: 'InvalidParameterException', message: 'Missing required parameter PASSWORD' });
    expect(
      await failure(pool.sdk.send(new InitiateAuthCommand({ ClientId: pool.clientId, AuthFlow: 'REFRESH_TOKEN_AUTH' }))),
    ).toMatchObject({
      message: 'Missing required parameter REFRESH_TOKEN',
    });
  });
});
