/**
 * Sign-in through the pool's hosted UI (OAuth 2.0), loaded on first use:
 *
 * - signInWithRedirect: a PKCE verifier (S256) and a `state`, kept in this
 *   tab's sessionStorage, then off to /oauth2/authorize with the provider;
 * - finishRedirect: the callback's answer, checked against that state; a code
 *   is exchanged at /oauth2/token, and the tokens are kept as an SRP sign-in's;
 * - signOutRedirect: the hosted UI's own session ends at /logout.
 *
 * Each failure has its own words of spec §8 (OAUTH_MESSAGES), raised where its
 * condition occurs: no oauth block; no usable redirect URL at all (invalid
 * redirect); redirect URLs, but none on this site, or an answer arriving on
 * another site than the one that asked (invalid origin); an answer whose
 * state is not this tab's (hosted login state validation); the customer
 * declining at the provider (cancelled); anything the pool refuses on the way
 * (couldn't finish).
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

/**
 * Spec §8's OAuth messages. It gives four word for word; for the invalid
 * redirect, the invalid origin and the state validation it names only the
 * error, so these words are ours (src/i18n/errorCatalogue.ts translates all seven).
 */
export const OAUTH_MESSAGES = {
  notConfigured: 'oauth param not configured',
  cancelled: 'User cancelled OAuth flow.',
  hostedUi: "Couldn't finish OAuth flow, check your User Pool HostedUI settings.",
  invalidRedirect: 'Invalid OAuth redirect.',
  invalidOrigin: 'Invalid OAuth origin.',
  invalidState: 'Hosted login state validation failed.',
} as const;

function settingsOf(ctx: ClientContext): OAuthSettings {
  const oauth = ctx.config.oauth;
  if (!oauth) throw new AuthError('OAuthNotConfigureException', OAUTH_MESSAGES.notConfigured, 'Add the oauth block to the configuration.');
  return oauth;
}

/** The pool's domain as a URL: a bare host means https, as Cognito's domains are. */
export const domainUrl = (oauth: OAuthSettings) =>
  (/^https?:\/\//.test(oauth.domain) ? oauth.domain : `https://${oauth.domain}`).replace(/\/$/, '');

const isWebUrl = (url: string) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol);

/**
 * The configured URL on this page's origin: the hosted UI sends the customer
 * back to the site they left. No http(s) URL at all is an invalid redirect;
 * some, but none of this site's, an invalid origin.
 */
function urlOnThisOrigin(urls: string[], href: string, kind: 'sign-in' | 'sign-out'): string {
  const origin = new URL(href).origin;
  const usable = urls.filter(isWebUrl);
  if (usable.length === 0) {
    const list = kind === 'sign-in' ? 'redirectSignIn' : 'redirectSignOut';
    throw new AuthError('InvalidRedirectException', OAUTH_MESSAGES.invalidRedirect, `Give oauth.${list} an http(s) URL of this site.`);
  }
  const found = usable.find((url) => new URL(url).origin === origin);
  if (!found) {
    throw new AuthError(
      'InvalidOriginException',
      OAUTH_MESSAGES.invalidOrigin,
      `No ${kind} URL of the oauth configuration is on ${origin}.`,
    );
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
  input: { provider: OAuthProvider; prompt?: 'login' },
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
    // A new sign-in even where the hosted UI or the provider has a session: re-verification before a sensitive change.
    ...(input.prompt && { prompt: input.prompt }),
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
      OAUTH_MESSAGES.invalidState,
      'The answer is not for the sign-in this tab started (its state differs): start again.',
    );
  }
  if (new URL(flow.redirectUri).origin !== url.origin) {
    throw new AuthError(
      'InvalidOriginException',
      OAUTH_MESSAGES.invalidOrigin,
      'The answer came back to another site than the one that asked.',
    );
  }
  // Any other error the pool sent back (a provider it cannot use, attributes it lacks): its words are the particulars.
  if (error) throw new AuthError('OAuthSignInException', OAUTH_MESSAGES.hostedUi, answer.get('error_description') ?? error);
  const code = answer.get('code');
  const accessToken = answer.get('access_token');
  if (flow.responseType === 'code' ? !code : !accessToken) {
    throw new AuthError(
      'OAuthSignInException',
      OAUTH_MESSAGES.hostedUi,
      `The answer carries no ${flow.responseType === 'code' ? 'code' : 'access token'}.`,
    );
  }
  const result =
    flow.responseType === 'code'
      ? await exchangeCode(ctx, oauth, flow, code!)
      : { AccessToken: accessToken ?? undefined, IdToken: answer.get('id_token') ?? undefined };
  const tokens = tokensFromResult(ctx, result);
  tokens.signInDetails = { loginId: tokens.username, authFlowType: flow.responseType === 'code' ? 'OAUTH_CODE' : 'OAUTH_IMPLICIT' };
  // A customer who signed in again at the provider to confirm it's them (prompt=login): the sign-in replaced ends.
  const replaced = ctx.store.load();
  ctx.store.save(tokens);
  if (replaced?.refreshToken && replaced.accessToken.payload.origin_jti) {
    await ctx.call('RevokeToken', { ClientId: ctx.config.userPoolClientId, Token: replaced.refreshToken }).catch(() => {});
  }
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
