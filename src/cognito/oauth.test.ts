/**
 * Federated sign-in through the test pool's hosted UI, over HTTP: the client
 * sends the browser to /oauth2/authorize with PKCE and a state, the test plays
 * the customer on the stand-in provider page, and the client, started again on
 * the callback URL, exchanges the code and keeps the session.
 */
import { CreateUserPoolClientCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { createAuthClient } from './client.ts';
import type { OAuthBrowser, OAuthSettings } from './oauthRedirect.ts';
import { adminSdk, emulator, rejection, uniqueEmail } from './testSupport.ts';
import { createMemoryStorage, type KeyValueStorage } from './tokenStore.ts';

const APP = 'http://localhost:5173';

function settings(overrides: Partial<OAuthSettings> = {}): OAuthSettings {
  return {
    domain: emulator().endpoint,
    scopes: ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'],
    redirectSignIn: [`${APP}/oauth/callback`],
    redirectSignOut: [`${APP}/`],
    responseType: 'code',
    ...overrides,
  };
}

/** One browser tab: its address bar, its sessionStorage, and where the page was sent. */
function tab(href: string, session: KeyValueStorage = createMemoryStorage()) {
  const visits: string[] = [];
  const browser: OAuthBrowser & { current: string } = {
    current: href,
    get href() {
      return browser.current;
    },
    assign: (url) => void visits.push(url),
    replace: (url) => void (browser.current = new URL(url, browser.current).href),
    session,
  };
  return { browser, visits };
}

function client(
  browser: OAuthBrowser,
  oauth: OAuthSettings | null = settings(),
  storage = createMemoryStorage(),
  userPoolClientId = emulator().userPoolClientId,
) {
  const { region, userPoolId, endpoint } = emulator();
  return createAuthClient({ config: { region, userPoolId, userPoolClientId, endpoint, ...(oauth ? { oauth } : {}) }, storage, browser });
}

/** The customer on the provider's stand-in page: where the browser comes back to. */
async function atProvider(authorizeUrl: string, action: 'continue' | 'cancel', email = uniqueEmail('federated')): Promise<string> {
  const authorized = await fetch(authorizeUrl, { redirect: 'manual' });
  const providerPage = new URL(authorized.headers.get('location')!, authorizeUrl);
  expect(providerPage.pathname).toMatch(/^\/provider\//);
  const back = await fetch(providerPage.origin + providerPage.pathname, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request: providerPage.searchParams.get('request')!, action, email, name: 'Test Person' }).toString(),
  });
  expect(back.status).toBe(302);
  return back.headers.get('location')!;
}

/** Presses the provider's button on `page`, signs in at the provider, and starts the app again on the callback URL. */
async function federatedSignIn(
  provider: 'google' | 'facebook' | 'amazon' | 'apple',
  options: { action?: 'continue' | 'cancel'; oauth?: OAuthSettings; email?: string; clientId?: string } = {},
) {
  const start = tab(`${APP}/dashboard/uikit?tab=2#top`);
  await client(start.browser, options.oauth, undefined, options.clientId).signInWithRedirect({ provider });
  const callback = await atProvider(start.visits[0]!, options.action ?? 'continue', options.email);
  const storage = createMemoryStorage();
  const back = tab(callback, start.browser.session);
  return { start, back, callback, storage, client: client(back.browser, options.oauth, storage, options.clientId) };
}

describe('signInWithRedirect', () => {
  it('goes to /oauth2/authorize with the provider, a PKCE S256 challenge and a state kept in sessionStorage', async () => {
    const { browser, visits } = tab(`${APP}/dashboard`);
    await client(browser).signInWithRedirect({ provider: 'apple' });
    const url = new URL(visits[0]!);
    expect(url.origin + url.pathname).toBe(`${emulator().endpoint}/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      identity_provider: 'SignInWithApple',
      redirect_uri: `${APP}/oauth/callback`,
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const kept = JSON.parse(browser.session.getItem(`CognitoHostedUI.${emulator().userPoolClientId}.flow`)!) as Record<string, string>;
    expect(kept.state).toBe(url.searchParams.get('state'));
    expect(kept.verifier).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(kept.returnTo).toBe('/dashboard');
  });

  it('says "oauth param not configured" without the oauth block', async () => {
    const refused = await rejection(client(tab(`${APP}/`).browser, null).signInWithRedirect({ provider: 'google' }));
    expect([refused.name, refused.message]).toEqual(['OAuthNotConfigureException', 'oauth param not configured']);
  });

  it('calls a configuration without any http(s) redirect URL an invalid redirect, and leaves nothing behind', async () => {
    const { browser, visits } = tab(`${APP}/`);
    const refused = await rejection(
      client(browser, settings({ redirectSignIn: ['/oauth/callback', 'javascript:alert(1)'] })).signInWithRedirect({ provider: 'google' }),
    );
    expect([refused.name, refused.message, refused.recoverySuggestion]).toEqual([
      'InvalidRedirectException',
      'Invalid OAuth redirect.',
      'Give oauth.redirectSignIn an http(s) URL of this site.',
    ]);
    expect(visits).toEqual([]);
    expect(browser.session.getItem(`CognitoHostedUI.${emulator().userPoolClientId}.flow`)).toBeNull();
  });

  it('calls a site none of whose redirect URLs is its own an invalid origin', async () => {
    const elsewhere = await rejection(client(tab('http://localhost:6000/').browser).signInWithRedirect({ provider: 'google' }));
    expect([elsewhere.name, elsewhere.message, elsewhere.recoverySuggestion]).toEqual([
      'InvalidOriginException',
      'Invalid OAuth origin.',
      'No sign-in URL of the oauth configuration is on http://localhost:6000.',
    ]);
  });
});

describe('the callback', () => {
  it('exchanges the code, keeps the session as an SRP sign-in does, and puts the customer back where they were', async () => {
    const { back, client: app } = await federatedSignIn('google');
    const session = await app.fetchAuthSession({ credentials: false });
    expect(back.browser.current).toBe(`${APP}/dashboard/uikit?tab=2#top`);
    expect(session.tokens?.idToken?.payload['cognito:username']).toMatch(/^Google_\d{21}$/);
    const user = await app.getCurrentUser();
    expect(user.username).toMatch(/^Google_/);
    expect(user.signInDetails?.authFlowType).toBe('OAUTH_CODE');
    // The verifier is spent.
    expect(back.browser.session.getItem(`CognitoHostedUI.${emulator().userPoolClientId}.flow`)).toBeNull();

    const refreshed = await app.fetchAuthSession({ forceRefresh: true, credentials: false });
    expect(refreshed.tokens?.accessToken.raw).not.toBe(session.tokens?.accessToken.raw);
    expect(refreshed.tokens?.accessToken.payload.scope).toBe('openid email profile aws.cognito.signin.user.admin');

    await app.signOut();
    expect(back.visits).toEqual([
      `${emulator().endpoint}/logout?${new URLSearchParams({ client_id: emulator().userPoolClientId, logout_uri: `${APP}/` }).toString()}`,
    ]);
    expect((await app.fetchAuthSession({ credentials: false })).tokens).toBeUndefined();
  });

  it('makes every session read started while the answer is taken wait for it (development starts the machine twice)', async () => {
    const signedIn = await federatedSignIn('google');
    // React's StrictMode starts the machine, stops it and starts it again: two reads before the exchange is done.
    const [first, second] = await Promise.all([
      signedIn.client.fetchAuthSession({ credentials: false }),
      signedIn.client.fetchAuthSession({ credentials: false }),
    ]);
    expect(first.tokens?.idToken?.payload['cognito:username']).toMatch(/^Google_/);
    expect(second.tokens?.idToken?.payload['cognito:username']).toBe(first.tokens?.idToken?.payload['cognito:username']);

    const cancelled = await federatedSignIn('google', { action: 'cancel' });
    const reads = await Promise.allSettled([cancelled.client.fetchAuthSession(), cancelled.client.fetchAuthSession()]);
    expect(reads.map((read) => (read.status === 'rejected' ? (read.reason as Error).message : 'no error'))).toEqual([
      'User cancelled OAuth flow.',
      'User cancelled OAuth flow.',
    ]);
    // Reported to those reads, and to no later one.
    expect((await cancelled.client.fetchAuthSession({ credentials: false })).tokens).toBeUndefined();
  });

  it('finds the same linked user on a second sign-in with the same identity', async () => {
    const email = uniqueEmail('twice');
    const one = await federatedSignIn('facebook', { email });
    await one.client.fetchAuthSession({ credentials: false });
    const two = await federatedSignIn('facebook', { email });
    await two.client.fetchAuthSession({ credentials: false });
    expect((await two.client.getCurrentUser()).username).toBe((await one.client.getCurrentUser()).username);
  });

  it('signs a signed-in customer in again at the provider (prompt=login) to confirm it is them: back where they were, the old sign-in ended', async () => {
    const email = uniqueEmail('again');
    const first = await federatedSignIn('google', { email });
    const before = (await first.client.fetchAuthSession({ credentials: false })).tokens!;
    const oldRefresh = first.storage.getItem(
      `CognitoIdentityServiceProvider.${emulator().userPoolClientId}.${String(before.accessToken.payload.username)}.refreshToken`,
    )!;
    expect(oldRefresh).toBeTruthy();

    const account = tab(`${APP}/dashboard/account`, first.back.browser.session);
    await client(account.browser, settings(), first.storage).signInWithRedirect({ provider: 'google', prompt: 'login' });
    expect(new URL(account.visits[0]!).searchParams.get('prompt')).toBe('login');
    const back = tab(await atProvider(account.visits[0]!, 'continue', email), account.browser.session);
    const again = client(back.browser, settings(), first.storage);
    const after = (await again.fetchAuthSession({ credentials: false })).tokens!;
    expect(back.browser.current).toBe(`${APP}/dashboard/account`);
    expect(after.idToken?.payload['cognito:username']).toBe(before.idToken?.payload['cognito:username']);
    expect(after.accessToken.payload.origin_jti).not.toBe(before.accessToken.payload.origin_jti);
    // The sign-in it replaced is ended: its refresh token is refused.
    const refused = await fetch(`${emulator().endpoint}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
      body: JSON.stringify({
        ClientId: emulator().userPoolClientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: oldRefresh },
      }),
    });
    expect(await refused.json()).toMatchObject({ __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
  });

  it('reports a cancelled flow with the §8 words, and keeps no session', async () => {
    const cancelled = await federatedSignIn('amazon', { action: 'cancel' });
    expect(new URL(cancelled.callback).searchParams.get('error')).toBe('access_denied');
    const refused = await rejection(cancelled.client.fetchAuthSession());
    expect([refused.name, refused.message]).toEqual(['OAuthSignInException', 'User cancelled OAuth flow.']);
    expect((await cancelled.client.fetchAuthSession({ credentials: false })).tokens).toBeUndefined();
  });

  it("reports an answer whose state is not the tab's as a hosted login state validation failure, and keeps no session", async () => {
    const start = tab(`${APP}/`);
    await client(start.browser).signInWithRedirect({ provider: 'google' });
    const callback = new URL(await atProvider(start.visits[0]!, 'continue'));
    callback.searchParams.set('state', 'tampered');
    const tampered = client(tab(callback.href, start.browser.session).browser);
    const invalidState = await rejection(tampered.fetchAuthSession());
    expect([invalidState.name, invalidState.message]).toEqual(['InvalidStateException', 'Hosted login state validation failed.']);
    expect((await tampered.fetchAuthSession({ credentials: false })).tokens).toBeUndefined();
  });

  it("calls an answer that arrives on another site than its flow's an invalid origin", async () => {
    const start = tab(`${APP}/`);
    await client(start.browser).signInWithRedirect({ provider: 'google' });
    const callback = new URL(await atProvider(start.visits[0]!, 'continue'));
    // The same tab storage (as a test can arrange; sessionStorage is per origin in a browser), another origin.
    const moved = `http://127.0.0.1:5173/oauth/callback${callback.search}`;
    const oauth = settings({ redirectSignIn: [`${APP}/oauth/callback`, 'http://127.0.0.1:5173/oauth/callback'] });
    const refused = await rejection(client(tab(moved, start.browser.session).browser, oauth).fetchAuthSession());
    expect([refused.name, refused.message]).toEqual(['InvalidOriginException', 'Invalid OAuth origin.']);
  });

  it("says it couldn't finish when the pool sends an error back, or refuses the code", async () => {
    // A scope the app client does not allow: the pool answers the callback URL with invalid_scope.
    const oauth = settings({ scopes: ['openid', 'phone', 'https://api.example.com/orders.read'] });
    const start = tab(`${APP}/`);
    await client(start.browser, oauth).signInWithRedirect({ provider: 'google' });
    const authorized = await fetch(start.visits[0]!, { redirect: 'manual' });
    const callback = authorized.headers.get('location')!;
    expect(new URL(callback).searchParams.get('error')).toBe('invalid_scope');
    const scopeError = await rejection(client(tab(callback, start.browser.session).browser, oauth).fetchAuthSession());
    expect([scopeError.name, scopeError.message, scopeError.recoverySuggestion]).toEqual([
      'OAuthSignInException',
      "Couldn't finish OAuth flow, check your User Pool HostedUI settings.",
      'A requested scope is not allowed for this client.',
    ]);

    // The same answer twice: the code is spent by the first exchange.
    const used = await federatedSignIn('google');
    await used.client.fetchAuthSession({ credentials: false });
    const flow = JSON.stringify({
      state: new URL(used.callback).searchParams.get('state'),
      redirectUri: `${APP}/oauth/callback`,
      responseType: 'code',
      verifier: 'x'.repeat(64),
      returnTo: '/',
    });
    const again = tab(used.callback);
    again.browser.session.setItem(`CognitoHostedUI.${emulator().userPoolClientId}.flow`, flow);
    const replay = await rejection(client(again.browser).fetchAuthSession());
    expect([replay.name, replay.message, replay.recoverySuggestion]).toEqual([
      'OAuthSignInException',
      "Couldn't finish OAuth flow, check your User Pool HostedUI settings.",
      'The token endpoint answered invalid_grant.',
    ]);
  });

  it('keeps an implicit-grant session, and refuses to refresh it with the §8 message', async () => {
    // The seeded client allows the code grant only: a client of the test's own allows the implicit one.
    const created = await adminSdk().send(
      new CreateUserPoolClientCommand({
        UserPoolId: emulator().userPoolId,
        ClientName: 'implicit-grant',
        AllowedOAuthFlowsUserPoolClient: true,
        AllowedOAuthFlows: ['implicit'],
        AllowedOAuthScopes: ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'],
        CallbackURLs: [`${APP}/oauth/callback`],
        LogoutURLs: [`${APP}/`],
        SupportedIdentityProviders: ['Google'],
      }),
    );
    const oauth = settings({ responseType: 'token' });
    const { callback, client: app } = await federatedSignIn('google', { oauth, clientId: created.UserPoolClient!.ClientId! });
    expect(new URL(callback).hash).toContain('access_token=');
    const session = await app.fetchAuthSession({ credentials: false });
    expect(session.tokens?.accessToken.payload.token_use).toBe('access');
    expect((await app.getCurrentUser()).signInDetails?.authFlowType).toBe('OAUTH_IMPLICIT');
    const refused = await rejection(app.fetchAuthSession({ forceRefresh: true }));
    expect(refused.message).toBe('Token refresh is not supported when authenticated with the implicit grant oauth flow');
    expect((await app.fetchAuthSession({ credentials: false })).tokens).toBeUndefined();
  });
});
