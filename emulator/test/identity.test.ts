import {
  CognitoIdentityClient,
  DescribeIdentityCommand,
  DescribeIdentityPoolCommand,
  GetCredentialsForIdentityCommand,
  GetIdCommand,
  UpdateIdentityPoolCommand,
} from '@aws-sdk/client-cognito-identity';
import { CreateUserPoolClientCommand, RevokeTokenCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, claims, failure, useEmulator } from './harness.ts';

const pool = useEmulator();
let identity: CognitoIdentityClient;
let identityPoolId: string;
let provider: string;

beforeAll(async () => {
  identity = new CognitoIdentityClient({
    region: 'eu-west-1',
    endpoint: pool.url,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    maxAttempts: 1,
  });
  identityPoolId = (await pool.control<{ identityPoolId: string }>('config')).identityPoolId;
  provider = `cognito-idp.eu-west-1.amazonaws.com/${pool.poolId}`;
});

const idToken = async () => (await pool.tokens(await pool.verifiedUser())).IdToken!;
const getId = (Logins?: Record<string, string>) => identity.send(new GetIdCommand({ IdentityPoolId: identityPoolId, Logins }));
const credentials = (IdentityId: string, Logins?: Record<string, string>) =>
  identity.send(new GetCredentialsForIdentityCommand({ IdentityId, Logins }));

async function guestAccess(allowed: boolean) {
  const current = await identity.send(new DescribeIdentityPoolCommand({ IdentityPoolId: identityPoolId }));
  await identity.send(new UpdateIdentityPoolCommand({ ...current, AllowUnauthenticatedIdentities: allowed }));
}

describe('the seeded identity pool', () => {
  it('is reported in the config and trusts the seeded user pool and client', async () => {
    expect(identityPoolId).toBe('eu-west-1:5eeded00-0000-4000-8000-000000000001');
    const described = await identity.send(new DescribeIdentityPoolCommand({ IdentityPoolId: identityPoolId }));
    expect(described).toMatchObject({
      AllowUnauthenticatedIdentities: true,
      CognitoIdentityProviders: [{ ProviderName: provider, ClientId: pool.clientId, ServerSideTokenCheck: false }],
    });
  });

  it('refuses an identity pool or identity it does not have', async () => {
    expect(
      await failure(identity.send(new GetIdCommand({ IdentityPoolId: 'eu-west-1:00000000-0000-0000-0000-000000000000' }))),
    ).toMatchObject({
      name: 'ResourceNotFoundException',
    });
    expect(await failure(credentials('eu-west-1:00000000-0000-0000-0000-000000000000'))).toMatchObject({
      name: 'ResourceNotFoundException',
    });
  });
});

describe('guests', () => {
  it('get an identity and credentials that expire in an hour', async () => {
    const { IdentityId } = await getId();
    expect(IdentityId).toMatch(/^eu-west-1:[0-9a-f-]{36}$/);
    const answer = await credentials(IdentityId!);
    expect(answer.IdentityId).toBe(IdentityId);
    expect(answer.Credentials).toMatchObject({
      AccessKeyId: expect.stringMatching(/^ASIA[A-Z2-7]{16}$/),
      SecretKey: expect.any(String),
      SessionToken: expect.any(String),
    });
    const lifetime = answer.Credentials!.Expiration!.getTime() - (await pool.now());
    expect(lifetime).toBeGreaterThan(59 * 60 * 1000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60 * 1000);
  });

  it('are refused when the pool does not allow them', async () => {
    const { IdentityId } = await getId();
    await guestAccess(false);
    try {
      const refused = { name: 'NotAuthorizedException', message: 'Unauthenticated access is not supported for this identity pool.' };
      expect(await failure(getId())).toMatchObject(refused);
      expect(await failure(credentials(IdentityId!))).toMatchObject(refused);
      // Signed-in users still get in.
      const token = await idToken();
      const { IdentityId: signedIn } = await getId({ [provider]: token });
      await credentials(signedIn!, { [provider]: token });
    } finally {
      await guestAccess(true);
    }
  });
});

describe('signed-in users', () => {
  it('get the same identity for every sign-in, under the provider name or the token issuer', async () => {
    const email = await pool.verifiedUser();
    const first = (await pool.tokens(email)).IdToken!;
    const second = (await pool.tokens(email)).IdToken!;
    const { IdentityId } = await getId({ [provider]: first });
    const issuerKey = String(claims(second).iss).replace(/^https?:\/\//, '');
    expect((await getId({ [issuerKey]: second })).IdentityId).toBe(IdentityId);
    const answer = await credentials(IdentityId!, { [provider]: second });
    expect(answer.IdentityId).toBe(IdentityId);
    expect((await identity.send(new DescribeIdentityCommand({ IdentityId }))).Logins).toEqual([provider]);
  });

  it('turn a guest identity into theirs when they sign in with it', async () => {
    const { IdentityId: guest } = await getId();
    const token = await idToken();
    const linked = await credentials(guest!, { [provider]: token });
    expect(linked.IdentityId).toBe(guest);
    expect((await getId({ [provider]: token })).IdentityId).toBe(guest);
    // Now authenticated, the identity needs its login.
    expect(await failure(credentials(guest!))).toMatchObject({
      name: 'NotAuthorizedException',
      message: "Logins don't match. Please include at least one valid login for this identity or identity pool.",
    });
  });

  it('get their own identity back when they sign in from another guest identity', async () => {
    const token = await idToken();
    const { IdentityId: own } = await getId({ [provider]: token });
    const { IdentityId: guest } = await getId();
    expect((await credentials(guest!, { [provider]: token })).IdentityId).toBe(own);
  });

  it('cannot use a token that is forged, expired, an access token, or from another client', async () => {
    const email = await pool.verifiedUser();
    const tokens = await pool.tokens(email);
    const [header, payload] = tokens.IdToken!.split('.');
    expect(await failure(getId({ [provider]: `${header}.${payload}.AAAA` }))).toMatchObject({
      name: 'NotAuthorizedException',
      message: "Invalid login token. Couldn't verify signed token.",
    });
    expect(await failure(getId({ [provider]: tokens.AccessToken! }))).toMatchObject({ name: 'NotAuthorizedException' });
    expect(await failure(getId({ 'accounts.google.com': tokens.IdToken! }))).toMatchObject({
      message: 'Token is not from a supported provider of this identity pool.',
    });
    const { UserPoolClient } = await pool.sdk.send(new CreateUserPoolClientCommand({ UserPoolId: pool.poolId, ClientName: 'other' }));
    const foreign = (await pool.srpSignIn(email, PASSWORD, { clientId: UserPoolClient!.ClientId })).AuthenticationResult!.IdToken!;
    expect(await failure(getId({ [provider]: foreign }))).toMatchObject({
      message: 'Token is not from a supported provider of this identity pool.',
    });
    const exp = claims(tokens.IdToken!).exp as number;
    await pool.advance(60 * 60 * 1000);
    expect(await failure(getId({ [provider]: tokens.IdToken! }))).toMatchObject({
      message: expect.stringMatching(new RegExp(`^Invalid login token\\. Token expired: \\d+ >= ${exp}$`)),
    });
  });

  it('with ServerSideTokenCheck, cannot use a token whose sign-in was revoked', async () => {
    const current = await identity.send(new DescribeIdentityPoolCommand({ IdentityPoolId: identityPoolId }));
    await identity.send(
      new UpdateIdentityPoolCommand({
        ...current,
        CognitoIdentityProviders: [{ ProviderName: provider, ClientId: pool.clientId, ServerSideTokenCheck: true }],
      }),
    );
    try {
      const tokens = await pool.tokens(await pool.verifiedUser());
      await getId({ [provider]: tokens.IdToken! });
      await pool.sdk.send(new RevokeTokenCommand({ ClientId: pool.clientId, Token: tokens.RefreshToken }));
      expect(await failure(getId({ [provider]: tokens.IdToken! }))).toMatchObject({ name: 'NotAuthorizedException' });
    } finally {
      await identity.send(new UpdateIdentityPoolCommand(current));
    }
  });
});
