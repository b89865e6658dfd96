import {
  AdminConfirmSignUpCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  GetUserCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  RevokeTokenCommand,
  SignUpCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import { createSrpSession, signSrpSession, wrapAuthChallenge, wrapInitiateAuth } from 'cognito-srp-helper';
import { createPublicKey, verify, type JsonWebKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from './server.ts';

let emulator: Emulator;
let sdk: CognitoIdentityProviderClient;
let clientId: string;
let poolId: string;
const PASSWORD = 'Sup3r-secret!';
let counter = 0;
const newEmail = () => `emu.${Date.now().toString(36)}.${counter++}@example.com`;

beforeAll(async () => {
  emulator = await createEmulator({ port: 0 });
  // Admin calls are SigV4-signed; the emulator accepts any signature, so any credentials do.
  sdk = new CognitoIdentityProviderClient({
    region: 'eu-west-1',
    endpoint: emulator.url,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  clientId = emulator.config.userPoolClientId;
  poolId = emulator.config.userPoolId;
});

afterAll(() => emulator.close());

const failure = (promise: Promise<unknown>) => promise.then(() => expect.fail('expected a failure'), (e: Error) => e);

async function outbox(to: string) {
  return (await fetch(`${emulator.url}/_emulator/outbox?to=${encodeURIComponent(to)}`)).json() as Promise<
    { to: string; kind: string; code: string; at: string }[]
  >;
}

async function raw(target: string | undefined, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(emulator.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', ...(target ? { 'x-amz-target': target } : {}), ...headers },
    body,
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as { __type?: string; message?: string } };
}

async function confirmedUser(email = newEmail()) {
  await sdk.send(new SignUpCommand({ ClientId: clientId, Username: email, Password: PASSWORD }));
  await sdk.send(new AdminConfirmSignUpCommand({ UserPoolId: poolId, Username: email }));
  return email;
}

/** A full USER_SRP_AUTH sign-in driven by cognito-srp-helper, an SRP client written by someone else. */
async function srpSignIn(email: string, password: string): Promise<AuthenticationResultType> {
  const session = createSrpSession(email, password, poolId, false);
  const started = await sdk.send(
    new InitiateAuthCommand(wrapInitiateAuth(session, { ClientId: clientId, AuthFlow: 'USER_SRP_AUTH' as const, AuthParameters: { USERNAME: email } })),
  );
  expect(started.ChallengeName).toBe('PASSWORD_VERIFIER');
  const signed = signSrpSession(session, started);
  const answered = await sdk.send(
    new RespondToAuthChallengeCommand(
      wrapAuthChallenge(signed, {
        ClientId: clientId,
        ChallengeName: 'PASSWORD_VERIFIER' as const,
        ChallengeResponses: { USERNAME: started.ChallengeParameters!.USERNAME! },
      }),
    ),
  );
  return answered.AuthenticationResult!;
}

function claims(token: string) {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('test endpoints', () => {
  it('publishes its config', async () => {
    const config = await (await fetch(`${emulator.url}/_emulator/config`)).json();
    expect(config).toEqual({ region: 'eu-west-1', userPoolId: 'eu-west-1_LocalPool', userPoolClientId: clientId, endpoint: emulator.url });
  });

  it('keeps an outbox, oldest first, and a mailbox page that escapes what it shows', async () => {
    const email = newEmail();
    await sdk.send(new SignUpCommand({ ClientId: clientId, Username: email, Password: PASSWORD }));
    const messages = await outbox(email);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ to: email, kind: 'SignUp', code: expect.stringMatching(/^\d{6}$/) });
    expect(Date.parse(messages[0]!.at)).not.toBeNaN();
    const page = await (await fetch(`${emulator.url}/_emulator/`)).text();
    expect(page).toContain(email);
    expect(page).not.toContain('<script');
  });

  it('answers CORS preflights for loopback origins only', async () => {
    const preflight = (origin: string) =>
      fetch(emulator.url, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });
    const local = await preflight('http://localhost:5173');
    expect(local.status).toBe(204);
    expect(local.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(local.headers.get('access-control-allow-headers')).toContain('x-amz-target');
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('protocol errors', () => {
  it('answers malformed JSON with SerializationException and keeps serving', async () => {
    const answer = await raw('AWSCognitoIdentityProviderService.SignUp', '{"ClientId":');
    expect(answer.status).toBe(400);
    expect(answer.body.__type).toBe('SerializationException');
    expect(answer.headers.get('x-amzn-errortype')).toBe('SerializationException:');
    const after = await raw('AWSCognitoIdentityProviderService.SignUp', '{}');
    expect(after.body.__type).toBe('InvalidParameterException');
  });

  it('answers a wrong member type with SerializationException', async () => {
    const answer = await raw('AWSCognitoIdentityProviderService.SignUp', JSON.stringify({ ClientId: 5, Username: 'a', Password: 'b' }));
    expect(answer).toMatchObject({ status: 400, body: { __type: 'SerializationException' } });
  });

  it('names a missing member the way the service does', async () => {
    const answer = await raw('AWSCognitoIdentityProviderService.InitiateAuth', JSON.stringify({ AuthFlow: 'USER_SRP_AUTH' }));
    expect(answer.body).toEqual({
      __type: 'InvalidParameterException',
      message: "1 validation error detected: Value null at 'clientId' failed to satisfy constraint: Member must not be null",
    });
  });

  it('answers an unknown or missing operation with UnknownOperationException', async () => {
    expect((await raw('AWSCognitoIdentityProviderService.Nope', '{}')).body.__type).toBe('UnknownOperationException');
    expect((await raw(undefined, '{}')).body.__type).toBe('UnknownOperationException');
  });

  it('refuses a body over 1 MiB without falling over', async () => {
    const answer = await raw('AWSCognitoIdentityProviderService.SignUp', JSON.stringify({ pad: 'x'.repeat(1024 * 1024 + 10) }));
    expect(answer).toMatchObject({ status: 400, body: { __type: 'SerializationException' } });
  });
});

describe('sign-up', () => {
  it('enforces the password policy with Cognito\'s wording', async () => {
    const attempt = (Password: string) => failure(sdk.send(new SignUpCommand({ ClientId: clientId, Username: newEmail(), Password })));
    expect(await attempt('Sh0rt!')).toMatchObject({ name: 'InvalidPasswordException', message: 'Password did not conform with policy: Password not long enough' });
    expect(await attempt('nouppercase1!')).toMatchObject({ message: 'Password did not conform with policy: Password must have uppercase characters' });
    expect(await attempt('NOLOWERCASE1!')).toMatchObject({ message: 'Password did not conform with policy: Password must have lowercase characters' });
    expect(await attempt('NoNumbers!!')).toMatchObject({ message: 'Password did not conform with policy: Password must have numeric characters' });
    expect(await attempt('NoSymbols123')).toMatchObject({ message: 'Password did not conform with policy: Password must have symbol characters' });
  });

  it('wants an e-mail as the user name and refuses a duplicate', async () => {
    expect(await failure(sdk.send(new SignUpCommand({ ClientId: clientId, Username: 'not-an-email', Password: PASSWORD })))).toMatchObject({
      name: 'InvalidParameterException',
      message: 'Username should be an email.',
    });
    const email = newEmail();
    await sdk.send(new SignUpCommand({ ClientId: clientId, Username: email, Password: PASSWORD }));
    expect(await failure(sdk.send(new SignUpCommand({ ClientId: clientId, Username: email.toUpperCase(), Password: PASSWORD })))).toMatchObject({
      name: 'UsernameExistsException',
    });
  });

  it('refuses an unknown client', async () => {
    expect(await failure(sdk.send(new SignUpCommand({ ClientId: 'nope', Username: newEmail(), Password: PASSWORD })))).toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'User pool client nope does not exist.',
    });
  });

  it('confirms with the right code only, once', async () => {
    const email = newEmail();
    const signedUp = await sdk.send(new SignUpCommand({ ClientId: clientId, Username: email, Password: PASSWORD }));
    expect(signedUp).toMatchObject({ UserConfirmed: false, CodeDeliveryDetails: { DeliveryMedium: 'EMAIL', AttributeName: 'email' } });
    const { code } = (await outbox(email))[0]!;
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await failure(sdk.send(new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: wrong })))).toMatchObject({
      name: 'CodeMismatchException',
      message: 'Invalid verification code provided, please try again.',
    });
    await sdk.send(new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: code }));
    expect(await failure(sdk.send(new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: code })))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'User cannot be confirmed. Current status is CONFIRMED',
    });
    const user = await sdk.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: email }));
    expect(user.UserStatus).toBe('CONFIRMED');
    expect(user.UserAttributes).toContainEqual({ Name: 'email_verified', Value: 'true' });
  });
});

describe('SRP sign-in', () => {
  it('accepts cognito-srp-helper\'s proof and issues RS256 tokens with Cognito\'s claims', async () => {
    const email = await confirmedUser();
    const result = await srpSignIn(email, PASSWORD);
    expect(result).toMatchObject({ ExpiresIn: 3600, TokenType: 'Bearer' });
    const access = claims(result.AccessToken!);
    const id = claims(result.IdToken!);
    const iss = `${emulator.url}/${poolId}`;
    expect(access).toMatchObject({ iss, client_id: clientId, token_use: 'access', scope: 'aws.cognito.signin.user.admin' });
    // An admin-confirmed account has not proved its e-mail.
    expect(id).toMatchObject({ iss, aud: clientId, token_use: 'id', email, email_verified: false });
    expect(id['cognito:username']).toBe(access.username);
    expect(access.origin_jti).toBe(id.origin_jti);
    expect((access.exp as number) - (access.iat as number)).toBe(3600);

    // The published JWKS verifies the signature.
    const { keys } = (await (await fetch(`${iss}/.well-known/jwks.json`)).json()) as { keys: (JsonWebKey & { kid: string })[] };
    const [header, payload, signature] = result.AccessToken!.split('.') as [string, string, string];
    const kid = (JSON.parse(Buffer.from(header, 'base64url').toString()) as { kid: string }).kid;
    const key = createPublicKey({ key: keys.find((k) => k.kid === kid)!, format: 'jwk' });
    expect(verify('sha256', Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, 'base64url'))).toBe(true);
  });

  it('refuses a wrong password and an unknown user alike', async () => {
    const email = await confirmedUser();
    const wrong = await failure(srpSignIn(email, 'Wrong-passw0rd'));
    const unknown = await failure(srpSignIn(newEmail(), PASSWORD));
    for (const error of [wrong, unknown]) {
      expect(error).toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    }
  });

  it('tells an unconfirmed user so only after the right password', async () => {
    const email = newEmail();
    await sdk.send(new SignUpCommand({ ClientId: clientId, Username: email, Password: PASSWORD }));
    expect(await failure(srpSignIn(email, 'Wrong-passw0rd'))).toMatchObject({ name: 'NotAuthorizedException' });
    expect(await failure(srpSignIn(email, PASSWORD))).toMatchObject({ name: 'UserNotConfirmedException', message: 'User is not confirmed.' });
  });

  it('uses each SECRET_BLOCK once', async () => {
    const email = await confirmedUser();
    const session = createSrpSession(email, PASSWORD, poolId, false);
    const started = await sdk.send(
      new InitiateAuthCommand(wrapInitiateAuth(session, { ClientId: clientId, AuthFlow: 'USER_SRP_AUTH' as const, AuthParameters: { USERNAME: email } })),
    );
    const request = wrapAuthChallenge(signSrpSession(session, started), {
      ClientId: clientId,
      ChallengeName: 'PASSWORD_VERIFIER' as const,
      ChallengeResponses: { USERNAME: started.ChallengeParameters!.USERNAME! },
    });
    await sdk.send(new RespondToAuthChallengeCommand(request));
    expect(await failure(sdk.send(new RespondToAuthChallengeCommand(request)))).toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('refuses a zero-padded day in the timestamp, as AWS does', async () => {
    const email = await confirmedUser();
    const session = { ...createSrpSession(email, PASSWORD, poolId, false), timestamp: 'Mon Nov 02 10:02:03 UTC 2026' };
    const started = await sdk.send(
      new InitiateAuthCommand(wrapInitiateAuth(session, { ClientId: clientId, AuthFlow: 'USER_SRP_AUTH' as const, AuthParameters: { USERNAME: email } })),
    );
    const request = wrapAuthChallenge(signSrpSession(session, started), {
      ClientId: clientId,
      ChallengeName: 'PASSWORD_VERIFIER' as const,
      ChallengeResponses: { USERNAME: started.ChallengeParameters!.USERNAME! },
    });
    expect(await failure(sdk.send(new RespondToAuthChallengeCommand(request)))).toMatchObject({ message: 'Incorrect username or password.' });
  });
});

describe('tokens', () => {
  it('refreshes, serves GetUser, and stops both once the refresh token is revoked', async () => {
    const email = await confirmedUser();
    const first = await srpSignIn(email, PASSWORD);
    const refreshed = await sdk.send(
      new InitiateAuthCommand({ ClientId: clientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: first.RefreshToken! } }),
    );
    expect(refreshed.AuthenticationResult?.RefreshToken).toBeUndefined();
    const access = refreshed.AuthenticationResult!.AccessToken!;
    expect(claims(access).origin_jti).toBe(claims(first.AccessToken!).origin_jti);

    const user = await sdk.send(new GetUserCommand({ AccessToken: access }));
    expect(user.UserAttributes).toContainEqual({ Name: 'email', Value: email });

    await sdk.send(new RevokeTokenCommand({ ClientId: clientId, Token: first.RefreshToken! }));
    expect(await failure(sdk.send(new GetUserCommand({ AccessToken: access })))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
    expect(
      await failure(
        sdk.send(new InitiateAuthCommand({ ClientId: clientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: first.RefreshToken! } })),
      ),
    ).toMatchObject({ message: 'Refresh Token has been revoked' });
  });

  it('refuses tokens it did not sign', async () => {
    const email = await confirmedUser();
    const { AccessToken } = await srpSignIn(email, PASSWORD);
    const [header, , signature] = AccessToken!.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims(AccessToken!), username: 'someone-else' })).toString('base64url');
    expect(await failure(sdk.send(new GetUserCommand({ AccessToken: `${header}.${forged}.${signature}` })))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid Access Token',
    });
    expect(await failure(sdk.send(new RevokeTokenCommand({ ClientId: clientId, Token: AccessToken! })))).toMatchObject({
      name: 'UnsupportedTokenTypeException',
    });
  });
});

describe('admin operations', () => {
  it('creates a user with a temporary password, sets a permanent one, reads and deletes the user', async () => {
    const email = newEmail();
    const created = await sdk.send(
      new AdminCreateUserCommand({ UserPoolId: poolId, Username: email, TemporaryPassword: 'Temp-passw0rd', MessageAction: 'SUPPRESS' }),
    );
    expect(created.User).toMatchObject({ UserStatus: 'FORCE_CHANGE_PASSWORD', Enabled: true });
    expect(await outbox(email)).toEqual([]);

    await sdk.send(new AdminSetUserPasswordCommand({ UserPoolId: poolId, Username: email, Password: PASSWORD, Permanent: true }));
    expect((await sdk.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: email }))).UserStatus).toBe('CONFIRMED');
    expect(claims((await srpSignIn(email, PASSWORD)).IdToken!).email).toBe(email);

    await sdk.send(new AdminDeleteUserCommand({ UserPoolId: poolId, Username: email }));
    expect(await failure(sdk.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: email })))).toMatchObject({
      name: 'UserNotFoundException',
    });
  });

  it('sends the invitation with the temporary password unless told not to', async () => {
    const email = newEmail();
    await sdk.send(new AdminCreateUserCommand({ UserPoolId: poolId, Username: email, TemporaryPassword: 'Temp-passw0rd' }));
    expect(await outbox(email)).toEqual([expect.objectContaining({ kind: 'AdminCreateUser', code: 'Temp-passw0rd' })]);
  });

  it('refuses an unknown pool', async () => {
    expect(await failure(sdk.send(new AdminGetUserCommand({ UserPoolId: 'eu-west-1_Nope', Username: 'x' })))).toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'User pool eu-west-1_Nope does not exist.',
    });
  });
});
