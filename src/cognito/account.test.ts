import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminResetUserPasswordCommand,
  GetUserCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import type { SessionEvent } from './index.ts';
import { PASSWORD, adminSdk, confirmedUser, emulator, latestCode, rejection, testClient, uniqueEmail } from './testSupport.ts';

const NEW_PASSWORD = 'N3w-passw0rd!';

describe('sign-up codes', () => {
  it('sends a fresh code on request, and that code confirms', async () => {
    const { client } = testClient();
    const email = uniqueEmail('resend');
    await client.signUp({ username: email, password: PASSWORD });
    const resent = await client.resendSignUpCode({ username: email });
    if (resent.step !== 'CONFIRM_SIGN_UP') throw new Error(`a code should have been sent, not ${resent.step}`);
    const delivery = resent.codeDeliveryDetails;
    expect(delivery).toMatchObject({ deliveryMedium: 'EMAIL', attributeName: 'email' });
    expect(delivery.destination).toMatch(/^r\*\*\*@/);
    await client.confirmSignUp({ username: email, confirmationCode: await latestCode(email) });
    expect((await client.signIn({ username: email, password: PASSWORD })).step).toBe('DONE');
  });
});

describe('an account confirmed already (in another tab, say)', () => {
  it('reads a second confirmation and a request for a new code as done, not as failures', async () => {
    const { client } = testClient();
    const email = uniqueEmail('twice');
    await client.signUp({ username: email, password: PASSWORD });
    const code = await latestCode(email);
    expect(await client.confirmSignUp({ username: email, confirmationCode: code })).toEqual({ step: 'DONE', username: email });
    expect(await client.confirmSignUp({ username: email, confirmationCode: code })).toEqual({ step: 'DONE', username: email });
    expect(await client.resendSignUpCode({ username: email })).toEqual({ step: 'DONE' });
  });

  it('still fails a wrong code for an account that is not confirmed', async () => {
    const { client } = testClient();
    const email = uniqueEmail('wrongcode');
    await client.signUp({ username: email, password: PASSWORD });
    const code = await latestCode(email);
    const wrong = await rejection(client.confirmSignUp({ username: email, confirmationCode: code === '000000' ? '111111' : '000000' }));
    expect(wrong.name).toBe('CodeMismatchException');
  });
});

describe('forgotten password', () => {
  it('resets with the code the pool sent', async () => {
    const { client } = testClient();
    const email = await confirmedUser();
    const started = await client.resetPassword({ username: email });
    expect(started).toMatchObject({ step: 'CONFIRM_RESET_PASSWORD_WITH_CODE', codeDeliveryDetails: { deliveryMedium: 'EMAIL' } });
    const code = await latestCode(email);
    const wrong = await rejection(
      client.confirmResetPassword({
        username: email,
        confirmationCode: code === '000000' ? '111111' : '000000',
        newPassword: NEW_PASSWORD,
      }),
    );
    expect(wrong.name).toBe('CodeMismatchException');
    await client.confirmResetPassword({ username: email, confirmationCode: code, newPassword: NEW_PASSWORD });
    expect((await rejection(client.signIn({ username: email, password: PASSWORD }))).message).toBe('Incorrect username or password.');
    expect((await client.signIn({ username: email, password: NEW_PASSWORD })).step).toBe('DONE');
  });

  it('checks the three fields before calling the pool', async () => {
    const { client } = testClient();
    expect((await rejection(client.resetPassword({ username: ' ' }))).message).toBe('Username cannot be empty');
    expect((await rejection(client.confirmResetPassword({ username: 'a@b.co', confirmationCode: '', newPassword: 'x' }))).message).toBe(
      'Confirmation code cannot be empty',
    );
    expect((await rejection(client.confirmResetPassword({ username: 'a@b.co', confirmationCode: '1', newPassword: '' }))).message).toBe(
      'Password cannot be empty',
    );
  });

  it('sends a user whose password was reset by an administrator to the reset flow', async () => {
    const { client } = testClient();
    const email = await confirmedUser();
    await adminSdk().send(new AdminResetUserPasswordCommand({ UserPoolId: emulator().userPoolId, Username: email }));
    expect(await client.signIn({ username: email, password: PASSWORD })).toEqual({ step: 'RESET_PASSWORD', username: email });
  });
});

describe('new password required', () => {
  it('takes the temporary password, then the new one, and signs in', async () => {
    const { client } = testClient();
    const email = uniqueEmail('invited');
    await adminSdk().send(
      new AdminCreateUserCommand({
        UserPoolId: emulator().userPoolId,
        Username: email,
        TemporaryPassword: 'Tempor4ry-pass',
        MessageAction: 'SUPPRESS',
      }),
    );
    const first = await client.signIn({ username: email, password: 'Tempor4ry-pass' });
    expect(first).toEqual({ step: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED', missingAttributes: [] });
    const weak = await rejection(client.confirmSignIn({ challengeResponse: 'weak' }));
    expect(weak.name).toBe('InvalidPasswordException');
    const done = await client.confirmSignIn({ challengeResponse: NEW_PASSWORD });
    expect(done.step === 'DONE' && done.user.email).toBe(email);
    const user = await adminSdk().send(new AdminGetUserCommand({ UserPoolId: emulator().userPoolId, Username: email }));
    expect(user.UserStatus).toBe('CONFIRMED');
  });
});

describe('signed-in account', () => {
  it('changes the password', async () => {
    const { client } = testClient();
    const email = await confirmedUser();
    await client.signIn({ username: email, password: PASSWORD });
    const wrongOld = await rejection(client.updatePassword({ oldPassword: 'Not-the-0ld!', newPassword: NEW_PASSWORD }));
    expect(wrongOld.name).toBe('NotAuthorizedException');
    await client.updatePassword({ oldPassword: PASSWORD, newPassword: NEW_PASSWORD });
    await client.signOut();
    expect((await client.signIn({ username: email, password: NEW_PASSWORD })).step).toBe('DONE');
  });

  it('needs a signed-in user for account calls', async () => {
    const { client } = testClient();
    const error = await rejection(client.updatePassword({ oldPassword: PASSWORD, newPassword: NEW_PASSWORD }));
    expect(error).toMatchObject({ name: 'UserUnAuthenticatedException', message: 'User needs to be authenticated to call this API.' });
    expect((await rejection(client.fetchUserAttributes())).name).toBe('UserUnAuthenticatedException');
  });

  it('signs out everywhere with a global sign-out', async () => {
    const { client: here } = testClient();
    const { client: elsewhere } = testClient();
    const email = await confirmedUser();
    await here.signIn({ username: email, password: PASSWORD });
    await elsewhere.signIn({ username: email, password: PASSWORD });
    const otherToken = (await elsewhere.fetchAuthSession()).tokens!.accessToken.raw;
    const heard: SessionEvent[] = [];
    here.onSessionEvent((event) => heard.push(event));
    await here.signOut({ global: true });
    // The sign-out says why, so the sign-in card can (cardNotice.ts).
    expect(heard).toEqual([{ type: 'signedOut', reason: 'everywhere', fromOtherTab: false }]);
    const refused = await adminSdk()
      .send(new GetUserCommand({ AccessToken: otherToken }))
      .catch((e: Error) => e);
    expect(refused).toMatchObject({ name: 'NotAuthorizedException' });
    // The other browser finds out at its next refresh and is signed out.
    expect(await elsewhere.fetchAuthSession({ forceRefresh: true })).toEqual({});
  });

  it('deletes the account and forgets the session', async () => {
    const { client } = testClient();
    const email = await confirmedUser();
    await client.signIn({ username: email, password: PASSWORD });
    const heard: SessionEvent[] = [];
    client.onSessionEvent((event) => heard.push(event));
    await client.deleteUser();
    expect(heard).toEqual([{ type: 'signedOut', reason: 'deleted', fromOtherTab: false }]);
    expect(await client.fetchAuthSession()).toEqual({});
    const gone = await adminSdk()
      .send(new AdminGetUserCommand({ UserPoolId: emulator().userPoolId, Username: email }))
      .catch((e: Error) => e);
    expect(gone).toMatchObject({ name: 'UserNotFoundException' });
  });
});
