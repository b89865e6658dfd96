/**
 * Sign-in through the pool's hosted UI (OAuth 2.0), loaded on first use:
 *
 * - signInWithRedirect: a PKCE verifier (S256) and a `state`, kept in this
 *   tab's sessionStorage, then off to /oauth2/authorize with the provider;
 * - finishRedirect: the callback's answer, checked against that state; a code
 *   is exchanged at /oauth2/token, and the tokens are kept as an SRP sign-in's;
 * - signOutRedirect: the hosted UI's own session ends at /logout.
 *
 * Each failure carries the words of spec §8. A hosted login state validation
 * error (the answer's state is not this tab's), an invalid redirect (no
 * redirect URL of the configuration on this site) and an invalid origin (the
 * answer came back to another site) are named InvalidStateException,
 * InvalidRedirectException and InvalidOriginException, and say "Couldn't finish OAuth flow, check your User
 * Pool HostedUI settings.", with the particulars in the recovery suggestion.
 */
import type { ClientContext } from './context.ts';
import { AuthError, NETWORK_ERROR_MESSAGE } from './errors.ts';
import type { OAuthBrowser, OAuthSettings, PendingFlow } from './oauthRedirect.ts';
import { tokensFromResult, userFromTokens } from './session.ts';
import type { Tokens } from './tokenStore.ts';
import type { AuthUser } from './types.ts';

export type OAuthProvider = 'amazon' | 'apple' | 'google' | 'facebook';

const flowKey = (clientId: string) => `CognitoHostedUI.${clientId}.flow`;

/** The window's address bar and sessionStorage; undefined outside a browser. */
function browserOr(given: OAuthBrowser | undefined): OAuthBrowser {
  if (given) return given;
  if (typeof window === 'undefined') throw new AuthError('PlatformNotSupportedException', 'Function not supported on current platform');
  return {
    get href() {
      return location.href;
    },
    assign: (url) => location.assign(url),
    replace: (url) => history.replaceState(null, '', url),
    session: sessionStorage,
  };
}

/** The providers' names in Cognito. */
const PROVIDER_NAMES: Record<OAuthProvider, string> = {
  amazon: 'LoginWithAmazon',
  apple: 'SignInWithApple',
  google: 'Google',
  facebook: 'Facebook',
};

export const OAUTH_MESSAGES = {
  notConfigured: 'oauth param not configured',
  cancelled: 'User cancelled OAuth flow.',
  hostedUi: "Couldn't finish OAuth flow, check your User Pool HostedUI settings.",
} as const;

function settingsOf(ctx: ClientContext): OAuthSettings {
  const oauth = ctx.config.oauth;
  if (!oauth) throw new AuthError('OAuthNotConfigureException', OAUTH_MESSAGES.notConfigured, 'Add the oauth block to the configuration.');
  return oauth;
}

/** The pool's domain as a URL: a bare host means https, as Cognito's domains are. */
export const domainUrl = (oauth: OAuthSettings) =>
  (/^https?:\/\//.test(oauth.domain) ? oauth.domain : `https://${oauth.domain}`).replace(/\/$/, '');

/** The configured URL on this page's origin: the hosted UI sends the customer back to the site they left. */
function urlOnThisOrigin(urls: string[], href: string, kind: string): string {
  const origin = new URL(href).origin;
  const found = urls.find((url) => URL.canParse(url) && new URL(url).origin === origin);
  if (!found) {
    throw new AuthError('InvalidRedirectException', OAUTH_MESSAGES.hostedUi, `No ${kind} URL of the oauth configuration is on ${origin}.`);
  }
  return found;
}

const base64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const randomText = (bytes: number) => base64Url(crypto.getRandomValues(new Uint8Array(bytes)));

async function challengeOf(verifier: string): Promise<string> {
  return base64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
}

/** Leaves for the provider's sign-in page; the answer comes back to the callback URL (finishRedirect). */
export async function signInWithRedirect(
  ctx: ClientContext,
  given: OAuthBrowser | undefined,
  input: { provider: OAuthProvider },
): Promise<void> {
  const oauth = settingsOf(ctx);
  const browser = browserOr(given);
  const href = browser.href;
  const redirectUri = urlOnThisOrigin(oauth.redirectSignIn, href, 'sign-in');
  const here = new URL(href);
  const flow: PendingFlow = {
    state: randomText(32),
    redirectUri,
    responseType: oauth.responseType,
    returnTo: `${here.pathname}${here.search}${here.hash}`,
    ...(oauth.responseType === 'code' ? { verifier: randomText(48) } : {}),
  };
  const params = new URLSearchParams({
    response_type: oauth.responseType,
    client_id: ctx.config.userPoolClientId,
    redirect_uri: redirectUri,
    scope: oauth.scopes.join(' '),
    state: flow.state,
    identity_provider: PROVIDER_NAMES[input.provider],
  });
  if (flow.verifier) {
    params.set('code_challenge', await challengeOf(flow.verifier));
    params.set('code_challenge_method', 'S256');
  }
  browser.session.setItem(flowKey(ctx.config.userPoolClientId), JSON.stringify(flow));
  browser.assign(`${domainUrl(oauth)}/oauth2/authorize?${params.toString()}`);
}

async function exchangeCode(ctx: ClientContext, oauth: OAuthSettings, flow: PendingFlow, code: string) {
  let response: Response;
  try {
    response = await fetch(`${domainUrl(oauth)}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: ctx.config.userPoolClientId,
        code,
        redirect_uri: flow.redirectUri,
        code_verifier: flow.verifier ?? '',
      }).toString(),
    });
  } catch (error) {
    throw new AuthError('NetworkError', NETWORK_ERROR_MESSAGE, 'Check the connection and sign in again.', { cause: error });
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok || typeof body.access_token !== 'string') {
    // invalid_grant and its kind: the pool refused the code, as a wrong hosted-UI setting makes it do.
    throw new AuthError(
      'OAuthSignInException',
      OAUTH_MESSAGES.hostedUi,
      `The token endpoint answered ${typeof body.error === 'string' ? body.error : response.status}.`,
    );
  }
  return {
    AccessToken: body.access_token,
    IdToken: typeof body.id_token === 'string' ? body.id_token : undefined,
    RefreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : undefined,
  };
}

/** Finishes the flow the callback URL answers; the session is kept as an SRP sign-in's. */
export async function finishRedirect(ctx: ClientContext, given: OAuthBrowser | undefined, callbackUrl: string): Promise<AuthUser> {
  const oauth = settingsOf(ctx);
  const browser = browserOr(given);
  let flow: PendingFlow | null = null;
  try {
    flow = JSON.parse(browser.session.getItem(flowKey(ctx.config.userPoolClientId)) ?? 'null') as PendingFlow | null;
  } catch {
    // Unreadable: answered below as a state that does not match.
  }
  // One answer per flow: whatever happens below, the verifier is spent.
  browser.session.removeItem(flowKey(ctx.config.userPoolClientId));
  // The address bar shows where the customer was, whatever the answer: the router reads it next.
  browser.replace(flow?.returnTo ?? '/');
  const url = new URL(callbackUrl);
  const answer = new URLSearchParams(url.hash.length > 1 ? url.hash.slice(1) : url.search);
  const error = answer.get('error');
  if (error === 'access_denied') throw new AuthError('OAuthSignInException', OAUTH_MESSAGES.cancelled, 'Choose a provider to try again.');
  if (!flow || answer.get('state') !== flow.state) {
    throw new AuthError(
      'InvalidStateException',
      OAUTH_MESSAGES.hostedUi,
      'The answer is not for the sign-in this tab started (its state differs): start again.',
    );
  }
  if (new URL(flow.redirectUri).origin !== url.origin) {
    throw new AuthError('InvalidOriginException', OAUTH_MESSAGES.hostedUi, 'The answer came back to another site than the one that asked.');
  }
  if (error) throw new AuthError('OAuthSignInException', answer.get('error_description') ?? OAUTH_MESSAGES.hostedUi);
  const code = answer.get('code');
  const result =
    flow.responseType === 'code' && code
      ? await exchangeCode(ctx, oauth, flow, code)
      : { AccessToken: answer.get('access_token') ?? undefined, IdToken: answer.get('id_token') ?? undefined };
  const tokens = tokensFromResult(ctx, result);
  tokens.signInDetails = { loginId: tokens.username, authFlowType: flow.responseType === 'code' ? 'OAUTH_CODE' : 'OAUTH_IMPLICIT' };
  ctx.store.save(tokens);
  const user = userFromTokens(tokens);
  ctx.events.emit({ type: 'signedIn', user });
  return user;
}

/** Ends the hosted UI's session too, which would otherwise sign the customer straight back in. */
export function signOutRedirect(ctx: ClientContext, given: OAuthBrowser | undefined, signedOut: Tokens | null): void {
  if (!signedOut?.signInDetails?.authFlowType.startsWith('OAUTH')) return;
  const oauth = settingsOf(ctx);
  const browser = browserOr(given);
  const logoutUri = urlOnThisOrigin(oauth.redirectSignOut, browser.href, 'sign-out');
  const params = new URLSearchParams({ client_id: ctx.config.userPoolClientId, logout_uri: logoutUri });
  browser.assign(`${domainUrl(oauth)}/logout?${params.toString()}`);
}
