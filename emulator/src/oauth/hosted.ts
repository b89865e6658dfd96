/**
 * The pool's hosted UI: Cognito's OAuth 2.0 endpoints on the pool's own
 * domain, which here is the emulator's address (same port as the API).
 *
 * - GET  /oauth2/authorize  code grant (with PKCE, S256 only) or implicit grant;
 *                           with `identity_provider` it goes to that provider's page, else to /login
 * - GET  /login, POST /login  the hosted sign-in page (the pool's own users, by password, then any
 *                           new-password, MFA or e-mailed-code step, each on a page that posts back to /login)
 * - GET  /provider/{type}, POST /provider/{type}  stand-ins for the social providers' pages
 * - POST /oauth2/token      authorization_code (with code_verifier) and refresh_token grants
 * - GET|POST /oauth2/userInfo, POST /oauth2/revoke, GET /logout, GET /error
 *
 * Errors take the service's shapes: pages that cannot go back to the app
 * (unknown client, a redirect_uri the client does not list) land on /error;
 * others go back to the callback URL with `error` and `error_description`;
 * the token, userInfo and revoke endpoints answer JSON `{"error": …}`.
 * These are Cognito's own routes, so strict mode serves them too.
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type Context, clientById, own } from '../context.ts';
import { accountFor } from '../decoys.ts';
import { CognitoError, INCORRECT_CREDENTIALS, SESSION_EXPIRED } from '../errors.ts';
import { checkPassword } from '../firstFactors.ts';
import { answerHostedChallenge } from '../operations/challenges.ts';
import { type SignInAnswer, continueSignIn } from '../signIn.ts';
import {
  type AppClient,
  type ChallengeName,
  type HostedSession,
  type OAuthRequest,
  type SignInProgress,
  SOCIAL_PROVIDER_TYPES,
  type SocialProviderType,
  type User,
  type UserPool,
} from '../state.ts';
import { USER_ADMIN_SCOPE, issueTokens, readAccessToken, refreshTokens, revokeRefreshToken } from '../tokens.ts';
import { noOAuth } from './clientSettings.ts';
import { linkedUser, missingAttributes } from './federation.ts';
import { type ChallengeStep, challengePage, errorPage, loginPage, providerPage } from './pages.ts';

export interface HostedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const REQUEST_TTL_MS = 10 * 60 * 1000;
/** Cognito's authorization codes live five minutes and are good for one exchange. */
const CODE_TTL_MS = 5 * 60 * 1000;
const SESSION_TTL_MS = 60 * 60 * 1000;
/** A cap on what a flood of unfinished requests can make the pool hold. */
const MAX_PENDING = 10_000;
const SESSION_COOKIE = 'cognito';
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
};
const JSON_HEADERS = { 'content-type': 'application/json;charset=UTF-8', 'cache-control': 'no-store', pragma: 'no-cache' };

const HOSTED_PATHS = new Set(['/oauth2/authorize', '/login', '/oauth2/token', '/oauth2/userInfo', '/oauth2/revoke', '/logout', '/error']);
const PROVIDER_PATH = /^\/provider\/([A-Za-z]+)$/;

export const isHostedPath = (pathname: string) => HOSTED_PATHS.has(pathname) || PROVIDER_PATH.test(pathname);

const html = (status: number, body: string, extra: Record<string, string> = {}): HostedAnswer => ({
  status,
  headers: { ...PAGE_HEADERS, ...extra },
  body,
});
const json = (status: number, value: unknown, extra: Record<string, string> = {}): HostedAnswer => ({
  status,
  headers: { ...JSON_HEADERS, ...extra },
  body: JSON.stringify(value),
});
const redirect = (location: string, extra: Record<string, string> = {}): HostedAnswer => ({
  status: 302,
  headers: { location, 'cache-control': 'no-store', ...extra },
  body: '',
});
const errorRedirect = (error: string, description?: string, clientId?: string) =>
  redirect(
    `/error?${new URLSearchParams({ error, ...(description ? { error_description: description } : {}), ...(clientId ? { client_id: clientId } : {}) }).toString()}`,
  );

/** Back to the app with an OAuth error, the way RFC 6749 §4.1.2.1 says: in the query for the code grant, the fragment for implicit. */
function backWithError(request: Pick<OAuthRequest, 'redirectUri' | 'responseType' | 'state'>, error: string, description: string) {
  const params = new URLSearchParams({
    error_description: description,
    ...(request.state === undefined ? {} : { state: request.state }),
    error,
  });
  return redirect(withParams(request.redirectUri, params, request.responseType === 'token'));
}

function withParams(uri: string, params: URLSearchParams, inFragment: boolean): string {
  if (inFragment) return `${uri}#${params.toString()}`;
  return `${uri}${uri.includes('?') ? '&' : '?'}${params.toString()}`;
}

function cookies(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) out[part.slice(0, at).trim()] = part.slice(at + 1).trim();
  }
  return out;
}

function remember<T extends { expiresAt: number }>(map: Map<string, T>, key: string, value: T, now: number): void {
  for (const [oldKey, old] of map) {
    if (map.size < MAX_PENDING && old.expiresAt > now) break;
    map.delete(oldKey);
  }
  map.set(key, value);
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

interface ClientFound {
  pool: UserPool;
  client: AppClient;
}

function findClient(ctx: Context, clientId: string | null): ClientFound | null {
  if (!clientId) return null;
  try {
    return clientById(ctx, clientId);
  } catch (error) {
    if (error instanceof CognitoError) return null;
    throw error;
  }
}

const oauthOf = (client: AppClient) => client.oauth ?? noOAuth();
const isProvider = (name: string): name is SocialProviderType => (SOCIAL_PROVIDER_TYPES as readonly string[]).includes(name);

/** The providers a client may send customers to, of those its pool has. */
function clientProviders(pool: UserPool, client: AppClient): SocialProviderType[] {
  return oauthOf(client).identityProviders.filter(
    (name): name is SocialProviderType => isProvider(name) && own(pool.identityProviders ?? {}, name) !== undefined,
  );
}

type Checked = { ok: true; found: ClientFound; request: OAuthRequest; provider?: string } | { ok: false; answer: HostedAnswer };

/** Reads an authorize (or /login) request: the checks whose failure cannot go back to the app come first. */
function checkAuthorize(ctx: Context, query: URLSearchParams): Checked {
  const clientId = query.get('client_id');
  const found = findClient(ctx, clientId);
  if (!found) return { ok: false, answer: errorRedirect('invalid_request', 'Client does not exist.') };
  const oauth = oauthOf(found.client);
  if (!oauth.enabled) return { ok: false, answer: errorRedirect('unauthorized_client', 'Client is not enabled for OAuth2.0 flows.') };
  const redirectUri = query.get('redirect_uri') ?? oauth.defaultRedirectUri;
  if (!redirectUri) return { ok: false, answer: errorRedirect('invalid_request', 'redirect_uri is missing.') };
  if (!oauth.callbackUrls.includes(redirectUri)) return { ok: false, answer: errorRedirect('redirect_mismatch', undefined, clientId!) };
  const state = query.get('state') ?? undefined;
  const responseType = query.get('response_type');
  const back = (error: string, description: string): Checked => ({
    ok: false,
    answer: backWithError({ redirectUri, responseType: responseType === 'token' ? 'token' : 'code', state }, error, description),
  });
  if (responseType !== 'code' && responseType !== 'token') return back('unsupported_response_type', 'response_type must be code or token.');
  if (!oauth.flows.includes(responseType === 'code' ? 'code' : 'implicit')) {
    return back('unauthorized_client', `The ${responseType === 'code' ? 'code' : 'implicit'} grant is not allowed for this client.`);
  }
  const requested = (query.get('scope') ?? '').split(/[ +]/).filter(Boolean);
  const scopes = requested.length > 0 ? [...new Set(requested)] : oauth.scopes;
  if (scopes.some((scope) => !oauth.scopes.includes(scope)))
    return back('invalid_scope', 'A requested scope is not allowed for this client.');
  const codeChallenge = query.get('code_challenge') ?? undefined;
  const method = query.get('code_challenge_method');
  if (codeChallenge !== undefined || method !== null) {
    if (method !== 'S256') return back('invalid_request', 'code_challenge_method must be S256.');
    if (!codeChallenge || !/^[A-Za-z0-9_-]{43}$/.test(codeChallenge))
      return back('invalid_request', 'code_challenge is not a S256 challenge.');
  }
  const provider = query.get('identity_provider') ?? undefined;
  if (
    provider !== undefined &&
    provider !== 'COGNITO' &&
    !clientProviders(found.pool, found.client).includes(provider as SocialProviderType)
  ) {
    return back('invalid_request', 'Login option is not available. Please try another one');
  }
  const nonce = query.get('nonce') ?? undefined;
  const request: OAuthRequest = {
    poolId: found.pool.id,
    clientId: found.client.clientId,
    responseType,
    redirectUri,
    scopes,
    ...(state === undefined ? {} : { state }),
    ...(nonce === undefined ? {} : { nonce }),
    ...(codeChallenge === undefined ? {} : { codeChallenge }),
    expiresAt: ctx.now() + REQUEST_TTL_MS,
  };
  return { ok: true, found, request, ...(provider === undefined ? {} : { provider }) };
}

function hostedSession(ctx: Context, req: IncomingMessage): { id: string; session: HostedSession } | null {
  const id = cookies(req)[SESSION_COOKIE];
  const session = id ? ctx.runtime.hostedSessions.get(id) : undefined;
  if (!id || !session || session.expiresAt <= ctx.now()) return null;
  return { id, session };
}

/** The end of a successful sign-in: a hosted session, then a code (or the tokens, for implicit) back to the app. */
function complete(
  ctx: Context,
  request: OAuthRequest,
  pool: UserPool,
  client: AppClient,
  user: User,
  /** a sign-in through the hosted session's cookie keeps the time of the sign-in that set it */
  authenticatedAt = Math.floor(ctx.now() / 1000),
): HostedAnswer {
  const now = ctx.now();
  const sessionId = randomBytes(32).toString('base64url');
  remember(
    ctx.runtime.hostedSessions,
    sessionId,
    { poolId: pool.id, username: user.username, authTime: authenticatedAt, expiresAt: now + SESSION_TTL_MS },
    now,
  );
  const cookie = { 'set-cookie': `${SESSION_COOKIE}=${sessionId}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${SESSION_TTL_MS / 1000}` };
  const state: Record<string, string> = request.state === undefined ? {} : { state: request.state };
  if (request.responseType === 'code') {
    const code = randomUUID();
    remember(
      ctx.runtime.oauthCodes,
      code,
      {
        poolId: pool.id,
        clientId: client.clientId,
        username: user.username,
        redirectUri: request.redirectUri,
        scopes: request.scopes,
        ...(request.nonce === undefined ? {} : { nonce: request.nonce }),
        ...(request.codeChallenge === undefined ? {} : { codeChallenge: request.codeChallenge }),
        authTime: authenticatedAt,
        expiresAt: now + CODE_TTL_MS,
      },
      now,
    );
    return redirect(withParams(request.redirectUri, new URLSearchParams({ code, ...state }), false), cookie);
  }
  // The implicit grant hands out no refresh token.
  const tokens = issueTokens(ctx, pool, client, user, undefined, {
    scopes: request.scopes,
    ...(request.nonce ? { nonce: request.nonce } : {}),
    authTime: authenticatedAt,
  });
  const idToken: Record<string, string> = request.scopes.includes('openid') ? { id_token: tokens.IdToken } : {};
  const params = new URLSearchParams({
    ...idToken,
    access_token: tokens.AccessToken,
    expires_in: String(tokens.ExpiresIn),
    token_type: 'Bearer',
    ...state,
  });
  return redirect(withParams(request.redirectUri, params, true), cookie);
}

function pendingRequest(ctx: Context, id: string | null): OAuthRequest | null {
  const request = id ? ctx.runtime.oauthRequests.get(id) : undefined;
  return request && request.expiresAt > ctx.now() ? request : null;
}

function serveAuthorize(ctx: Context, req: IncomingMessage, url: URL): HostedAnswer {
  const checked = checkAuthorize(ctx, url.searchParams);
  if (!checked.ok) return checked.answer;
  const { found, request, provider } = checked;
  if (provider === undefined || provider === 'COGNITO') {
    // Signed in on this domain already (the hosted session's cookie): straight back to the app, the tokens saying
    // when that sign-in was. `prompt=login` asks for a new one (re-verification before a sensitive change).
    const signedIn = url.searchParams.get('prompt') === 'login' ? null : hostedSession(ctx, req);
    const user = signedIn && signedIn.session.poolId === found.pool.id ? own(found.pool.users, signedIn.session.username) : undefined;
    if (signedIn && user?.enabled) return complete(ctx, request, found.pool, found.client, user, signedIn.session.authTime);
    return redirect(`/login?${url.searchParams.toString()}`);
  }
  const requestId = randomBytes(24).toString('base64url');
  remember(ctx.runtime.oauthRequests, requestId, request, ctx.now());
  return redirect(`/provider/${provider}?${new URLSearchParams({ request: requestId }).toString()}`);
}

/** User names are at most 128 characters, as the service's Username member is (and as InitiateAuth reads them). */
const LOGIN_NAME_MAX = 128;

/**
 * The hosted sign-in page. GET shows the form; a POST with a user name and
 * password takes the steps USER_PASSWORD_AUTH takes (lockout, a decoy for a
 * name that is no user with the same work done, then the new-password, MFA or
 * e-mailed-code step on a page of its own); a POST with a `session` answers
 * that step as RespondToAuthChallenge does. Only a finished sign-in gets a code.
 */
function serveLogin(ctx: Context, req: IncomingMessage, url: URL, form: URLSearchParams): HostedAnswer {
  if (req.method === 'POST') {
    const requestId = form.get('request');
    const request = pendingRequest(ctx, requestId);
    if (!request) return errorRedirect('invalid_request', 'The sign-in request has expired; start again from the app.');
    const found = clientById(ctx, request.clientId);
    if (!oauthOf(found.client).identityProviders.includes('COGNITO')) {
      return backWithError(request, 'invalid_request', 'Login option is not available. Please try another one');
    }
    const session = form.get('session');
    return session === null
      ? passwordStep(ctx, requestId!, request, found, form)
      : challengeStep(ctx, requestId!, request, found, session, form);
  }
  const checked = checkAuthorize(ctx, url.searchParams);
  if (!checked.ok) return checked.answer;
  const requestId = randomBytes(24).toString('base64url');
  remember(ctx.runtime.oauthRequests, requestId, checked.request, ctx.now());
  return html(200, loginPageFor(requestId, checked.found.pool, checked.found.client, url.searchParams));
}

/** The password, checked as USER_PASSWORD_AUTH checks it; on to the next step, or back to the form with Cognito's message. */
function passwordStep(ctx: Context, requestId: string, request: OAuthRequest, found: ClientFound, form: URLSearchParams): HostedAnswer {
  const { pool, client } = found;
  const loginName = form.get('username') ?? '';
  const password = form.get('password') ?? '';
  try {
    if (loginName.length > LOGIN_NAME_MAX) throw new CognitoError('NotAuthorizedException', INCORRECT_CREDENTIALS);
    // A name that is no user gets its decoy whatever the client's setting: the page says the same for both.
    const account = accountFor(pool, loginName);
    const user = checkPassword(ctx, pool, account, loginName, password);
    const progress: SignInProgress = {
      poolId: pool.id,
      clientId: client.clientId,
      username: user.username,
      flow: 'password',
      hostedRequest: requestId,
    };
    return nextStep(ctx, requestId, request, found, continueSignIn(ctx, pool, client, user, progress));
  } catch (error) {
    if (!(error instanceof CognitoError)) throw error;
    return html(400, loginPageFor(requestId, pool, client, new URLSearchParams(), error.message));
  }
}

/** The answer to one step, posted back with its Session: the same checks and counting as RespondToAuthChallenge. */
function challengeStep(
  ctx: Context,
  requestId: string,
  request: OAuthRequest,
  found: ClientFound,
  token: string,
  form: URLSearchParams,
): HostedAnswer {
  const { pool, client } = found;
  const session = ctx.runtime.sessions.get(token);
  // Only a step this page opened for this very request; a sign-in of the API is answered there.
  if (!session || session.progress.hostedRequest !== requestId || session.progress.username === null) {
    return html(400, loginPageFor(requestId, pool, client, new URLSearchParams(), SESSION_EXPIRED));
  }
  const responses = hostedResponses(session.challenge, session.progress.username, form);
  try {
    return nextStep(ctx, requestId, request, found, answerHostedChallenge(ctx, found, session.challenge, responses, token));
  } catch (error) {
    if (!(error instanceof CognitoError)) throw error;
    // A wrong code leaves the step open (until too many); anything that ended it goes back to the start.
    const still = ctx.runtime.sessions.get(token);
    if (still)
      return html(400, challengePage({ requestId, session: token, step: stepOf(still.challenge, still.parameters), error: error.message }));
    return html(400, loginPageFor(requestId, pool, client, new URLSearchParams(), error.message));
  }
}

/** What the page's form posts, as RespondToAuthChallenge's ChallengeResponses. */
function hostedResponses(challenge: ChallengeName, username: string, form: URLSearchParams): Record<string, string> {
  const responses: Record<string, string> = { USERNAME: username };
  const code = form.get('code') ?? '';
  if (challenge === 'SOFTWARE_TOKEN_MFA') responses.SOFTWARE_TOKEN_MFA_CODE = code;
  if (challenge === 'SMS_MFA') responses.SMS_MFA_CODE = code;
  if (challenge === 'EMAIL_OTP') responses.EMAIL_OTP_CODE = code;
  if (challenge === 'SELECT_MFA_TYPE') responses.ANSWER = form.get('choice') ?? '';
  if (challenge === 'NEW_PASSWORD_REQUIRED') {
    responses.NEW_PASSWORD = form.get('new_password') ?? '';
    for (const [name, value] of form) if (name.startsWith('userAttributes.')) responses[name] = value;
  }
  return responses;
}

/** How the page shows a step the sign-in asks for. */
function stepOf(challenge: ChallengeName, parameters: Record<string, string>): ChallengeStep {
  switch (challenge) {
    case 'SOFTWARE_TOKEN_MFA':
    case 'SMS_MFA':
    case 'EMAIL_OTP':
      return {
        kind: 'code',
        challenge,
        ...(parameters.CODE_DELIVERY_DESTINATION ? { destination: parameters.CODE_DELIVERY_DESTINATION } : {}),
      };
    case 'SELECT_MFA_TYPE':
      return { kind: 'choose', choices: jsonList(parameters.MFAS_CAN_CHOOSE) };
    case 'NEW_PASSWORD_REQUIRED':
      return {
        kind: 'newPassword',
        requiredAttributes: jsonList(parameters.requiredAttributes).map((name) => name.replace(/^userAttributes\./, '')),
      };
    default:
      return {
        kind: 'unavailable',
        message: 'This account must first set up two-step verification, which this page does not offer: sign in through the app.',
      };
  }
}

function jsonList(text: string | undefined): string[] {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** A finished sign-in gets its code; any other answer is the page of the next step. */
function nextStep(ctx: Context, requestId: string, request: OAuthRequest, found: ClientFound, answer: SignInAnswer): HostedAnswer {
  if ('HostedSignIn' in answer) {
    const user = own(found.pool.users, answer.HostedSignIn.username);
    if (!user) return html(400, loginPageFor(requestId, found.pool, found.client, new URLSearchParams(), SESSION_EXPIRED));
    ctx.runtime.oauthRequests.delete(requestId);
    return complete(ctx, request, found.pool, found.client, user);
  }
  if (!('ChallengeName' in answer)) {
    // continueSignIn hands out tokens only to a sign-in that is not the page's; this one always is.
    throw new Error('A hosted-page sign-in finished with tokens instead of a code.');
  }
  return html(200, challengePage({ requestId, session: answer.Session, step: stepOf(answer.ChallengeName, answer.ChallengeParameters) }));
}

function loginPageFor(requestId: string, pool: UserPool, client: AppClient, query: URLSearchParams, error?: string): string {
  return loginPage({
    requestId,
    withForm: oauthOf(client).identityProviders.includes('COGNITO'),
    providers: query.has('client_id')
      ? clientProviders(pool, client).map((type) => {
          const params = new URLSearchParams(query);
          params.set('identity_provider', type);
          return { type, href: `/oauth2/authorize?${params.toString()}` };
        })
      : [],
    ...(error ? { error } : {}),
  });
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function serveProvider(ctx: Context, req: IncomingMessage, type: string, url: URL, form: URLSearchParams): HostedAnswer {
  if (!isProvider(type)) return html(404, errorPage('invalid_request', `There is no stand-in for a provider called ${type}.`));
  const requestId = req.method === 'POST' ? form.get('request') : url.searchParams.get('request');
  const request = pendingRequest(ctx, requestId);
  if (!request) return errorRedirect('invalid_request', 'The sign-in request has expired; start again from the app.');
  if (req.method !== 'POST') return html(200, providerPage(type, requestId!));
  const { pool, client } = clientById(ctx, request.clientId);
  const provider = own(pool.identityProviders ?? {}, type);
  if (!provider || !clientProviders(pool, client).includes(type)) {
    return backWithError(request, 'invalid_request', 'Login option is not available. Please try another one');
  }
  if (form.get('action') === 'cancel') {
    ctx.runtime.oauthRequests.delete(requestId!);
    // What a provider answers when its user declines; Cognito passes it on to the app.
    return backWithError(request, 'access_denied', 'The user cancelled the sign-in at the identity provider.');
  }
  const email = (form.get('email') ?? '').trim();
  if (!EMAIL.test(email)) return html(400, providerPage(type, requestId!, 'Type an e-mail address.'));
  ctx.runtime.oauthRequests.delete(requestId!);
  const missing = missingAttributes(pool, provider);
  if (missing.length > 0) return backWithError(request, 'invalid_request', `attributes required: [${missing.join(', ')}]`);
  const user = linkedUser(ctx, pool, provider, { email, name: (form.get('name') ?? '').trim() });
  if (!user.enabled) return backWithError(request, 'invalid_request', 'User is disabled.');
  return complete(ctx, request, pool, client, user);
}

/** The client a token or revoke request speaks for: HTTP Basic, or client_id (and client_secret) in the form. */
function tokenClient(ctx: Context, req: IncomingMessage, form: URLSearchParams): ClientFound | null {
  const header = String(req.headers.authorization ?? '');
  let clientId = form.get('client_id');
  let secret = form.get('client_secret');
  if (header.toLowerCase().startsWith('basic ')) {
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    // A malformed escape (`%E0%A4%A`) names no client: invalid_client, not a 500.
    try {
      clientId = decodeURIComponent(decoded.slice(0, colon));
      secret = decodeURIComponent(decoded.slice(colon + 1));
    } catch {
      return null;
    }
  }
  const found = findClient(ctx, clientId);
  if (!found) return null;
  const expected = found.client.clientSecret;
  if (expected !== undefined && (secret === null || !sameText(secret, expected))) return null;
  return found;
}

const isForm = (req: IncomingMessage) =>
  String(req.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase() === 'application/x-www-form-urlencoded';

function serveToken(ctx: Context, req: IncomingMessage, form: URLSearchParams): HostedAnswer {
  const fail = (error: string) => json(400, { error });
  if (req.method !== 'POST' || !isForm(req)) return fail('invalid_request');
  const found = tokenClient(ctx, req, form);
  if (!found) return fail('invalid_client');
  const { pool, client } = found;
  const oauth = oauthOf(client);
  if (!oauth.enabled) return fail('unauthorized_client');
  const grantType = form.get('grant_type');
  if (grantType === 'refresh_token') {
    const refreshToken = form.get('refresh_token');
    if (!refreshToken) return fail('invalid_request');
    try {
      // A client that rotates refresh tokens does here what GetTokensFromRefreshToken does: a new one, the old one spent.
      const tokens = refreshTokens(ctx, pool, client, { refreshToken, rotate: client.refreshTokenRotation.enabled });
      return json(200, {
        id_token: tokens.IdToken,
        access_token: tokens.AccessToken,
        ...('RefreshToken' in tokens ? { refresh_token: tokens.RefreshToken } : {}),
        expires_in: tokens.ExpiresIn,
        token_type: 'Bearer',
      });
    } catch (error) {
      if (error instanceof CognitoError) return fail('invalid_grant');
      throw error;
    }
  }
  if (grantType === 'client_credentials') return fail('unauthorized_client');
  if (grantType !== 'authorization_code') return fail('unsupported_grant_type');
  if (!oauth.flows.includes('code')) return fail('unauthorized_client');
  const codeText = form.get('code');
  if (!codeText) return fail('invalid_request');
  const code = ctx.runtime.oauthCodes.get(codeText);
  // A code is good for one exchange, right or wrong: whatever happens next, it is spent.
  ctx.runtime.oauthCodes.delete(codeText);
  if (!code || code.expiresAt <= ctx.now() || code.clientId !== client.clientId || code.redirectUri !== form.get('redirect_uri')) {
    return fail('invalid_grant');
  }
  if (code.codeChallenge !== undefined) {
    const verifier = form.get('code_verifier');
    if (!verifier || !/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || !sameText(s256(verifier), code.codeChallenge))
      return fail('invalid_grant');
  }
  const user = own(pool.users, code.username);
  if (!user || !user.enabled) return fail('invalid_grant');
  // auth_time is when the user signed in, not when the app exchanged the code.
  const tokens = issueTokens(ctx, pool, client, user, undefined, {
    scopes: code.scopes,
    ...(code.nonce ? { nonce: code.nonce } : {}),
    authTime: code.authTime,
  });
  return json(200, {
    ...(code.scopes.includes('openid') ? { id_token: tokens.IdToken } : {}),
    access_token: tokens.AccessToken,
    refresh_token: tokens.RefreshToken,
    expires_in: tokens.ExpiresIn,
    token_type: 'Bearer',
  });
}

function serveUserInfo(ctx: Context, req: IncomingMessage): HostedAnswer {
  const invalid = (description: string) =>
    json(
      401,
      { error: 'invalid_token', error_description: description },
      { 'www-authenticate': `Bearer error="invalid_token", error_description="${description}"` },
    );
  const header = String(req.headers.authorization ?? '');
  if (!/^bearer /i.test(header)) return json(400, { error: 'invalid_request', error_description: 'Bearer token is missing.' });
  try {
    const { user, claims } = readAccessToken(ctx, header.slice(7).trim());
    const scopes = (typeof claims.scope === 'string' ? claims.scope : '').split(' ');
    if (!scopes.includes('openid') && !scopes.includes(USER_ADMIN_SCOPE)) return invalid('Access token does not contain openid scope');
    const { sub, ...attributes } = user.attributes;
    return json(200, { sub: sub ?? user.username, ...attributes, username: user.username });
  } catch (error) {
    if (error instanceof CognitoError) return invalid(error.message);
    throw error;
  }
}

function serveRevoke(ctx: Context, req: IncomingMessage, form: URLSearchParams): HostedAnswer {
  const fail = (error: string, status = 400) => json(status, { error });
  if (req.method !== 'POST' || !isForm(req)) return fail('invalid_request');
  const token = form.get('token');
  if (!token) return fail('invalid_request');
  const found = tokenClient(ctx, req, form);
  if (!found) return fail('invalid_client', 401);
  try {
    revokeRefreshToken(ctx, found.pool, found.client, token);
  } catch (error) {
    if (!(error instanceof CognitoError)) throw error;
    if (error.type === 'UnsupportedTokenTypeException') return fail('unsupported_token_type');
    if (error.type === 'UnsupportedOperationException') return fail('unsupported_operation');
    return fail('invalid_request');
  }
  return { status: 200, headers: { 'cache-control': 'no-store', 'content-type': 'application/json;charset=UTF-8' }, body: '' };
}

function serveLogout(ctx: Context, req: IncomingMessage, url: URL): HostedAnswer {
  const query = url.searchParams;
  const found = findClient(ctx, query.get('client_id'));
  if (!found) return errorRedirect('invalid_request', 'Client does not exist.');
  const oauth = oauthOf(found.client);
  const logoutUri = query.get('logout_uri');
  const redirectUri = query.get('redirect_uri');
  let next: string;
  if (logoutUri !== null) {
    if (!oauth.logoutUrls.includes(logoutUri)) return errorRedirect('redirect_mismatch', undefined, found.client.clientId);
    next = logoutUri;
  } else if (redirectUri !== null && query.get('response_type') !== null) {
    // Sign out, then sign in again (as another user): on to the hosted page with the same request.
    if (!oauth.callbackUrls.includes(redirectUri)) return errorRedirect('redirect_mismatch', undefined, found.client.clientId);
    const params = new URLSearchParams(query);
    params.delete('logout_uri');
    next = `/login?${params.toString()}`;
  } else {
    return errorRedirect('invalid_request', 'Required String parameter logout_uri is not present.');
  }
  const signedIn = hostedSession(ctx, req);
  if (signedIn) ctx.runtime.hostedSessions.delete(signedIn.id);
  return redirect(next, { 'set-cookie': `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0` });
}

/** Serves one request to the hosted UI. `body` is the request's body (form-encoded for the POSTs). */
export function serveHosted(ctx: Context, req: IncomingMessage, url: URL, body: string): HostedAnswer {
  const method = req.method ?? 'GET';
  const form = new URLSearchParams(method === 'POST' && isForm(req) ? body : '');
  const provider = PROVIDER_PATH.exec(url.pathname);
  if (provider) return method === 'GET' || method === 'POST' ? serveProvider(ctx, req, provider[1]!, url, form) : notAllowed();
  switch (url.pathname) {
    case '/oauth2/authorize':
      return method === 'GET' ? serveAuthorize(ctx, req, url) : notAllowed();
    case '/login':
      return method === 'GET' || method === 'POST' ? serveLogin(ctx, req, url, form) : notAllowed();
    case '/oauth2/token':
      return serveToken(ctx, req, form);
    case '/oauth2/userInfo':
      return method === 'GET' || method === 'POST' ? serveUserInfo(ctx, req) : notAllowed();
    case '/oauth2/revoke':
      return serveRevoke(ctx, req, form);
    case '/logout':
      return method === 'GET' ? serveLogout(ctx, req, url) : notAllowed();
    default:
      return html(
        400,
        errorPage(url.searchParams.get('error') ?? 'invalid_request', url.searchParams.get('error_description') ?? undefined),
      );
  }
}

const notAllowed = (): HostedAnswer => json(405, { error: 'invalid_request', error_description: 'Method not allowed.' });
