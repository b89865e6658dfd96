import { AdminCreateUserCommand, AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { claims, failure, newEmail, useEmulator } from './harness.ts';

const pool = useEmulator();
const TEMPORARY = 'Temp-passw0rd';
const CHOSEN = 'Ch0sen-passw0rd';

async function invited(email = newEmail(), extra: object = {}) {
  await pool.sdk.send(new AdminCreateUserCommand({ UserPoolId: pool.poolId, Username: email, TemporaryPassword: TEMPORARY, ...extra }));
  return email;
}

describe('NEW_PASSWORD_REQUIRED', () => {
  it('asks an invited user for a new password and then signs them in', async () => {
    const email = await invited(newEmail(), { UserAttributes: [{ Name: 'given_name', Value: 'Grace' }] });
    const challenge = await pool.srpSignIn(email, TEMPORARY);
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(challenge.Session!.length).toBeGreaterThan(20);
    const parameters = challenge.ChallengeParameters!;
    expect(JSON.parse(parameters.requiredAttributes!)).toEqual([]);
    expect(JSON.parse(parameters.userAttributes!)).toMatchObject({ email, given_name: 'Grace', email_verified: 'false' });
    expect((JSON.parse(parameters.userAttributes!) as Record<string, unknown>).sub).toBeUndefined();

    const username = parameters.USER_ID_FOR_SRP!;
    expect(
      await failure(pool.respond('NEW_PASSWORD_REQUIRED', challenge.Session, { USERNAME: username, NEW_PASSWORD: 'short' })),
    ).toMatchObject({
      name: 'InvalidPasswordException',
    });
    // The session is still good after a refused password.
    const done = await pool.respond('NEW_PASSWORD_REQUIRED', challenge.Session, {
      USERNAME: username,
      NEW_PASSWORD: CHOSEN,
      'userAttributes.family_name': 'Hopper',
    });
    expect(done.AuthenticationResult?.AccessToken).toBeDefined();
    expect(claims(done.AuthenticationResult!.IdToken!)).toMatchObject({ family_name: 'Hopper' });
    expect((await pool.sdk.send(new AdminGetUserCommand({ UserPoolId: pool.poolId, Username: email }))).UserStatus).toBe('CONFIRMED');
    await pool.tokens(email, CHOSEN);
    // A used session cannot be answered again.
    expect(
      await failure(pool.respond('NEW_PASSWORD_REQUIRED', challenge.Session, { USERNAME: username, NEW_PASSWORD: CHOSEN })),
    ).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });
  });

  it('lets the session expire after three minutes', async () => {
    const email = await invited();
    const challenge = await pool.srpSignIn(email, TEMPORARY);
    await pool.advance(3 * 60 * 1000 + 1000);
    expect(
      await failure(pool.respond('NEW_PASSWORD_REQUIRED', challenge.Session, { USERNAME: email, NEW_PASSWORD: CHOSEN })),
    ).toMatchObject({ name: 'NotAuthorizedException', message: 'Invalid session for the user, session is expired.' });
  });

  it('refuses writes to verification flags', async () => {
    const email = await invited();
    const challenge = await pool.srpSignIn(email, TEMPORARY);
    expect(
      await failure(
        pool.respond('NEW_PASSWORD_REQUIRED', challenge.Session, {
          USERNAME: email,
          NEW_PASSWORD: CHOSEN,
          'userAttributes.email_verified': 'true',
        }),
      ),
    ).toMatchObject({ name: 'NotAuthorizedException', message: 'A client attempted to write unauthorized attribute' });
  });

  it('refuses a temporary password after its seven days', async () => {
    const email = await invited();
    await pool.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    expect(await failure(pool.srpSignIn(email, TEMPORARY))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Temporary password has expired and must be reset by an administrator.',
    });
  });
});

describe('AdminCreateUser invitations', () => {
  it('sends the temporary password, and RESEND sends a new one that replaces it', async () => {
    const email = await invited();
    expect(await pool.outbox(email)).toEqual([expect.objectContaining({ kind: 'AdminCreateUser', code: TEMPORARY })]);
    const again = await pool.sdk.send(new AdminCreateUserCommand({ UserPoolId: pool.poolId, Username: email, MessageAction: 'RESEND' }));
    expect(again.User).toMatchObject({ UserStatus: 'FORCE_CHANGE_PASSWORD' });
    const fresh = await pool.lastCode(email, 'AdminCreateUser');
    expect(fresh).not.toBe(TEMPORARY);
    expect(await failure(pool.srpSignIn(email, TEMPORARY))).toMatchObject({ message: 'Incorrect username or password.' });
    expect((await pool.srpSignIn(email, fresh)).ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  });

  it('refuses RESEND for an unknown user or one who chose a password', async () => {
    expect(
      await failure(pool.sdk.send(new AdminCreateUserCommand({ UserPoolId: pool.poolId, Username: newEmail(), MessageAction: 'RESEND' }))),
    ).toMatchObject({
      name: 'UserNotFoundException',
    });
    const email = await pool.verifiedUser();
    expect(
      await failure(pool.sdk.send(new AdminCreateUserCommand({ UserPoolId: pool.poolId, Username: email, MessageAction: 'RESEND' }))),
    ).toMatchObject({
      name: 'UnsupportedUserStateException',
    });
  });

  it('refuses a temporary password the policy would refuse, and a duplicate user', async () => {
    expect(await failure(invited(newEmail(), { TemporaryPassword: 'short' }))).toMatchObject({ name: 'InvalidPasswordException' });
    const email = await invited();
    expect(await failure(invited(email))).toMatchObject({ name: 'UsernameExistsException' });
  });
});
