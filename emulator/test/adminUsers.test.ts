import {
  AdminCreateUserCommand,
  AdminDeleteUserAttributesCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  GetUserCommand,
  InitiateAuthCommand,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { PASSWORD, claims, failure, newEmail, useEmulator } from './harness.ts';

const pool = useEmulator();

const getUser = (Username: string) => pool.sdk.send(new AdminGetUserCommand({ UserPoolId: pool.poolId, Username }));
const attributes = (values: Record<string, string>) => Object.entries(values).map(([Name, Value]) => ({ Name, Value }));
const update = (Username: string, values: Record<string, string>) =>
  pool.sdk.send(new AdminUpdateUserAttributesCommand({ UserPoolId: pool.poolId, Username, UserAttributes: attributes(values) }));

describe('arranging a user', () => {
  it('creates a user with a temporary password, sets a permanent one, reads and deletes the user', async () => {
    const email = newEmail();
    const created = await pool.sdk.send(
      new AdminCreateUserCommand({
        UserPoolId: pool.poolId,
        Username: email,
        TemporaryPassword: 'Temp-passw0rd',
        MessageAction: 'SUPPRESS',
      }),
    );
    expect(created.User).toMatchObject({ UserStatus: 'FORCE_CHANGE_PASSWORD', Enabled: true });
    expect(created.User!.UserCreateDate).toBeInstanceOf(Date);
    expect(await pool.outbox(email)).toEqual([]);

    await pool.sdk.send(new AdminSetUserPasswordCommand({ UserPoolId: pool.poolId, Username: email, Password: PASSWORD, Permanent: true }));
    expect((await getUser(email)).UserStatus).toBe('CONFIRMED');
    expect(claims((await pool.tokens(email)).IdToken!).email).toBe(email);

    await pool.sdk.send(new AdminDeleteUserCommand({ UserPoolId: pool.poolId, Username: email }));
    expect(await failure(getUser(email))).toMatchObject({ name: 'UserNotFoundException', message: 'User does not exist.' });
  });

  it('finds a user by e-mail or by the user name Cognito gave them', async () => {
    const email = await pool.confirmedUser();
    const { Username } = await getUser(email);
    expect(Username).toMatch(/^[0-9a-f-]{36}$/);
    expect((await getUser(Username!)).UserAttributes).toContainEqual({ Name: 'email', Value: email });
  });

  it('refuses an unknown pool', async () => {
    expect(await failure(pool.sdk.send(new AdminGetUserCommand({ UserPoolId: 'eu-west-1_Nope', Username: 'x' })))).toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'User pool eu-west-1_Nope does not exist.',
    });
  });

  it('sets a temporary password that must be changed at the next sign-in', async () => {
    const email = await pool.verifiedUser();
    await pool.sdk.send(new AdminSetUserPasswordCommand({ UserPoolId: pool.poolId, Username: email, Password: 'Temp-passw0rd' }));
    expect((await getUser(email)).UserStatus).toBe('FORCE_CHANGE_PASSWORD');
    expect((await pool.srpSignIn(email, 'Temp-passw0rd')).ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  });
});

describe('AdminDisableUser and AdminEnableUser', () => {
  it('a disabled user cannot sign in, use a token or refresh, until enabled again', async () => {
    const email = await pool.verifiedUser();
    const tokens = await pool.tokens(email);
    await pool.sdk.send(new AdminDisableUserCommand({ UserPoolId: pool.poolId, Username: email }));
    expect((await getUser(email)).Enabled).toBe(false);
    const disabled = { name: 'NotAuthorizedException', message: 'User is disabled.' };
    expect(await failure(pool.srpSignIn(email))).toMatchObject(disabled);
    expect(await failure(pool.sdk.send(new GetUserCommand({ AccessToken: tokens.AccessToken! })))).toMatchObject(disabled);
    expect(
      await failure(
        pool.sdk.send(
          new InitiateAuthCommand({
            ClientId: pool.clientId,
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken! },
          }),
        ),
      ),
    ).toMatchObject(disabled);
    await pool.sdk.send(new AdminEnableUserCommand({ UserPoolId: pool.poolId, Username: email }));
    await pool.sdk.send(new GetUserCommand({ AccessToken: tokens.AccessToken! }));
    await pool.tokens(email);
  });

  it('AdminUserGlobalSignOut ends every session of the user', async () => {
    const email = await pool.verifiedUser();
    const tokens = await pool.tokens(email);
    await pool.sdk.send(new AdminUserGlobalSignOutCommand({ UserPoolId: pool.poolId, Username: email }));
    expect(await failure(pool.sdk.send(new GetUserCommand({ AccessToken: tokens.AccessToken! })))).toMatchObject({
      message: 'Access Token has been revoked',
    });
  });
});

describe('AdminUpdateUserAttributes', () => {
  it('changes attributes; a new e-mail waits for its code (the seeded pool keeps the old one until then), unless marked verified', async () => {
    const email = await pool.verifiedUser();
    await update(email, { given_name: 'Ada', 'custom:plan': 'gold' });
    const moved = newEmail();
    await update(email, { email: moved });
    const user = await getUser(email);
    expect(user.UserAttributes).toEqual(
      expect.arrayContaining(attributes({ given_name: 'Ada', 'custom:plan': 'gold', email, email_verified: 'true' })),
    );
    expect(await pool.outbox(moved)).toEqual([
      expect.objectContaining({ kind: 'UpdateUserAttribute', code: expect.stringMatching(/^\d{6}$/) }),
    ]);
    const again = newEmail();
    await update(email, { email: again, email_verified: 'true' });
    expect((await getUser(again)).UserAttributes).toContainEqual({ Name: 'email_verified', Value: 'true' });
    expect(await pool.outbox(again)).toEqual([]);
  });

  it("refuses another user's e-mail, the sub and attributes outside the schema", async () => {
    const email = await pool.verifiedUser();
    const taken = await pool.verifiedUser();
    expect(await failure(update(email, { email: taken }))).toMatchObject({ name: 'AliasExistsException' });
    expect(await failure(update(email, { sub: 'x' }))).toMatchObject({ name: 'InvalidParameterException' });
    expect(await failure(update(email, { favourite_colour: 'blue' }))).toMatchObject({ name: 'InvalidParameterException' });
    expect(await failure(update(email, { phone_number: '12345' }))).toMatchObject({
      name: 'InvalidParameterException',
      message: 'Invalid phone number format.',
    });
  });

  it('AdminDeleteUserAttributes removes attributes but not required ones', async () => {
    const email = await pool.verifiedUser(newEmail(), PASSWORD, { nickname: 'ada' });
    await pool.sdk.send(
      new AdminDeleteUserAttributesCommand({ UserPoolId: pool.poolId, Username: email, UserAttributeNames: ['nickname'] }),
    );
    expect((await getUser(email)).UserAttributes!.map((a) => a.Name)).not.toContain('nickname');
    expect(
      await failure(
        pool.sdk.send(new AdminDeleteUserAttributesCommand({ UserPoolId: pool.poolId, Username: email, UserAttributeNames: ['email'] })),
      ),
    ).toMatchObject({ name: 'InvalidParameterException' });
  });
});

describe('ListUsers', () => {
  it('filters by attribute, prefix and status, and pages', async () => {
    const prefix = `list${Date.now().toString(36)}`;
    const emails = [`${prefix}.a@example.com`, `${prefix}.b@example.com`, `${prefix}.c@example.com`];
    for (const email of emails) await pool.verifiedUser(email, PASSWORD, { family_name: prefix });
    await pool.sdk.send(new AdminDisableUserCommand({ UserPoolId: pool.poolId, Username: emails[2] }));

    const exact = await pool.sdk.send(new ListUsersCommand({ UserPoolId: pool.poolId, Filter: `email = "${emails[0]}"` }));
    expect(exact.Users!.map((u) => u.Attributes!.find((a) => a.Name === 'email')!.Value)).toEqual([emails[0]]);

    const byPrefix = await pool.sdk.send(new ListUsersCommand({ UserPoolId: pool.poolId, Filter: `email ^= "${prefix}"`, Limit: 2 }));
    expect(byPrefix.Users).toHaveLength(2);
    expect(byPrefix.PaginationToken).toBeDefined();
    const rest = await pool.sdk.send(
      new ListUsersCommand({
        UserPoolId: pool.poolId,
        Filter: `email ^= "${prefix}"`,
        Limit: 2,
        PaginationToken: byPrefix.PaginationToken,
      }),
    );
    expect(rest.Users).toHaveLength(1);
    expect(rest.PaginationToken).toBeUndefined();

    const disabled = await pool.sdk.send(
      new ListUsersCommand({ UserPoolId: pool.poolId, Filter: `status = "Disabled"`, AttributesToGet: ['email'] }),
    );
    expect(disabled.Users!.map((u) => u.Attributes)).toContainEqual([{ Name: 'email', Value: emails[2] }]);

    const named = await pool.sdk.send(new ListUsersCommand({ UserPoolId: pool.poolId, Filter: `family_name = "${prefix}"` }));
    expect(named.Users).toHaveLength(3);
  });

  it('refuses a filter it cannot read', async () => {
    for (const Filter of ['email = unquoted', 'shoe_size = "44"']) {
      expect(await failure(pool.sdk.send(new ListUsersCommand({ UserPoolId: pool.poolId, Filter })))).toMatchObject({
        name: 'InvalidParameterException',
      });
    }
    expect(await failure(pool.sdk.send(new ListUsersCommand({ UserPoolId: pool.poolId, PaginationToken: 'nonsense' })))).toMatchObject({
      name: 'InvalidParameterException',
    });
  });
});
