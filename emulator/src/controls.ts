/**
 * The test controls under `/_emulator/` (answered on loopback only): config,
 * outbox and mailbox, the seeded pool's features to try, clock, faults, reset,
 * token lifetimes and TOTP codes.
 * Their shapes are documented in docs/test-pool.md and are stable.
 */
import { type Context, clientById, findUser, own, poolById } from './context.ts';
import { CognitoError, errors } from './errors.ts';
import { parseFault } from './faults.ts';
import { type Input, asInput, optionalBoolean, optionalEnum, optionalInteger, optionalString } from './input.ts';
import { MAILBOX_SCRIPT, type PoolFeatures, mailboxPage } from './mailbox.ts';
import { checkMfaFactors } from './operations/poolSettings.ts';
import { type AppClient, MAX_CLOCK_OFFSET_MS, type UserPool } from './state.ts';
import { STEP_SECONDS, stepAt, totpAt } from './totp.ts';

export interface EmulatorConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  identityPoolId?: string;
  endpoint: string;
  /** `localhost:<port>` of the hosted UI over TLS (`--tls-port`), the value of AWS Amplify's `oauth.domain` */
  hostedUiDomain?: string;
  /** the second factors the seeded pool lets users turn on (none while its MFA is OFF), as an app's config.json says them */
  mfaMethods: ('TOTP' | 'SMS' | 'EMAIL' | 'WEB_AUTHN')[];
  /** whether the seeded pool tracks sessions (SetUserPoolSessionConfiguration), so an app may list and end them */
  userSessions: boolean;
}

export interface ControlHost {
  ctx: Context;
  config(): EmulatorConfig;
  /** Back to the seeded pools with no users, an empty outbox, the true time and no faults. */
  reset(): void;
}

export interface ControlAnswer {
  status: number;
  contentType: string;
  body: string;
}

const json = (value: unknown, status = 200): ControlAnswer => ({ status, contentType: 'application/json', body: JSON.stringify(value) });

function clock(ctx: Context) {
  return { now: ctx.now(), iso: new Date(ctx.now()).toISOString(), offsetMs: ctx.state.clockOffsetMs };
}

function setClock(ctx: Context, body: Input) {
  const advanceMs = optionalInteger(body, 'advanceMs', { min: -2 * MAX_CLOCK_OFFSET_MS, max: 2 * MAX_CLOCK_OFFSET_MS });
  const offsetMs = optionalInteger(body, 'offsetMs', { min: -MAX_CLOCK_OFFSET_MS, max: MAX_CLOCK_OFFSET_MS });
  if ((advanceMs === undefined) === (offsetMs === undefined)) throw errors.invalidParameter('Give either "advanceMs" or "offsetMs".');
  const next = offsetMs ?? ctx.state.clockOffsetMs + advanceMs!;
  if (Math.abs(next) > MAX_CLOCK_OFFSET_MS) {
    throw errors.invalidParameter(
      `The clock moves at most 100 years either way from the machine's (offsetMs ${-MAX_CLOCK_OFFSET_MS} to ${MAX_CLOCK_OFFSET_MS}); this would make it ${next}.`,
    );
  }
  ctx.state.clockOffsetMs = next;
  ctx.changed({ kind: 'clock' });
  return clock(ctx);
}

// The service's longest lifetimes; the shortest are relaxed to one second for tests.
const LIMITS = { accessTokenSeconds: 86_400, idTokenSeconds: 86_400, refreshTokenSeconds: 315_360_000, authSessionSeconds: 900 } as const;

function lifetimes(client: AppClient) {
  return {
    clientId: client.clientId,
    accessTokenSeconds: client.accessTokenValidity,
    idTokenSeconds: client.idTokenValidity,
    refreshTokenSeconds: client.refreshTokenValidity,
    authSessionSeconds: client.authSessionValidity,
  };
}

function setLifetimes(host: ControlHost, body: Input) {
  const { ctx } = host;
  const { pool, client } = clientById(ctx, optionalString(body, 'clientId', { min: 1 }) ?? host.config().userPoolClientId);
  const read = (name: keyof typeof LIMITS) => optionalInteger(body, name, { min: 1, max: LIMITS[name] });
  const [access, id, refresh, session] = [
    read('accessTokenSeconds'),
    read('idTokenSeconds'),
    read('refreshTokenSeconds'),
    read('authSessionSeconds'),
  ];
  if (access !== undefined) [client.accessTokenValidity, client.tokenValidityUnits.AccessToken] = [access, 'seconds'];
  if (id !== undefined) [client.idTokenValidity, client.tokenValidityUnits.IdToken] = [id, 'seconds'];
  if (refresh !== undefined) [client.refreshTokenValidity, client.tokenValidityUnits.RefreshToken] = [refresh, 'seconds'];
  if (session !== undefined) client.authSessionValidity = session;
  client.modifiedAt = ctx.now();
  ctx.changed({ kind: 'clients', poolId: pool.id, key: client.clientId });
  return lifetimes(client);
}

/**
 * What a person may switch on to try the rest of the app on the seeded pool, whose MFA is off as spec §9 has it:
 * two-step verification (optional, with the factors the pool has) and remembered devices (asked after sign-in).
 */
function poolFeatures(host: ControlHost): PoolFeatures {
  const pool = poolById(host.ctx, host.config().userPoolId);
  return { mfa: pool.mfaConfiguration, deviceTracking: pool.deviceConfiguration !== null };
}

/** The second factors the pool has set up, as the mailbox page names them. */
const factorsInWords = (pool: UserPool) => [
  ...(pool.softwareTokenMfa ? ['an authenticator app'] : []),
  ...(pool.smsMfa ? ['codes by SMS'] : []),
  ...(pool.emailMfa ? ['codes by e-mail'] : []),
];

function setPoolFeatures(host: ControlHost, body: Input): PoolFeatures {
  const { ctx } = host;
  const pool = poolById(ctx, host.config().userPoolId);
  const mfa = optionalEnum(body, 'mfa', ['OFF', 'OPTIONAL'] as const);
  const deviceTracking = optionalBoolean(body, 'deviceTracking');
  if (mfa === undefined && deviceTracking === undefined) {
    throw errors.invalidParameter('Give "mfa" ("OFF" or "OPTIONAL"), "deviceTracking" (true or false), or both.');
  }
  if (mfa !== undefined) {
    checkMfaFactors(mfa, pool);
    pool.mfaConfiguration = mfa;
  }
  if (deviceTracking !== undefined) {
    pool.deviceConfiguration = deviceTracking ? { challengeRequiredOnNewDevice: true, deviceOnlyRememberedOnUserPrompt: true } : null;
  }
  pool.modifiedAt = ctx.now();
  ctx.changed({ kind: 'pool', poolId: pool.id });
  return poolFeatures(host);
}

/** The code an authenticator app would show now on the emulator's clock, for a secret or a user's registered one. */
function totpCode(host: ControlHost, query: URLSearchParams) {
  const { ctx } = host;
  let secret = query.get('secret') ?? undefined;
  const username = query.get('username');
  if (!secret && username) {
    const user = findUser(poolById(ctx, query.get('userPoolId') ?? host.config().userPoolId), username);
    if (!user) throw errors.userNotFound();
    secret = user.pendingTotpSecret ?? user.totp?.secret;
    if (!secret) throw errors.softwareTokenMfaNotFound();
  }
  if (!secret) throw errors.invalidParameter('Give "secret" or "username".');
  const now = ctx.now();
  try {
    return { code: totpAt(secret, now), step: stepAt(now), validForMs: (stepAt(now) + 1) * STEP_SECONDS * 1000 - now };
  } catch {
    throw errors.invalidParameter('The secret is not base32.');
  }
}

function parseBody(body: string): Input {
  if (body.trim() === '') return {};
  try {
    return asInput(JSON.parse(body));
  } catch (error) {
    if (error instanceof CognitoError) throw error;
    throw errors.serialization('Request body is not valid JSON.');
  }
}

type Route = (host: ControlHost, query: URLSearchParams, body: string) => ControlAnswer;

const ROUTES: Record<string, Route> = {
  'GET /_emulator/config': (host) => json(host.config()),
  'GET /_emulator/outbox': ({ ctx }, query) => {
    const to = query.get('to')?.toLowerCase();
    return json(to ? ctx.state.outbox.filter((m) => m.to.toLowerCase() === to) : ctx.state.outbox);
  },
  'GET /_emulator/': (host) => ({
    status: 200,
    contentType: 'text/html; charset=utf-8',
    body: mailboxPage(host.ctx.state.outbox, poolFeatures(host), factorsInWords(poolById(host.ctx, host.config().userPoolId))),
  }),
  'GET /_emulator/mailbox.js': () => ({ status: 200, contentType: 'text/javascript; charset=utf-8', body: MAILBOX_SCRIPT }),
  'GET /_emulator/pool': (host) => json(poolFeatures(host)),
  'POST /_emulator/pool': (host, _query, body) => json(setPoolFeatures(host, parseBody(body))),
  'GET /_emulator/clock': ({ ctx }) => json(clock(ctx)),
  'POST /_emulator/clock': ({ ctx }, _query, body) => json(setClock(ctx, parseBody(body))),
  'GET /_emulator/faults': ({ ctx }) => json({ faults: ctx.runtime.faults }),
  'POST /_emulator/faults': ({ ctx }, _query, body) => {
    const fault = parseFault(parseBody(body));
    ctx.runtime.faults.push(fault);
    return json({ fault }, 201);
  },
  'DELETE /_emulator/faults': ({ ctx }) => {
    ctx.runtime.faults.length = 0;
    return json({ faults: [] });
  },
  'POST /_emulator/reset': (host) => {
    host.reset();
    return json(host.config());
  },
  'GET /_emulator/token-validity': (host, query) =>
    json(lifetimes(clientById(host.ctx, query.get('clientId') ?? host.config().userPoolClientId).client)),
  'POST /_emulator/token-validity': (host, _query, body) => json(setLifetimes(host, parseBody(body))),
  'GET /_emulator/totp': (host, query) => json(totpCode(host, query)),
};

/** The answer for a control endpoint, or null when the path is not one. */
export function answerControl(host: ControlHost, method: string, url: URL, body: string): ControlAnswer | null {
  const path = url.pathname === '/_emulator' ? '/_emulator/' : url.pathname;
  const route = own(ROUTES, `${method} ${path}`);
  if (!route) {
    const known = Object.keys(ROUTES).some((key) => key.endsWith(` ${path}`));
    return known ? json({ __type: 'MethodNotAllowed', message: `${method} is not supported on ${path}.` }, 405) : null;
  }
  try {
    return route(host, url.searchParams, body);
  } catch (error) {
    if (error instanceof CognitoError) return json({ __type: error.type, message: error.message }, error.status === 500 ? 500 : 400);
    throw error;
  }
}
