import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminResetUserPasswordCommand,
  ChangePasswordCommand,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { PASSWORD, failure, newEmail, useEmulator } from './harness.ts';

const pool = useEmulator();
const NEW_PASSWORD = 'An0ther-secret!';
const forgot = (Username: string) => pool.sdk.send(new ForgotPasswordCommand({ ClientId: pool.clientId, Username }));
const confirmForgot = (Username: string, ConfirmationCode: string, Password = NEW_PASSWORD) =>
  pool.sdk.send(new ConfirmForgotPasswordCommand({ ClientId: pool.clientId, Username, ConfirmationCode, Password }));
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

describe('ForgotPassword and ConfirmForgotPassword', () => {
  it('sends a code to the verified e-mail and sets the new password with it', async () => {
    const email = await pool.verifiedUser();
    const sent = await forgot(email);
    expect(sent.CodeDeliveryDetails).toEqual({ Destination: 'e***@e***.com', DeliveryMedium: 'EMAIL', AttributeName: 'email' });
    const code = await pool.lastCode(email, 'ForgotPassword');
    expect(await failure(confirmForgot(email, otherThan(code)))).toMatchObject({ name: 'CodeMismatchException' });
    expect(await failure(confirmForgot(email, code, 'weak'))).toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password not long enough',
    });
    await confirmForgot(email, code);
    expect(await failure(pool.srpSignIn(email, PASSWORD))).toMatchObject({ message: 'Incorrect username or password.' });
    await pool.tokens(email, NEW_PASSWORD);
    // The code is spent.
    expect(await failure(confirmForgot(email, code, 'Th1rd-secret!'))).toMatchObject({ name: 'ExpiredCodeException' });
  });

  it('lets a reset code expire after an hour', async () => {
    const email = await pool.verifiedUser();
    await forgot(email);
    const code = await pool.lastCode(email, 'ForgotPassword');
    await pool.advance(60 * 60 * 1000 + 1000);
    expect(await failure(confirmForgot(email, code))).toMatchObject({
      name: 'ExpiredCodeException',
      message: 'Invalid code provided, please request a code again.',
    });
  });

  it('cannot reach a user without a verified e-mail, nor one who still has a temporary password', async () => {
    const unverified = await pool.confirmedUser();
    expect(await failure(forgot(unverified))).toMatchObject({
      name: 'InvalidParameterException',
      message: 'Cannot reset password for the user as there is no registered/verified email or phone_number',
    });
    const invited = newEmail();
    await pool.sdk.send(new AdminCreateUserCommand({ UserPoolId: pool.poolId, Username: invited, MessageAction: 'SUPPRESS' }));
    expect(await failure(forgot(invited))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'User password cannot be reset in the current state.',
    });
  });

  it('hides whether a user exists', async () => {
    const email = newEmail();
    expect((await forgot(email)).CodeDeliveryDetails).toEqual({
      Destination: 'e***@e***.com',
      DeliveryMedium: 'EMAIL',
      AttributeName: 'email',
    });
    expect(await pool.outbox(email)).toEqual([]);
    expect(await failure(confirmForgot(email, '123456'))).toMatchObject({ name: 'CodeMismatchException' });
  });

  it('rations reset codes', async () => {
    const email = await pool.verifiedUser();
    for (let i = 0; i < 5; i++) await forgot(email);
    expect(await failure(forgot(email))).toMatchObject({ name: 'LimitExceededException' });
  });
});

describe('AdminResetUserPassword', () => {
  it('makes sign-in answer PasswordResetRequiredException until the user resets with the code sent', async () => {
    const email = await pool.verifiedUser();
    await pool.sdk.send(new AdminResetUserPasswordCommand({ UserPoolId: pool.poolId, Username: email }));
    expect((await pool.sdk.send(new AdminGetUserCommand({ UserPoolId: pool.poolId, Username: email }))).UserStatus).toBe('RESET_REQUIRED');
    expect(await failure(pool.srpSignIn(email, PASSWORD))).toMatchObject({
      name: 'PasswordResetRequiredException',
      message: 'Password reset required for the user',
    });
    await confirmForgot(email, await pool.lastCode(email, 'ForgotPassword'));
    expect((await pool.sdk.send(new AdminGetUserCommand({ UserPoolId: pool.poolId, Username: email }))).UserStatus).toBe('CONFIRMED');
    await pool.tokens(email, NEW_PASSWORD);
  });
});

describe('ChangePassword', () => {
  it('changes the password of the signed-in user after checking the old one', async () => {
    const email = await pool.confirmedUser();
    const { AccessToken } = await pool.tokens(email);
    const change = (PreviousPassword: string, ProposedPassword: string) =>
      pool.sdk.send(new ChangePasswordCommand({ AccessToken, PreviousPassword, ProposedPassword }));
    expect(await failure(change('Wrong-passw0rd', NEW_PASSWORD))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    expect(await failure(change(PASSWORD, 'nosymbols1A'))).toMatchObject({ name: 'InvalidPasswordException' });
    await change(PASSWORD, NEW_PASSWORD);
    await pool.tokens(email, NEW_PASSWORD);
    expect(
      await failure(
        pool.sdk.send(new ChangePasswordCommand({ AccessToken: 'x.y.z', PreviousPassword: PASSWORD, ProposedPassword: NEW_PASSWORD })),
      ),
    ).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid Access Token',
    });
  });
});
