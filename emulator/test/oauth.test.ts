/**
 * The hosted UI: Cognito's OAuth 2.0 endpoints, the stand-in provider pages,
 * the app-client settings and identity providers behind them, and each error
 * in the service's shape. Driven over HTTP as a browser would (redirects
 * followed by hand, the session cookie carried by hand).
 */
import {
  CreateIdentityProviderCommand,
  CreateUserPoolClientCommand,
  DeleteIdentityProviderCommand,
  DescribeIdentityProviderCommand,
  DescribeUserPoolClientCommand,
  ListIdentityProvidersCommand,
  UpdateIdentityProviderCommand,
  UpdateUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../src/server.ts';
import { PASSWORD, claims, failure, newEmail, poolHelpers, useEmulator } from './harness.ts';

const pool = useEmulator();
const CALLBACK = 'http://localhost:5173/oauth/callback';
const SIGNED_OUT = 'http://localhost:5173/';

const newVerifier = () => randomBytes(48).toString('base64url');
const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

interface Hop {
  status: number;
  location: string;
  cookie?: string;
  text: string;
}

/** One answer of the hosted UI, not followed: its status, where it sends the browser, the cookie it sets. */
async function hopOf(response: Response): Promise<Hop> {
  const setCookie = response.headers.get('set-cookie');
  return {
    status: response.status,
    location: response.headers.get('location') ?? '',
    ...(setCookie ? { cookie: setCookie.split(';')[0]! } : {}),
    text: await response.text(),
  };
}

async function get(path: string, cookie?: string): Promise<Hop> {
  return hopOf(await fetch(new URL(path, pool.url), { redirect: 'manual', headers: cookie ? { cookie } : {} }));
}

async function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Hop> {
  const response = await fetch(new URL(path, pool.url), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  return hopOf(response);
}

function authorizeUrl(params: Record<string, string | undefined>): string {
  const defined = Object.entries({
    response_type: 'code',
    client_id: pool.clientId,
    redirect_uri: CALLBACK,
    scope: 'openid email profile aws.cognito.signin.user.admin',
    state: 'state-123',
    ...params,
  }).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return `/oauth2/authorize?${new URLSearchParams(defined).toString()}`;
}

const paramsOf = (location: string) => new URL(location, pool.url).searchParams;
const fragmentOf = (location: string) => new URLSearchParams(new URL(location).hash.slice(1));

/** Through a provider's stand-in page: authorize, then Continue (or Cancel) with this identity. */
async function viaProvider(
  provider: string,
  identity: { email: string; name?: string },
  params: Record<string, string | undefined> = {},
  action = 'continue',
) {
  const authorized = await get(authorizeUrl({ identity_provider: provider, ...params }));
  expect(authorized.status).toBe(302);
  expect(authorized.location).toMatch(new RegExp(`^/provider/${provider}\\?request=`));
  const page = await get(authorized.location);
  expect(page.status).toBe(200);
  expect(page.text).toContain('Continue');
  expect(page.text).toContain('Cancel');
  return postForm(`/provider/${provider}`, {
    request: paramsOf(authorized.location).get('request')!,
    action,
    email: identity.email,
    name: identity.name ?? '',
  });
}

async function exchange(fields: Record<string, string>) {
  const response = await fetch(`${pool.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: pool.clientId, redirect_uri: CALLBACK, grant_type: 'authorization_code', ...fields }).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

describe('identity providers and client settings', () => {
  it('seeds the four social providers and a client allowed to use them', async () => {
    const listed = await pool.sdk.send(new ListIdentityProvidersCommand({ UserPoolId: pool.poolId }));
    expect(listed.Providers?.map((provider) => provider.ProviderName).sort()).toEqual([
      'Facebook',
      'Google',
      'LoginWithAmazon',
      'SignInWithApple',
    ]);
    const client = await pool.sdk.send(new DescribeUserPoolClientCommand({ UserPoolId: pool.poolId, ClientId: pool.clientId }));
    expect(client.UserPoolClient).toMatchObject({
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthFlows: ['code'],
      CallbackURLs: [CALLBACK],
      LogoutURLs: [SIGNED_OUT],
      SupportedIdentityProviders: ['COGNITO', 'Google', 'Facebook', 'LoginWithAmazon', 'SignInWithApple'],
    });
  });

  it('describes, refuses a second provider of a name, and refuses unknown names and types', async () => {
    const google = await pool.sdk.send(new DescribeIdentityProviderCommand({ UserPoolId: pool.poolId, ProviderName: 'Google' }));
    expect(google.IdentityProvider).toMatchObject({ ProviderType: 'Google', AttributeMapping: { email: 'email', username: 'sub' } });
    const duplicate = await failure(
      pool.sdk.send(
        new CreateIdentityProviderCommand({
          UserPoolId: pool.poolId,
          ProviderName: 'Google',
          ProviderType: 'Google',
          ProviderDetails: { client_id: 'x', client_secret: 'y', authorize_scopes: 'email' },
        }),
      ),
    );
    expect(duplicate.name).toBe('DuplicateProviderException');
    const unknown = await failure(pool.sdk.send(new DescribeIdentityProviderCommand({ UserPoolId: pool.poolId, ProviderName: 'MySpace' })));
    expect([unknown.name, unknown.message]).toEqual(['ResourceNotFoundException', 'Identity provider MySpace does not exist.']);
    const saml = await failure(
      pool.sdk.send(
        new CreateIdentityProviderCommand({ UserPoolId: pool.poolId, ProviderName: 'Corp', ProviderType: 'SAML', ProviderDetails: {} }),
      ),
    );
    expect(saml.name).toBe('InvalidParameterException');
    const inUse = await failure(pool.sdk.send(new DeleteIdentityProviderCommand({ UserPoolId: pool.poolId, ProviderName: 'Google' })));
    expect(inUse.name).toBe('UnsupportedIdentityProviderException');
  });

  it('refuses client settings that name an unknown provider or scope, or mix client credentials with the code grant', async () => {
    const base = { UserPoolId: pool.poolId, ClientName: 'settings', AllowedOAuthFlowsUserPoolClient: true, CallbackURLs: [CALLBACK] };
    const provider = await failure(
      pool.sdk.send(
        new CreateUserPoolClientCommand({
          ...base,
          AllowedOAuthFlows: ['code'],
          AllowedOAuthScopes: ['openid'],
          SupportedIdentityProviders: ['MySpace'],
        }),
      ),
    );
    expect([provider.name, provider.message]).toEqual([
      'InvalidParameterException',
      `The provider MySpace does not exist for User Pool ${pool.poolId}`,
    ]);
    const scope = await failure(
      pool.sdk.send(
        new CreateUserPoolClientCommand({ ...base, AllowedOAuthFlows: ['code'], AllowedOAuthScopes: ['openid', 'everything'] }),
      ),
    );
    expect([scope.name, scope.message]).toEqual(['ScopeDoesNotExistException', 'Invalid scope requested: everything']);
    const mixed = await failure(
      pool.sdk.send(
        new CreateUserPoolClientCommand({ ...base, AllowedOAuthFlows: ['code', 'client_credentials'], AllowedOAuthScopes: ['openid'] }),
      ),
    );
    expect(mixed.name).toBe('InvalidOAuthFlowException');
    const plainHttp = await failure(
      pool.sdk.send(
        new CreateUserPoolClientCommand({
          ...base,
          AllowedOAuthFlows: ['code'],
          AllowedOAuthScopes: ['openid'],
          CallbackURLs: ['http://example.com/cb'],
        }),
      ),
    );
    expect(plainHttp.name).toBe('InvalidParameterException');
  });
});

describe('/oauth2/authorize errors', () => {
  it('sends an unknown client and an unregistered redirect_uri to the error page, not to the app', async () => {
    const unknown = await get(authorizeUrl({ client_id: 'nosuchclient' }));
    expect(unknown.status).toBe(302);
    expect(paramsOf(unknown.location).get('error')).toBe('invalid_request');
    expect(unknown.location.startsWith('/error?')).toBe(true);
    const mismatch = await get(authorizeUrl({ redirect_uri: 'http://localhost:5173/elsewhere' }));
    expect(mismatch.location.startsWith('/error?')).toBe(true);
    expect(paramsOf(mismatch.location).get('error')).toBe('redirect_mismatch');
    const page = await get(mismatch.location);
    expect(page.status).toBe(400);
    expect(page.text).toContain('redirect_mismatch');
  });

  it('goes back to the app with the error and the state for a bad response type, scope, PKCE method or provider', async () => {
    for (const [params, error] of [
      [{ response_type: 'id_token' }, 'unsupported_response_type'],
      [{ scope: 'openid admin:everything' }, 'invalid_scope'],
      [{ code_challenge: challengeOf(newVerifier()), code_challenge_method: 'plain' }, 'invalid_request'],
      [{ identity_provider: 'MySpace' }, 'invalid_request'],
    ] as const) {
      const answer = await get(authorizeUrl(params));
      expect(answer.location.startsWith(`${CALLBACK}?`)).toBe(true);
      expect(paramsOf(answer.location).get('error')).toBe(error);
      expect(paramsOf(answer.location).get('state')).toBe('state-123');
    }
  });

  it('refuses a provider the client does not allow, and a grant it does not allow', async () => {
    const created = await pool.sdk.send(
      new CreateUserPoolClientCommand({
        UserPoolId: pool.poolId,
        ClientName: 'google-only',
        AllowedOAuthFlowsUserPoolClient: true,
        AllowedOAuthFlows: ['code'],
        AllowedOAuthScopes: ['openid', 'email'],
        CallbackURLs: [CALLBACK],
        SupportedIdentityProviders: ['Google'],
      }),
    );
    const clientId = created.UserPoolClient!.ClientId!;
    const facebook = await get(authorizeUrl({ client_id: clientId, scope: 'openid', identity_provider: 'Facebook' }));
    expect(paramsOf(facebook.location).get('error_description')).toBe('Login option is not available. Please try another one');
    const implicit = await get(authorizeUrl({ client_id: clientId, scope: 'openid', response_type: 'token' }));
    expect(fragmentOf(implicit.location).get('error')).toBe('unauthorized_client');
  });
});

describe('federated sign-in through a stand-in provider (code grant with PKCE)', () => {
  it('makes a linked user on the first sign-in and finds the same one later', async () => {
    const email = newEmail('google');
    const verifier = newVerifier();
    const back = await viaProvider(
      'Google',
      { email, name: 'Ada Lovelace' },
      { code_challenge: challengeOf(verifier), code_challenge_method: 'S256', nonce: 'n-1' },
    );
    expect(back.status).toBe(302);
    expect(back.location.startsWith(`${CALLBACK}?`)).toBe(true);
    expect(paramsOf(back.location).get('state')).toBe('state-123');
    const tokens = await exchange({ code: paramsOf(back.location).get('code')!, code_verifier: verifier });
    expect(tokens.status).toBe(200);
    expect(tokens.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    const id = claims(tokens.body.id_token!);
    expect(id['cognito:username']).toMatch(/^Google_1\d{20}$/);
    expect(id).toMatchObject({ email, name: 'Ada Lovelace', nonce: 'n-1', 'cognito:groups': [`${pool.poolId}_Google`] });
    expect(JSON.parse(String(id.identities))).toEqual([
      expect.objectContaining({ providerName: 'Google', providerType: 'Google', primary: 'true' }),
    ]);
    const access = claims(tokens.body.access_token!);
    expect(access.scope).toBe('openid email profile aws.cognito.signin.user.admin');
    expect(access['cognito:groups']).toEqual([`${pool.poolId}_Google`]);

    const again = await viaProvider('Google', { email: email.toUpperCase() });
    const second = await exchange({ code: paramsOf(again.location).get('code')! });
    expect(claims(second.body.id_token!)['cognito:username']).toBe(id['cognito:username']);
    expect(claims(second.body.id_token!).sub).toBe(id.sub);
  });

  it('names linked users in each provider’s style', async () => {
    const names: string[] = [];
    for (const provider of ['Facebook', 'LoginWithAmazon', 'SignInWithApple']) {
      const back = await viaProvider(provider, { email: newEmail(provider) });
      const tokens = await exchange({ code: paramsOf(back.location).get('code')! });
      names.push(String(claims(tokens.body.id_token!)['cognito:username']));
    }
    expect(names[0]).toMatch(/^Facebook_1\d{15}$/);
    expect(names[1]).toMatch(/^LoginWithAmazon_amzn1\.account\.[A-Z0-9]{28}$/);
    expect(names[2]).toMatch(/^SignInWithApple_000\d{3}\.[0-9a-f]{32}\.\d{4}$/);
  });

  it('goes back with access_denied when the customer cancels at the provider', async () => {
    const back = await viaProvider('Facebook', { email: '' }, {}, 'cancel');
    expect(paramsOf(back.location).get('error')).toBe('access_denied');
    expect(paramsOf(back.location).get('state')).toBe('state-123');
  });

  it('refuses a reused code, a wrong verifier, a missing verifier, another redirect_uri and an unknown client', async () => {
    const verifier = newVerifier();
    const pkce = { code_challenge: challengeOf(verifier), code_challenge_method: 'S256' };
    const code = async () => paramsOf((await viaProvider('Google', { email: newEmail('codes') }, pkce)).location).get('code')!;
    const used = await code();
    expect((await exchange({ code: used, code_verifier: verifier })).status).toBe(200);
    expect(await exchange({ code: used, code_verifier: verifier })).toEqual({ status: 400, body: { error: 'invalid_grant' } });
    expect((await exchange({ code: await code(), code_verifier: newVerifier() })).body).toEqual({ error: 'invalid_grant' });
    expect((await exchange({ code: await code() })).body).toEqual({ error: 'invalid_grant' });
    expect((await exchange({ code: await code(), code_verifier: verifier, redirect_uri: SIGNED_OUT })).body).toEqual({
      error: 'invalid_grant',
    });
    expect((await exchange({ code: await code(), code_verifier: verifier, client_id: 'nosuchclient' })).body).toEqual({
      error: 'invalid_client',
    });
    expect((await exchange({ grant_type: 'password' })).body).toEqual({ error: 'unsupported_grant_type' });
    expect((await exchange({ code: 'not-a-code' })).body).toEqual({ error: 'invalid_grant' });
  });

  it('asks the provider mapping for the attributes the pool requires', async () => {
    await pool.sdk.send(
      new UpdateIdentityProviderCommand({ UserPoolId: pool.poolId, ProviderName: 'LoginWithAmazon', AttributeMapping: { name: 'name' } }),
    );
    try {
      const back = await viaProvider('LoginWithAmazon', { email: newEmail('amazon') });
      expect(paramsOf(back.location).get('error')).toBe('invalid_request');
      expect(paramsOf(back.location).get('error_description')).toBe('attributes required: [email]');
    } finally {
      await pool.sdk.send(
        new UpdateIdentityProviderCommand({
          UserPoolId: pool.poolId,
          ProviderName: 'LoginWithAmazon',
          AttributeMapping: { email: 'email', name: 'name' },
        }),
      );
    }
  });
});

describe('tokens of a federated session', () => {
  async function signedIn() {
    const back = await viaProvider('Google', { email: newEmail('session') });
    return (await exchange({ code: paramsOf(back.location).get('code')! })).body;
  }

  it('refreshes, answers userInfo, and stops refreshing once revoked', async () => {
    const tokens = await signedIn();
    const refreshed = await exchange({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token! });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).toBeUndefined();
    expect(claims(refreshed.body.access_token!).scope).toBe('openid email profile aws.cognito.signin.user.admin');

    const info = await fetch(`${pool.url}/oauth2/userInfo`, { headers: { authorization: `Bearer ${refreshed.body.access_token}` } });
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({
      username: claims(tokens.id_token!)['cognito:username'],
      email: claims(tokens.id_token!).email,
    });

    const revoke = (token: string) =>
      fetch(`${pool.url}/oauth2/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token, client_id: pool.clientId }).toString(),
      });
    const wrongType = await revoke(tokens.access_token!);
    expect([wrongType.status, await wrongType.json()]).toEqual([400, { error: 'unsupported_token_type' }]);
    expect((await revoke(tokens.refresh_token!)).status).toBe(200);
    expect((await exchange({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token! })).body).toEqual({
      error: 'invalid_grant',
    });
    const revoked = await fetch(`${pool.url}/oauth2/userInfo`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(await revoked.json()).toEqual({ error: 'invalid_token', error_description: 'Access Token has been revoked' });
  });

  it('hands out tokens in the fragment for the implicit grant, and no refresh token', async () => {
    // The pool's definition allows the code grant only: the client is given the implicit grant for this test.
    const described = (await pool.sdk.send(new DescribeUserPoolClientCommand({ UserPoolId: pool.poolId, ClientId: pool.clientId })))
      .UserPoolClient!;
    const { ClientSecret: _secret, LastModifiedDate: _modified, CreationDate: _created, ...settings } = described;
    const flows = (AllowedOAuthFlows: ('code' | 'implicit')[]) =>
      pool.sdk.send(new UpdateUserPoolClientCommand({ ...settings, UserPoolId: pool.poolId, ClientId: pool.clientId, AllowedOAuthFlows }));
    await flows(['code', 'implicit']);
    try {
      const back = await viaProvider('Google', { email: newEmail('implicit') }, { response_type: 'token' });
      expect(back.location.startsWith(`${CALLBACK}#`)).toBe(true);
      const fragment = fragmentOf(back.location);
      expect(fragment.get('token_type')).toBe('Bearer');
      expect(fragment.get('state')).toBe('state-123');
      expect(claims(fragment.get('access_token')!).token_use).toBe('access');
      expect(claims(fragment.get('id_token')!).token_use).toBe('id');
      expect(fragment.has('refresh_token')).toBe(false);
    } finally {
      await flows(['code']);
    }
  });
});

describe('the hosted page and /logout', () => {
  it('signs a pool user in by password, reuses the hosted session until /logout ends it', async () => {
    const email = await pool.verifiedUser();
    const login = await get(authorizeUrl({}));
    expect(login.location.startsWith('/login?')).toBe(true);
    const page = await get(login.location);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Continue with Google');
    const request = /name="request" value="([^"]+)"/.exec(page.text)![1]!;
    const wrong = await postForm('/login', { request, username: email, password: 'Wrong-password1!' });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('Incorrect username or password.');
    const right = await postForm('/login', { request, username: email, password: PASSWORD });
    expect(right.location.startsWith(`${CALLBACK}?code=`)).toBe(true);
    expect(right.cookie).toMatch(/^cognito=.+/);

    const silent = await get(authorizeUrl({}), right.cookie);
    expect(silent.location.startsWith(`${CALLBACK}?code=`)).toBe(true);

    const mismatch = await get(
      `/logout?${new URLSearchParams({ client_id: pool.clientId, logout_uri: 'http://localhost:5173/bye' }).toString()}`,
      right.cookie,
    );
    expect(paramsOf(mismatch.location).get('error')).toBe('redirect_mismatch');
    const out = await get(`/logout?${new URLSearchParams({ client_id: pool.clientId, logout_uri: SIGNED_OUT }).toString()}`, right.cookie);
    expect(out.location).toBe(SIGNED_OUT);
    const afterwards = await get(authorizeUrl({}), right.cookie);
    expect(afterwards.location.startsWith('/login?')).toBe(true);
  });

  it('keeps a federated user apart from a pool user of the same e-mail', async () => {
    const email = await pool.verifiedUser();
    const back = await viaProvider('Google', { email });
    const tokens = await exchange({ code: paramsOf(back.location).get('code')! });
    expect(claims(tokens.body.id_token!)['cognito:username']).toMatch(/^Google_/);
    const native = await pool.tokens(email);
    expect(claims(native.IdToken!)['cognito:username']).not.toMatch(/^Google_/);
  });
});

describe('the hosted UI in strict mode and behind the loopback checks', () => {
  it('is served in strict mode, and refuses a page of another origin', async () => {
    const strict = await createEmulator({ port: 0, strict: { credentials: { accessKeyId: 'AKIDSTRICT', secretAccessKey: 'secret' } } });
    try {
      const answer = await fetch(`${strict.url}${authorizeUrl({ identity_provider: 'Google' })}`, { redirect: 'manual' });
      expect(answer.status).toBe(302);
      expect(answer.headers.get('location')).toMatch(/^\/provider\/Google\?request=/);
      const foreign = await fetch(`${strict.url}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
        body: 'grant_type=authorization_code&code=x',
      });
      expect(foreign.status).toBe(403);
      expect(((await foreign.json()) as { __type: string }).__type).toBe('AccessDeniedException');
    } finally {
      await strict.close();
    }
  });

  it('keeps identity providers, client settings, linked users and their grants across a restart (the journal)', async () => {
    const statePath = join(mkdtempSync(join(tmpdir(), 'test-pool-oauth-')), 'state.json');
    const email = newEmail('restart');
    /** A Google sign-in by code with PKCE on `url`, through the stand-in page: the token endpoint's answer. */
    async function googleSignIn(url: string) {
      const verifier = newVerifier();
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: pool.clientId,
        redirect_uri: CALLBACK,
        scope: 'openid email',
        identity_provider: 'Google',
        code_challenge: challengeOf(verifier),
        code_challenge_method: 'S256',
      });
      const authorized = await fetch(`${url}/oauth2/authorize?${query.toString()}`, { redirect: 'manual' });
      const request = new URL(authorized.headers.get('location')!, url).searchParams.get('request')!;
      const back = await fetch(`${url}/provider/Google`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ request, action: 'continue', email, name: 'Restarted' }).toString(),
      });
      const code = new URL(back.headers.get('location')!).searchParams.get('code')!;
      const token = await fetch(`${url}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: pool.clientId,
          code,
          redirect_uri: CALLBACK,
          code_verifier: verifier,
        }).toString(),
      });
      expect(token.status).toBe(200);
      return (await token.json()) as Record<string, string>;
    }

    const first = await createEmulator({ port: 0, statePath, verifyJournal: true });
    let firstTokens: Record<string, string>;
    try {
      const admin = poolHelpers(first);
      await admin.sdk.send(
        new UpdateIdentityProviderCommand({
          UserPoolId: admin.poolId,
          ProviderName: 'Google',
          AttributeMapping: { email: 'email', name: 'name', nickname: 'name' },
        }),
      );
      await admin.sdk.send(
        new UpdateUserPoolClientCommand({
          UserPoolId: admin.poolId,
          ClientId: admin.clientId,
          AllowedOAuthFlowsUserPoolClient: true,
          AllowedOAuthFlows: ['code'],
          AllowedOAuthScopes: ['openid', 'email'],
          CallbackURLs: [CALLBACK],
          LogoutURLs: [SIGNED_OUT],
          SupportedIdentityProviders: ['Google'],
          ExplicitAuthFlows: ['ALLOW_REFRESH_TOKEN_AUTH'],
        }),
      );
      firstTokens = await googleSignIn(first.url);
    } finally {
      await first.close();
    }

    const second = await createEmulator({ port: 0, statePath, verifyJournal: true });
    try {
      const admin = poolHelpers(second);
      const provider = await admin.sdk.send(new DescribeIdentityProviderCommand({ UserPoolId: admin.poolId, ProviderName: 'Google' }));
      expect(provider.IdentityProvider?.AttributeMapping).toMatchObject({ nickname: 'name' });
      const client = await admin.sdk.send(new DescribeUserPoolClientCommand({ UserPoolId: admin.poolId, ClientId: admin.clientId }));
      expect(client.UserPoolClient?.SupportedIdentityProviders).toEqual(['Google']);
      expect(client.UserPoolClient?.AllowedOAuthFlows).toEqual(['code']);
      // The refresh token of a grant made before the restart still works.
      const refreshed = await fetch(`${second.url}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          client_id: admin.clientId,
          refresh_token: firstTokens.refresh_token!,
        }).toString(),
      });
      expect(refreshed.status).toBe(200);
      // The same provider identity finds the same linked user, mapped by the kept mapping.
      const again = claims((await googleSignIn(second.url)).id_token!);
      const before = claims(firstTokens.id_token!);
      expect([again['cognito:username'], again.sub]).toEqual([before['cognito:username'], before.sub]);
      expect(again.nickname).toBe('Restarted');
    } finally {
      await second.close();
    }
  });

  it('keeps UpdateUserPoolClient’s reset of what it is not given', async () => {
    const created = await pool.sdk.send(
      new CreateUserPoolClientCommand({
        UserPoolId: pool.poolId,
        ClientName: 'reset',
        AllowedOAuthFlowsUserPoolClient: true,
        AllowedOAuthFlows: ['code'],
        AllowedOAuthScopes: ['openid'],
        CallbackURLs: [CALLBACK],
      }),
    );
    const updated = await pool.sdk.send(
      new UpdateUserPoolClientCommand({ UserPoolId: pool.poolId, ClientId: created.UserPoolClient!.ClientId! }),
    );
    expect(updated.UserPoolClient?.AllowedOAuthFlowsUserPoolClient).toBe(false);
    expect(updated.UserPoolClient?.CallbackURLs).toBeUndefined();
  });
});
