/**
 * The hosted UI's own sign-in page (/login) takes the steps USER_PASSWORD_AUTH
 * takes (issue 27, the security review's medium finding): the lockout, a
 * decoy with the same work for a name that is no user, then the MFA or
 * new-password step on a page of its own that posts back with the Session.
 * Only a finished sign-in gets an authorization code. Driven over HTTP as a
 * browser would, redirects not followed.
 */
import {
  AdminCreateUserCommand,
  AssociateSoftwareTokenCommand,
  ChangePasswordCommand,
  CreateUserPoolClientCommand,
  DeleteUserCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  ListDevicesCommand,
  ListWebAuthnCredentialsCommand,
  SetUserMFAPreferenceCommand,
  SetUserPoolMfaConfigCommand,
  StartWebAuthnRegistrationCommand,
  UpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../src/server.ts';
import { WORK_CHANNEL } from '../src/srp.ts';
import { PASSWORD, failure, newEmail, totp, useEmulator } from './harness.ts';

const pool = useEmulator();
const CALLBACK = 'http://localhost:5173/oauth/callback';
const WRONG = 'Wrong-passw0rd!';

interface Hop {
  status: number;
  location: string;
  text: string;
}

async function send(url: string, path: string, form?: Record<string, string>): Promise<Hop> {
  const response = await fetch(new URL(path, url), {
    redirect: 'manual',
    ...(form
      ? {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(form).toString(),
        }
      : {}),
  });
  return { status: response.status, location: response.headers.get('location') ?? '', text: await response.text() };
}

const hidden = (text: string, name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(text)?.[1];

/** A fresh sign-in request on the hosted page of the emulator at `url`: its request id. */
async function openLogin(url = pool.url, clientId = pool.clientId, scope = 'openid email'): Promise<string> {
  const query = new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: CALLBACK, scope });
  const page = await send(url, `/login?${query.toString()}`);
  expect(page.status).toBe(200);
  return hidden(page.text, 'request')!;
}

const login = (request: string, username: string, password: string, url = pool.url) => send(url, '/login', { request, username, password });

/** What a page says to the person: its alert, or where it sends the browser. */
const outcome = (hop: Hop) => (hop.status === 302 ? `redirect ${hop.location.split('?')[0]}` : /role="alert">([^<]*)</.exec(hop.text)?.[1]);

describe('the hosted page checks a password as USER_PASSWORD_AUTH does', () => {
  it('counts wrong passwords toward the lockout, refuses a locked user even with the right password, and shares the count with the API', async () => {
    const email = await pool.verifiedUser();
    const request = await openLogin();
    for (let i = 0; i < 5; i++) expect(outcome(await login(request, email, WRONG))).toBe('Incorrect username or password.');
    const locked = await login(request, email, PASSWORD);
    expect(locked.status).toBe(400);
    expect(outcome(locked)).toBe('Password attempts exceeded');
    expect(locked.location).toBe('');
    // The API sees the same lockout.
    const api = await failure(
      pool.sdk.send(
        new InitiateAuthCommand({
          ClientId: pool.clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD },
        }),
      ),
    );
    expect(api).toMatchObject({ name: 'NotAuthorizedException', message: 'Password attempts exceeded' });
    await pool.advance(61_000);
    expect(outcome(await login(request, email, PASSWORD))).toBe(`redirect ${CALLBACK}`);
  });

  it('answers an unknown name as a wrong password, with the same work, and locks it alike', async () => {
    const real = await pool.verifiedUser();
    const unknown = newEmail('nobody');
    const request = await openLogin();
    const steps = async (name: string) => {
      const seen: string[] = [];
      const listener = (message: unknown) => seen.push((message as { step: string }).step);
      subscribe(WORK_CHANNEL, listener);
      try {
        const page = await login(request, name, WRONG);
        return { page: page.text, status: page.status, seen };
      } finally {
        unsubscribe(WORK_CHANNEL, listener);
      }
    };
    const forReal = await steps(real);
    const forUnknown = await steps(unknown);
    expect(forUnknown).toEqual(forReal);
    expect(forReal.seen).toContain('exponentiation');
    for (let i = 0; i < 4; i++) await login(request, unknown, WRONG);
    expect(outcome(await login(request, unknown, PASSWORD))).toBe('Password attempts exceeded');
  });
});

describe('the steps after the password, each on a page of its own', () => {
  it('asks a user with an authenticator app for a code, counts a wrong one, and gives the code grant only after the right one', async () => {
    await pool.sdk.send(
      new SetUserPoolMfaConfigCommand({
        UserPoolId: pool.poolId,
        MfaConfiguration: 'OPTIONAL',
        SoftwareTokenMfaConfiguration: { Enabled: true },
      }),
    );
    const { email, secret } = await pool.totpUser();
    await pool.advance(30_000);

    const request = await openLogin();
    const afterPassword = await login(request, email, PASSWORD);
    expect(afterPassword.status).toBe(200);
    expect(afterPassword.location).toBe('');
    expect(afterPassword.text).toContain('Type the code your authenticator app shows.');
    const session = hidden(afterPassword.text, 'session')!;
    expect(session).toBeDefined();
    // The page's Session is the page's: the API will not finish this sign-in with tokens.
    expect(
      await failure(pool.respond('SOFTWARE_TOKEN_MFA', session, { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: '000000' })),
    ).toMatchObject({ name: 'NotAuthorizedException', message: 'Invalid session for the user, session is expired.' });

    const wrong = await send(pool.url, '/login', { request, session, code: '000000' });
    expect(wrong.status).toBe(400);
    expect(outcome(wrong)).toBe('Invalid code received for user');
    expect(hidden(wrong.text, 'session')).toBe(session);
    const right = await send(pool.url, '/login', { request, session, code: totp(secret, await pool.now()) });
    expect(outcome(right)).toBe(`redirect ${CALLBACK}`);
    expect(new URL(right.location).searchParams.get('code')).toMatch(/^[0-9a-f-]{36}$/);
    // The step is spent with the sign-in.
    const again = await send(pool.url, '/login', { request, session, code: '000000' });
    expect(again.location).toMatch(/^\/error\?/);
  });

  it('asks a user with a temporary password for a new one before giving a code', async () => {
    const email = newEmail('temporary');
    await pool.sdk.send(
      new AdminCreateUserCommand({
        UserPoolId: pool.poolId,
        Username: email,
        TemporaryPassword: 'Temp-passw0rd!',
        MessageAction: 'SUPPRESS',
        UserAttributes: [{ Name: 'email_verified', Value: 'true' }],
      }),
    );
    const request = await openLogin();
    const afterPassword = await login(request, email, 'Temp-passw0rd!');
    expect(afterPassword.status).toBe(200);
    expect(afterPassword.text).toContain('Choose a new password');
    const session = hidden(afterPassword.text, 'session')!;
    const weak = await send(pool.url, '/login', { request, session, new_password: 'short' });
    expect(weak.status).toBe(400);
    expect(outcome(weak)).toMatch(/^Password did not conform with policy/);
    const done = await send(pool.url, '/login', { request, session: hidden(weak.text, 'session')!, new_password: PASSWORD });
    expect(outcome(done)).toBe(`redirect ${CALLBACK}`);
    await expect(pool.tokens(email)).resolves.toBeDefined();
  });
});

describe('strict mode', () => {
  it('serves the same page with the same lockout', async () => {
    const strict = await createEmulator({ port: 0, strict: { credentials: { accessKeyId: 'AKIDSTRICT', secretAccessKey: 'secret' } } });
    try {
      const request = await openLogin(strict.url);
      const name = newEmail('strict');
      for (let i = 0; i < 5; i++) expect(outcome(await login(request, name, WRONG, strict.url))).toBe('Incorrect username or password.');
      expect(outcome(await login(request, name, WRONG, strict.url))).toBe('Password attempts exceeded');
    } finally {
      await strict.close();
    }
  });
});

/** Tokens of a hosted sign-in by password with these scopes, through the code grant. */
async function hostedTokens(email: string, scope: string, clientId = pool.clientId): Promise<Record<string, string>> {
  const request = await openLogin(pool.url, clientId, scope);
  const back = await login(request, email, PASSWORD);
  const code = new URL(back.location).searchParams.get('code')!;
  const answer = await fetch(`${pool.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', client_id: clientId, redirect_uri: CALLBACK, code }).toString(),
  });
  expect(answer.status).toBe(200);
  return (await answer.json()) as Record<string, string>;
}

const refreshGrant = async (clientId: string, refreshToken: string) => {
  const answer = await fetch(`${pool.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', client_id: clientId, refresh_token: refreshToken }).toString(),
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, string> };
};

describe('scopes (aws.cognito.signin.user.admin)', () => {
  it('refuses the self-service calls to an access token without the scope, and serves them with it', async () => {
    const email = await pool.verifiedUser();
    const narrow = (await hostedTokens(email, 'openid email')).access_token!;
    const calls: Record<string, (AccessToken: string) => Promise<unknown>> = {
      GetUser: (AccessToken) => pool.sdk.send(new GetUserCommand({ AccessToken })),
      UpdateUserAttributes: (AccessToken) =>
        pool.sdk.send(new UpdateUserAttributesCommand({ AccessToken, UserAttributes: [{ Name: 'name', Value: 'Narrow' }] })),
      ChangePassword: (AccessToken) =>
        pool.sdk.send(new ChangePasswordCommand({ AccessToken, PreviousPassword: PASSWORD, ProposedPassword: 'An0ther-secret!' })),
      StartWebAuthnRegistration: (AccessToken) => pool.sdk.send(new StartWebAuthnRegistrationCommand({ AccessToken })),
      ListWebAuthnCredentials: (AccessToken) => pool.sdk.send(new ListWebAuthnCredentialsCommand({ AccessToken })),
      AssociateSoftwareToken: (AccessToken) => pool.sdk.send(new AssociateSoftwareTokenCommand({ AccessToken })),
      SetUserMFAPreference: (AccessToken) =>
        pool.sdk.send(new SetUserMFAPreferenceCommand({ AccessToken, EmailMfaSettings: { Enabled: false } })),
      ListDevices: (AccessToken) => pool.sdk.send(new ListDevicesCommand({ AccessToken })),
      GlobalSignOut: (AccessToken) => pool.sdk.send(new GlobalSignOutCommand({ AccessToken })),
      DeleteUser: (AccessToken) => pool.sdk.send(new DeleteUserCommand({ AccessToken })),
    };
    for (const [name, call] of Object.entries(calls)) {
      expect(await failure(call(narrow)), name).toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Access Token does not have required scopes',
      });
    }
    // Still the same user, untouched; a token with the scope (hosted or not) may.
    const wide = (await hostedTokens(email, 'openid email aws.cognito.signin.user.admin')).access_token!;
    const user = await pool.sdk.send(new GetUserCommand({ AccessToken: wide }));
    expect(user.UserAttributes?.find((a) => a.Name === 'name')).toBeUndefined();
    const { AccessToken } = await pool.tokens(email);
    await expect(pool.sdk.send(new GetUserCommand({ AccessToken }))).resolves.toMatchObject({ Username: user.Username });
    // userInfo takes openid alone, as Cognito's does.
    const info = await fetch(`${pool.url}/oauth2/userInfo`, { headers: { authorization: `Bearer ${narrow}` } });
    expect(info.status).toBe(200);
  });

  it('rotates the refresh token at /oauth2/token for a client that rotates, as GetTokensFromRefreshToken does', async () => {
    const { UserPoolClient } = await pool.sdk.send(
      new CreateUserPoolClientCommand({
        UserPoolId: pool.poolId,
        ClientName: 'rotating',
        ExplicitAuthFlows: ['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_SRP_AUTH'],
        RefreshTokenRotation: { Feature: 'ENABLED', RetryGracePeriodSeconds: 0 },
        AllowedOAuthFlowsUserPoolClient: true,
        AllowedOAuthFlows: ['code'],
        AllowedOAuthScopes: ['openid', 'email', 'aws.cognito.signin.user.admin'],
        CallbackURLs: [CALLBACK],
        SupportedIdentityProviders: ['COGNITO'],
      }),
    );
    const clientId = UserPoolClient!.ClientId!;
    const email = await pool.verifiedUser();
    const first = await hostedTokens(email, 'openid email', clientId);
    const rotated = await refreshGrant(clientId, first.refresh_token!);
    expect(rotated.status).toBe(200);
    expect(rotated.body.refresh_token).toBeDefined();
    expect(rotated.body.refresh_token).not.toBe(first.refresh_token);
    // The old one is spent (no grace period); the new one works, once.
    expect(await refreshGrant(clientId, first.refresh_token!)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const again = await refreshGrant(clientId, rotated.body.refresh_token!);
    expect(again.status).toBe(200);
    // The seeded client does not rotate: no refresh token in the answer, the old one still good.
    const seeded = await hostedTokens(email, 'openid email');
    const plain = await refreshGrant(pool.clientId, seeded.refresh_token!);
    expect(plain.status).toBe(200);
    expect(plain.body.refresh_token).toBeUndefined();
    expect((await refreshGrant(pool.clientId, seeded.refresh_token!)).status).toBe(200);
  });
});
