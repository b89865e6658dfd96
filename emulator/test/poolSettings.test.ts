import {
  ConfirmSignUpCommand,
  CreateUserPoolClientCommand,
  DeleteUserPoolClientCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  GetUserPoolMfaConfigCommand,
  InitiateAuthCommand,
  ListUserPoolClientsCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
  UpdateUserPoolClientCommand,
  UpdateUserPoolCommand,
  type UserPoolType,
} from '@aws-sdk/client-cognito-identity-provider';
import { createSecretHash } from 'cognito-srp-helper';
import { describe, expect, it } from 'vitest';
import { PASSWORD, claims, failure, newEmail, useEmulator } from './harness.ts';

const pool = useEmulator();
const describePool = async () => (await pool.sdk.send(new DescribeUserPoolCommand({ UserPoolId: pool.poolId }))).UserPool!;
const createClient = async (settings: object = {}) =>
  (await pool.sdk.send(new CreateUserPoolClientCommand({ UserPoolId: pool.poolId, ClientName: 'test-client', ...settings })))
    .UserPoolClient!;

/** What UpdateUserPool needs to keep the seeded pool as it is while changing `change`. */
function keep(current: UserPoolType, change: object) {
  return {
    UserPoolId: pool.poolId,
    Policies: { PasswordPolicy: current.Policies!.PasswordPolicy },
    AutoVerifiedAttributes: current.AutoVerifiedAttributes,
    MfaConfiguration: current.MfaConfiguration,
    ...change,
  };
}

describe('DescribeUserPool and UpdateUserPool', () => {
  it('describes the seeded pool', async () => {
    const described = await describePool();
    expect(described).toMatchObject({
      Id: pool.poolId,
      Arn: `arn:aws:cognito-idp:eu-west-1:000000000000:userpool/${pool.poolId}`,
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      MfaConfiguration: 'OFF',
      Policies: {
        PasswordPolicy: {
          MinimumLength: 8,
          RequireUppercase: true,
          RequireLowercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
          TemporaryPasswordValidityDays: 7,
        },
      },
    });
    expect(described.CreationDate).toBeInstanceOf(Date);
    expect(described.DeviceConfiguration).toBeUndefined();
    expect(described.SchemaAttributes).toContainEqual(expect.objectContaining({ Name: 'email', Required: true, Mutable: true }));
  });

  it('applies a new password policy to sign-ups', async () => {
    const current = await describePool();
    await pool.sdk.send(
      new UpdateUserPoolCommand(
        keep(current, { Policies: { PasswordPolicy: { MinimumLength: 12, RequireNumbers: true, TemporaryPasswordValidityDays: 3 } } }),
      ),
    );
    expect(
      await failure(pool.sdk.send(new SignUpCommand({ ClientId: pool.clientId, Username: newEmail(), Password: 'short-but-1' }))),
    ).toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password not long enough',
    });
    await pool.sdk.send(new SignUpCommand({ ClientId: pool.clientId, Username: newEmail(), Password: 'lowercaseonly1' }));
    await pool.sdk.send(new UpdateUserPoolCommand(keep(current, {})));
    expect((await describePool()).Policies!.PasswordPolicy).toEqual(current.Policies!.PasswordPolicy);
  });

  it('resets what an update leaves out, as the service does', async () => {
    const current = await describePool();
    await pool.sdk.send(new UpdateUserPoolCommand({ UserPoolId: pool.poolId }));
    const reset = await describePool();
    expect(reset.AutoVerifiedAttributes).toEqual([]);
    const answer = await pool.sdk.send(new SignUpCommand({ ClientId: pool.clientId, Username: newEmail(), Password: PASSWORD }));
    expect(answer.CodeDeliveryDetails).toBeUndefined();
    await pool.sdk.send(new UpdateUserPoolCommand(keep(current, {})));
    expect((await describePool()).AutoVerifiedAttributes).toEqual(['email']);
  });

  it('turns device tracking on and off', async () => {
    const current = await describePool();
    await pool.sdk.send(
      new UpdateUserPoolCommand(
        keep(current, { DeviceConfiguration: { ChallengeRequiredOnNewDevice: false, DeviceOnlyRememberedOnUserPrompt: true } }),
      ),
    );
    expect((await describePool()).DeviceConfiguration).toEqual({
      ChallengeRequiredOnNewDevice: false,
      DeviceOnlyRememberedOnUserPrompt: true,
    });
    await pool.sdk.send(new UpdateUserPoolCommand(keep(current, {})));
    expect((await describePool()).DeviceConfiguration).toBeUndefined();
  });

  it('sets MFA to OPTIONAL and back through UpdateUserPool', async () => {
    const current = await describePool();
    await pool.sdk.send(new UpdateUserPoolCommand(keep(current, { MfaConfiguration: 'OPTIONAL' })));
    expect((await pool.sdk.send(new GetUserPoolMfaConfigCommand({ UserPoolId: pool.poolId }))).MfaConfiguration).toBe('OPTIONAL');
    await pool.sdk.send(new UpdateUserPoolCommand(keep(current, {})));
    expect((await describePool()).MfaConfiguration).toBe('OFF');
  });

  it('refuses Lambda triggers it cannot run, and settings that do not fit together', async () => {
    const current = await describePool();
    expect(
      await failure(
        pool.sdk.send(new UpdateUserPoolCommand(keep(current, { LambdaConfig: { PreSignUp: 'arn:aws:lambda:eu-west-1:1:function:x' } }))),
      ),
    ).toMatchObject({ name: 'InvalidParameterException' });
    expect(
      await failure(
        pool.sdk.send(
          new UpdateUserPoolCommand(
            keep(current, { UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['phone_number'] } }),
          ),
        ),
      ),
    ).toMatchObject({ name: 'InvalidParameterException' });
  });
});

describe('app clients', () => {
  it('creates a client with a secret that every unauthenticated call must prove', async () => {
    const client = await createClient({ GenerateSecret: true, ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] });
    expect(client.ClientId).toMatch(/^[a-z0-9]{26}$/);
    expect(client.ClientSecret).toBeDefined();
    const email = newEmail();
    const hash = createSecretHash(email, client.ClientId!, client.ClientSecret!);
    expect(
      await failure(pool.sdk.send(new SignUpCommand({ ClientId: client.ClientId, Username: email, Password: PASSWORD }))),
    ).toMatchObject({
      name: 'NotAuthorizedException',
      message: `Client ${client.ClientId} is configured with secret but SECRET_HASH was not received`,
    });
    expect(
      await failure(
        pool.sdk.send(new SignUpCommand({ ClientId: client.ClientId, Username: email, Password: PASSWORD, SecretHash: 'bm9wZQ==' })),
      ),
    ).toMatchObject({ name: 'NotAuthorizedException', message: `Unable to verify secret hash for client ${client.ClientId}` });
    await pool.sdk.send(new SignUpCommand({ ClientId: client.ClientId, Username: email, Password: PASSWORD, SecretHash: hash }));
    await pool.sdk.send(
      new ConfirmSignUpCommand({
        ClientId: client.ClientId,
        Username: email,
        SecretHash: hash,
        ConfirmationCode: await pool.lastCode(email),
      }),
    );

    const { session, started } = await pool.startSrp(email, PASSWORD, { clientId: client.ClientId, parameters: { SECRET_HASH: hash } });
    const username = started.ChallengeParameters!.USERNAME!;
    const done = await pool.answerPasswordVerifier(session, started, {
      clientId: client.ClientId,
      responses: { SECRET_HASH: createSecretHash(username, client.ClientId!, client.ClientSecret!) },
    });
    expect(claims(done.AuthenticationResult!.AccessToken!).client_id).toBe(client.ClientId);
    const refreshed = await pool.sdk.send(
      new GetTokensFromRefreshTokenCommand({
        ClientId: client.ClientId,
        ClientSecret: client.ClientSecret,
        RefreshToken: done.AuthenticationResult!.RefreshToken,
      }),
    );
    expect(refreshed.AuthenticationResult?.AccessToken).toBeDefined();
  });

  it('allows only the auth flows it was given', async () => {
    const client = await createClient({ ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH'] });
    const email = await pool.verifiedUser();
    expect(
      await failure(
        pool.sdk.send(
          new InitiateAuthCommand({
            ClientId: client.ClientId,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: email, PASSWORD },
          }),
        ),
      ),
    ).toMatchObject({ name: 'InvalidParameterException', message: 'USER_PASSWORD_AUTH flow not enabled for this client' });
    const defaults = await createClient();
    expect(defaults.ExplicitAuthFlows).toEqual(['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_CUSTOM_AUTH']);
    expect(defaults.PreventUserExistenceErrors).toBe('LEGACY');
  });

  it('tells about missing users when it does not prevent existence errors (LEGACY)', async () => {
    const { ClientId } = await createClient({ PreventUserExistenceErrors: 'LEGACY' });
    const email = newEmail();
    const notFound = { name: 'UserNotFoundException' };
    expect(await failure(pool.startSrp(email, PASSWORD, { clientId: ClientId }))).toMatchObject(notFound);
    expect(await failure(pool.sdk.send(new ForgotPasswordCommand({ ClientId, Username: email })))).toMatchObject(notFound);
    expect(await failure(pool.sdk.send(new ResendConfirmationCodeCommand({ ClientId, Username: email })))).toMatchObject(notFound);
    expect(await failure(pool.sdk.send(new ConfirmSignUpCommand({ ClientId, Username: email, ConfirmationCode: '123456' })))).toMatchObject(
      notFound,
    );
  });

  it('issues tokens that live as long as the client says, down to seconds', async () => {
    const client = await createClient({
      AccessTokenValidity: 5,
      IdTokenValidity: 10,
      TokenValidityUnits: { AccessToken: 'seconds', IdToken: 'seconds' },
    });
    expect(client).toMatchObject({
      AccessTokenValidity: 5,
      IdTokenValidity: 10,
      RefreshTokenValidity: 30,
      TokenValidityUnits: { AccessToken: 'seconds', IdToken: 'seconds', RefreshToken: 'days' },
    });
    const email = await pool.verifiedUser();
    const { AuthenticationResult } = await pool.srpSignIn(email, PASSWORD, { clientId: client.ClientId });
    expect(AuthenticationResult!.ExpiresIn).toBe(5);
    const access = claims(AuthenticationResult!.AccessToken!);
    expect((access.exp as number) - (access.iat as number)).toBe(5);
    await pool.advance(5000);
    expect(await failure(pool.sdk.send(new GetUserCommand({ AccessToken: AuthenticationResult!.AccessToken })))).toMatchObject({
      message: 'Access Token has expired',
    });
  });

  it('UpdateUserPoolClient resets what it is not given; DescribeUserPoolClient shows it; DeleteUserPoolClient removes it', async () => {
    const client = await createClient({ ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH'], AccessTokenValidity: 2 });
    const updated = (
      await pool.sdk.send(new UpdateUserPoolClientCommand({ UserPoolId: pool.poolId, ClientId: client.ClientId, ClientName: 'renamed' }))
    ).UserPoolClient!;
    expect(updated).toMatchObject({
      ClientName: 'renamed',
      AccessTokenValidity: 1,
      ExplicitAuthFlows: ['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_CUSTOM_AUTH'],
    });
    const described = await pool.sdk.send(new DescribeUserPoolClientCommand({ UserPoolId: pool.poolId, ClientId: client.ClientId }));
    expect(described.UserPoolClient).toEqual(updated);
    const listed = await pool.sdk.send(new ListUserPoolClientsCommand({ UserPoolId: pool.poolId }));
    expect(listed.UserPoolClients!.map((c) => c.ClientId)).toContain(client.ClientId);
    await pool.sdk.send(new DeleteUserPoolClientCommand({ UserPoolId: pool.poolId, ClientId: client.ClientId }));
    expect(
      await failure(pool.sdk.send(new SignUpCommand({ ClientId: client.ClientId, Username: newEmail(), Password: PASSWORD }))),
    ).toMatchObject({
      name: 'ResourceNotFoundException',
    });
  });

  it('rotates refresh tokens when asked to, and then refuses REFRESH_TOKEN_AUTH', async () => {
    const client = await createClient({ RefreshTokenRotation: { Feature: 'ENABLED', RetryGracePeriodSeconds: 0 } });
    const email = await pool.verifiedUser();
    const first = (await pool.srpSignIn(email, PASSWORD, { clientId: client.ClientId })).AuthenticationResult!;
    expect(
      await failure(
        pool.sdk.send(
          new InitiateAuthCommand({
            ClientId: client.ClientId,
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            AuthParameters: { REFRESH_TOKEN: first.RefreshToken! },
          }),
        ),
      ),
    ).toMatchObject({ name: 'NotAuthorizedException' });
    const rotated = await pool.sdk.send(
      new GetTokensFromRefreshTokenCommand({ ClientId: client.ClientId, RefreshToken: first.RefreshToken }),
    );
    const second = rotated.AuthenticationResult!.RefreshToken!;
    expect(second).toBeDefined();
    expect(second).not.toBe(first.RefreshToken);
    expect(
      await failure(pool.sdk.send(new GetTokensFromRefreshTokenCommand({ ClientId: client.ClientId, RefreshToken: first.RefreshToken }))),
    ).toMatchObject({
      message: 'Invalid Refresh Token',
    });
    await pool.sdk.send(new GetTokensFromRefreshTokenCommand({ ClientId: client.ClientId, RefreshToken: second }));
  });
});
