import {
  CreateUserPoolClientCommand,
  DeleteUserAttributesCommand,
  DescribeUserPoolCommand,
  GetUserAttributeVerificationCodeCommand,
  GetUserCommand,
  UpdateUserAttributesCommand,
  UpdateUserPoolCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { PASSWORD, failure, newEmail, useEmulator } from './harness.ts';

const pool = useEmulator();

const pairs = (values: Record<string, string>) => Object.entries(values).map(([Name, Value]) => ({ Name, Value }));
const attributesOf = async (AccessToken: string) =>
  Object.fromEntries((await pool.sdk.send(new GetUserCommand({ AccessToken }))).UserAttributes!.map((a) => [a.Name, a.Value])) as Partial<
    Record<string, string>
  >;
const update = (AccessToken: string, values: Record<string, string>) =>
  pool.sdk.send(new UpdateUserAttributesCommand({ AccessToken, UserAttributes: pairs(values) }));
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

async function signedIn(email = newEmail()) {
  await pool.verifiedUser(email);
  return { email, AccessToken: (await pool.tokens(email)).AccessToken! };
}

describe('UpdateUserAttributes and VerifyUserAttribute', () => {
  it('changes plain attributes at once', async () => {
    const { AccessToken } = await signedIn();
    expect(await update(AccessToken, { given_name: 'Ada', 'custom:plan': 'gold' })).not.toHaveProperty('CodeDeliveryDetailsList');
    expect(await attributesOf(AccessToken)).toMatchObject({ given_name: 'Ada', 'custom:plan': 'gold' });
  });

  /** The pool's settings as DescribeUserPool shows them, with AttributesRequireVerificationBeforeUpdate as given. */
  async function poolSettings(keepOriginal: ('email' | 'phone_number')[]) {
    const current = (await pool.sdk.send(new DescribeUserPoolCommand({ UserPoolId: pool.poolId }))).UserPool!;
    return {
      UserPoolId: pool.poolId,
      Policies: { PasswordPolicy: current.Policies!.PasswordPolicy, SignInPolicy: current.Policies!.SignInPolicy },
      AutoVerifiedAttributes: current.AutoVerifiedAttributes,
      UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: keepOriginal },
    };
  }

  it('tracks a new e-mail as unverified until its code comes back, in a pool that does not keep the old one', async () => {
    const before = (await pool.sdk.send(new DescribeUserPoolCommand({ UserPoolId: pool.poolId }))).UserPool!.UserAttributeUpdateSettings;
    await pool.sdk.send(new UpdateUserPoolCommand(await poolSettings([])));
    try {
      await unverifiedAtOnce();
    } finally {
      const keepOriginal = (before?.AttributesRequireVerificationBeforeUpdate ?? []) as ('email' | 'phone_number')[];
      await pool.sdk.send(new UpdateUserPoolCommand(await poolSettings(keepOriginal)));
    }
  });

  async function unverifiedAtOnce() {
    const { AccessToken } = await signedIn();
    const moved = newEmail();
    const answer = await update(AccessToken, { email: moved });
    expect(answer.CodeDeliveryDetailsList).toEqual([{ Destination: 'e***@e***.com', DeliveryMedium: 'EMAIL', AttributeName: 'email' }]);
    expect(await attributesOf(AccessToken)).toMatchObject({ email: moved, email_verified: 'false' });
    const code = await pool.lastCode(moved, 'UpdateUserAttribute');
    const verify = (Code: string) => pool.sdk.send(new VerifyUserAttributeCommand({ AccessToken, AttributeName: 'email', Code }));
    expect(await failure(verify(otherThan(code)))).toMatchObject({ name: 'CodeMismatchException' });
    await verify(code);
    expect(await attributesOf(AccessToken)).toMatchObject({ email: moved, email_verified: 'true' });
    // The new address signs in.
    await pool.tokens(moved);
  }

  it('keeps the old e-mail in force, and the one that signs in, until the new one is verified (as the seeded pool says)', async () => {
    const described = (await pool.sdk.send(new DescribeUserPoolCommand({ UserPoolId: pool.poolId }))).UserPool!;
    expect(described.UserAttributeUpdateSettings).toEqual({ AttributesRequireVerificationBeforeUpdate: ['email'] });
    const { email, AccessToken } = await signedIn();
    const moved = newEmail();
    await update(AccessToken, { email: moved });
    expect(await attributesOf(AccessToken)).toMatchObject({ email, email_verified: 'true' });
    // An access token alone does not make an unverified address one that signs in.
    expect(await failure(pool.tokens(moved))).toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    await pool.tokens(email);
    await pool.sdk.send(new VerifyUserAttributeCommand({ AccessToken, AttributeName: 'email', Code: await pool.lastCode(moved) }));
    expect(await attributesOf(AccessToken)).toMatchObject({ email: moved, email_verified: 'true' });
    await pool.tokens(moved);
    expect(await failure(pool.tokens(email))).toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('lets a verification code expire after 24 hours', async () => {
    const { email, AccessToken } = await signedIn();
    const moved = newEmail();
    await update(AccessToken, { email: moved });
    const code = await pool.lastCode(moved);
    await pool.advance(24 * 60 * 60 * 1000 + 1000);
    const fresh = (await pool.tokens(email)).AccessToken!;
    expect(
      await failure(pool.sdk.send(new VerifyUserAttributeCommand({ AccessToken: fresh, AttributeName: 'email', Code: code }))),
    ).toMatchObject({
      name: 'ExpiredCodeException',
    });
  });

  it('refuses verification flags, taken e-mails, and attributes the client may not write', async () => {
    const { AccessToken } = await signedIn();
    expect(await failure(update(AccessToken, { email_verified: 'true' }))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'A client attempted to write unauthorized attribute',
    });
    const taken = await pool.verifiedUser();
    expect(await failure(update(AccessToken, { email: taken }))).toMatchObject({ name: 'AliasExistsException' });

    const { UserPoolClient } = await pool.sdk.send(
      new CreateUserPoolClientCommand({ UserPoolId: pool.poolId, ClientName: 'narrow', WriteAttributes: ['given_name'] }),
    );
    const email = await pool.verifiedUser();
    const narrow = (await pool.srpSignIn(email, PASSWORD, { clientId: UserPoolClient!.ClientId })).AuthenticationResult!.AccessToken!;
    await update(narrow, { given_name: 'Ada' });
    expect(await failure(update(narrow, { family_name: 'Lovelace' }))).toMatchObject({ name: 'NotAuthorizedException' });
  });
});

describe('GetUserAttributeVerificationCode', () => {
  it('sends a code for an unverified e-mail that VerifyUserAttribute accepts', async () => {
    const email = await pool.confirmedUser();
    const { AccessToken } = await pool.tokens(email);
    const sent = await pool.sdk.send(new GetUserAttributeVerificationCodeCommand({ AccessToken, AttributeName: 'email' }));
    expect(sent.CodeDeliveryDetails).toMatchObject({ DeliveryMedium: 'EMAIL', AttributeName: 'email' });
    await pool.sdk.send(
      new VerifyUserAttributeCommand({ AccessToken, AttributeName: 'email', Code: await pool.lastCode(email, 'VerifyUserAttribute') }),
    );
    expect(await attributesOf(AccessToken!)).toMatchObject({ email_verified: 'true' });
  });

  it('refuses an attribute that cannot be verified or that the user does not have', async () => {
    const { AccessToken } = await signedIn();
    for (const AttributeName of ['given_name', 'phone_number']) {
      expect(await failure(pool.sdk.send(new GetUserAttributeVerificationCodeCommand({ AccessToken, AttributeName })))).toMatchObject({
        name: 'InvalidParameterException',
      });
    }
  });
});

describe('DeleteUserAttributes', () => {
  it('removes optional attributes and refuses required ones', async () => {
    const email = newEmail();
    await pool.verifiedUser(email, PASSWORD, { nickname: 'ada', phone_number: '+447700900321' });
    const { AccessToken } = await pool.tokens(email);
    await pool.sdk.send(new DeleteUserAttributesCommand({ AccessToken, UserAttributeNames: ['nickname', 'phone_number'] }));
    const after = await attributesOf(AccessToken!);
    expect(after.nickname).toBeUndefined();
    expect(after.phone_number).toBeUndefined();
    expect(await failure(pool.sdk.send(new DeleteUserAttributesCommand({ AccessToken, UserAttributeNames: ['email'] })))).toMatchObject({
      name: 'InvalidParameterException',
    });
  });
});
