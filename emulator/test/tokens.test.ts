import {
  AdminDeleteUserCommand,
  DeleteUserCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { claims, failure, useEmulator } from './harness.ts';

const pool = useEmulator();
const refresh = (REFRESH_TOKEN: string, extra: Record<string, string> = {}) =>
  pool.sdk.send(
    new InitiateAuthCommand({ ClientId: pool.clientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN, ...extra } }),
  );
const getUser = (AccessToken: string) => pool.sdk.send(new GetUserCommand({ AccessToken }));

describe('refresh and revocation', () => {
  it('refreshes, serves GetUser, and stops both once the refresh token is revoked', async () => {
    const email = await pool.confirmedUser();
    const first = await pool.tokens(email);
    const refreshed = await refresh(first.RefreshToken!);
    expect(refreshed.AuthenticationResult?.RefreshToken).toBeUndefined();
    const access = refreshed.AuthenticationResult!.AccessToken!;
    expect(claims(access).origin_jti).toBe(claims(first.AccessToken!).origin_jti);

    const user = await getUser(access);
    expect(user.UserAttributes).toContainEqual({ Name: 'email', Value: email });

    await pool.sdk.send(new RevokeTokenCommand({ ClientId: pool.clientId, Token: first.RefreshToken! }));
    expect(await failure(getUser(access))).toMatchObject({ name: 'NotAuthorizedException', message: 'Access Token has been revoked' });
    expect(await failure(refresh(first.RefreshToken!))).toMatchObject({ message: 'Refresh Token has been revoked' });
    // Revoking again is not an error.
    await pool.sdk.send(new RevokeTokenCommand({ ClientId: pool.clientId, Token: first.RefreshToken! }));
  });

  it('refreshes with GetTokensFromRefreshToken too', async () => {
    const email = await pool.confirmedUser();
    const first = await pool.tokens(email);
    const answer = await pool.sdk.send(
      new GetTokensFromRefreshTokenCommand({ ClientId: pool.clientId, RefreshToken: first.RefreshToken! }),
    );
    expect(answer.AuthenticationResult).toMatchObject({ TokenType: 'Bearer', ExpiresIn: 3600 });
    expect(answer.AuthenticationResult!.RefreshToken).toBeUndefined();
    expect(claims(answer.AuthenticationResult!.IdToken!).email).toBe(email);
  });

  it('refuses tokens it did not sign, and a refresh token it did not issue', async () => {
    const email = await pool.confirmedUser();
    const { AccessToken, RefreshToken } = await pool.tokens(email);
    const [header, , signature] = AccessToken!.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims(AccessToken!), username: 'someone-else' })).toString('base64url');
    expect(await failure(getUser(`${header}.${forged}.${signature}`))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid Access Token',
    });
    expect(await failure(pool.sdk.send(new RevokeTokenCommand({ ClientId: pool.clientId, Token: AccessToken! })))).toMatchObject({
      name: 'UnsupportedTokenTypeException',
    });
    const parts = RefreshToken!.split('.');
    parts[3] = Buffer.from('not the secret').toString('base64url');
    expect(await failure(refresh(parts.join('.')))).toMatchObject({ name: 'NotAuthorizedException', message: 'Invalid Refresh Token' });
    expect(await failure(refresh('garbage'))).toMatchObject({ message: 'Invalid Refresh Token' });
  });

  it('lets access tokens expire after an hour and refresh tokens after thirty days', async () => {
    const email = await pool.confirmedUser();
    const { AccessToken, RefreshToken } = await pool.tokens(email);
    await pool.advance(60 * 60 * 1000);
    expect(await failure(getUser(AccessToken!))).toMatchObject({ name: 'NotAuthorizedException', message: 'Access Token has expired' });
    await getUser((await refresh(RefreshToken!)).AuthenticationResult!.AccessToken!);
    await pool.advance(30 * 24 * 60 * 60 * 1000);
    expect(await failure(refresh(RefreshToken!))).toMatchObject({ message: 'Refresh Token has expired' });
  });
});

describe('signing out everywhere', () => {
  it('GlobalSignOut revokes every session of the user, and only theirs', async () => {
    const email = await pool.confirmedUser();
    const other = await pool.tokens(await pool.confirmedUser());
    const first = await pool.tokens(email);
    const second = await pool.tokens(email);
    await pool.sdk.send(new GlobalSignOutCommand({ AccessToken: second.AccessToken! }));
    for (const tokens of [first, second]) {
      expect(await failure(getUser(tokens.AccessToken!))).toMatchObject({ message: 'Access Token has been revoked' });
      expect(await failure(refresh(tokens.RefreshToken!))).toMatchObject({ message: 'Refresh Token has been revoked' });
    }
    await getUser(other.AccessToken!);
    expect(await failure(pool.sdk.send(new GlobalSignOutCommand({ AccessToken: second.AccessToken! })))).toMatchObject({
      name: 'NotAuthorizedException',
    });
    await pool.tokens(email);
  });

  it('DeleteUser removes the account and its tokens', async () => {
    const email = await pool.confirmedUser();
    const tokens = await pool.tokens(email);
    await pool.sdk.send(new DeleteUserCommand({ AccessToken: tokens.AccessToken! }));
    expect(await failure(getUser(tokens.AccessToken!))).toMatchObject({ name: 'NotAuthorizedException' });
    expect(await failure(pool.srpSignIn(email))).toMatchObject({ message: 'Incorrect username or password.' });
  });

  it('AdminDeleteUser ends the sessions of the deleted user', async () => {
    const email = await pool.confirmedUser();
    const tokens = await pool.tokens(email);
    await pool.sdk.send(new AdminDeleteUserCommand({ UserPoolId: pool.poolId, Username: email }));
    expect(await failure(refresh(tokens.RefreshToken!))).toMatchObject({ name: 'NotAuthorizedException' });
  });
});
