/**
 * The local Cognito test pool: an HTTP server speaking the service's JSON 1.1
 * protocol on loopback, plus the `/_emulator/` test controls.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { type AccessRules, allowedOrigin, parseOrigin, refuseControl, refuseRequest } from './access.ts';
import { type Context, own } from './context.ts';
import { type ControlHost, type EmulatorConfig, answerControl } from './controls.ts';
import { CognitoError, errors } from './errors.ts';
import { takeFault } from './faults.ts';
import { keepHouse } from './housekeeping.ts';
import { asInput } from './input.ts';
import { jwks } from './jwt.ts';
import { isHostedPath, serveHosted } from './oauth/hosted.ts';
import { type Operation, services } from './operations/index.ts';
import { seedState } from './projectPool.ts';
import { DEFAULT_APP_URLS, registerAppUrls, type SeedOptions, upgradeState } from './seed.ts';
import { type State, newRuntime } from './state.ts';
import { DEFAULT_COMPACT_AFTER_BYTES, type Store, createPersister, fileStore, memoryStore } from './store.ts';
import { type StrictOptions, strictGate } from './strict.ts';
import { type TlsMaterial, localhostCertificate } from './tls.ts';
import { type CloudFormationTemplate, stateFromTemplate } from './template.ts';

export type { EmulatorConfig } from './controls.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

export interface EmulatorOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  region?: string;
  /** Origins besides loopback ones that may call the pool from a browser (`https://qa.example.com`). */
  allowedOrigins?: string[];
  /** Called with each request's outcome; the CLI uses it for its log. */
  log?: (line: string) => void;
  /** A JSON file to keep the state in (and its journal beside it); without one the state lives in memory only. */
  statePath?: string;
  /** The journal is compacted into a new snapshot once it is this long and longer than the snapshot (8 MiB). */
  compactAfterBytes?: number;
  /** For tests: check after every write that replaying the journal gives the live state (see store.ts). */
  verifyJournal?: boolean;
  /** Origins of the app whose callback and sign-out URLs the seeded client accepts (default http://localhost:5173). */
  appUrls?: string[];
  /** Stand in for AWS (strict.ts): no test controls, and admin calls need a real signature by these credentials. */
  strict?: StrictOptions;
  /**
   * Serve everything over TLS on this port as well (0 picks a free one), for clients such as AWS Amplify
   * that build `https://<domain>/oauth2/…`: with the certificate and key given, or a self-signed one for
   * localhost made at start and kept beside the state (tls.ts).
   */
  tls?: { port: number; material?: TlsMaterial };
  /** Seed (and reset) the pool from this CloudFormation template (template.ts) instead of the project's (infra/pool.template.json). */
  template?: CloudFormationTemplate;
}

export interface Emulator {
  url: string;
  /** `https://localhost:<tls port>` when serving TLS too */
  tlsUrl?: string;
  /** The certificate the TLS port presents (PEM), to trust it; and whether it was made at this start. */
  tlsCertificate?: { pem: string; madeNow: boolean };
  config: EmulatorConfig;
  /** the live state (replaced by a reset) */
  readonly state: State;
  /** where the state is kept, or undefined in memory */
  statePath?: string;
  /** Does the once-a-minute housekeeping now (pruning spent grants, sessions and old messages) and saves; a failing round is logged, as the timer's are. */
  keepHouse(): Promise<void>;
  close(): Promise<void>;
}

const LOOPBACK_ADDRESS = /^(127\.|::1$|::ffff:127\.)/;

/** Whether a peer address is this machine's loopback, where the test controls answer. */
export const isLoopback = (address: string | undefined) => LOOPBACK_ADDRESS.test(address ?? '');
const HOUSEKEEPING_MS = 60 * 1000;

const CORS_HEADERS = {
  'access-control-allow-methods': 'POST, GET, DELETE, OPTIONS',
  'access-control-allow-headers': [
    'content-type',
    'x-amz-target',
    'x-amz-user-agent',
    'x-amz-date',
    'x-amz-security-token',
    'x-amz-content-sha256',
    'authorization',
    'cache-control',
    'amz-sdk-invocation-id',
    'amz-sdk-request',
  ].join(', '),
  'access-control-expose-headers': 'x-amzn-errortype, x-amzn-requestid, x-amzn-errormessage, date',
  'access-control-max-age': '600',
};

class BodyTooLarge extends Error {}

/** A path segment with its escapes decoded; undefined for a malformed escape such as `%E0%A4%A`. */
function decodedSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Keep draining, so the client can read our answer, but stop keeping.
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => (tooLarge ? reject(new BodyTooLarge()) : resolve(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string>) {
  res.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function sendJson(res: ServerResponse, status: number, value: unknown, extra: Record<string, string> = {}) {
  send(res, status, JSON.stringify(value), { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-requestid': randomUUID(), ...extra });
}

function sendError(res: ServerResponse, error: CognitoError) {
  sendJson(res, error.status, { __type: error.type, message: error.message }, { 'x-amzn-errortype': `${error.type}:` });
}

/** Admin calls are SigV4-signed on AWS: any signature will do here, but an unsigned call is refused as AWS would. */
const isSigned = (req: IncomingMessage) => String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256');

export async function createEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const region = options.region ?? 'eu-west-1';
  const host = options.host ?? '127.0.0.1';
  const store: Store = options.statePath ? fileStore(options.statePath) : memoryStore();
  const access: AccessRules = {
    allowedOrigins: (options.allowedOrigins ?? []).map(parseOrigin),
    ...(host === '0.0.0.0' || host === '::' || isLoopback(host) ? {} : { boundHost: host }),
  };
  let publicUrl = '';
  let tlsPort: number | undefined;

  const appUrls = options.appUrls ?? [...DEFAULT_APP_URLS];
  const { template } = options;
  const seed = (seedOptions: SeedOptions, now: number) =>
    template ? stateFromTemplate(template, seedOptions, now).state : seedState(seedOptions, now);
  const ctx: Context = {
    state: upgradeState(store.load() ?? seed({ region, appUrls }, Date.now())),
    runtime: newRuntime(),
    now: () => Date.now() + ctx.state.clockOffsetMs,
    issuer: (poolId) => `${publicUrl}/${poolId}`,
    changed: (change) => persister.changed(change),
  };
  const persister = createPersister(store, () => ctx.state, {
    compactAfterBytes: options.compactAfterBytes ?? DEFAULT_COMPACT_AFTER_BYTES,
    verify: options.verifyJournal ?? false,
  });
  registerAppUrls(ctx.state, appUrls);
  // Start with a snapshot: a fresh pool's keys (and so its tokens) survive the first restart, and a
  // loaded pool's journal starts afresh, whatever a crash left at its end.
  persister.changed({ kind: 'everything' });
  await persister.flush();

  const config = (): EmulatorConfig => {
    const { userPoolId, userPoolClientId, identityPoolId } = ctx.state.seed;
    const withIdentities = Object.keys(services.AWSCognitoIdentityService ?? {}).length > 0;
    const pool = ctx.state.pools[userPoolId];
    // Read at each request: a test that turns the pool's MFA on gets a configuration that says so.
    const mfaMethods: EmulatorConfig['mfaMethods'] =
      !pool || pool.mfaConfiguration === 'OFF'
        ? []
        : [
            ...(pool.softwareTokenMfa ? ['TOTP' as const] : []),
            ...(pool.smsMfa ? ['SMS' as const] : []),
            ...(pool.emailMfa ? ['EMAIL' as const] : []),
            ...(pool.webAuthn.factorConfiguration === 'MULTI_FACTOR_WITH_USER_VERIFICATION' ? ['WEB_AUTHN' as const] : []),
          ];
    return {
      region: userPoolId.split('_')[0]!,
      userPoolId,
      userPoolClientId,
      ...(withIdentities && identityPoolId ? { identityPoolId } : {}),
      endpoint: publicUrl,
      // The host:port to give AWS Amplify's oauth.domain, when the hosted UI is served over TLS too.
      ...(tlsPort === undefined ? {} : { hostedUiDomain: `localhost:${tlsPort}` }),
      mfaMethods,
      userSessions: pool?.sessionTracking?.enabled === true,
    };
  };

  /** The context for one request: the shared one, with the request's User-Agent (the session API's DeviceType). */
  const withUserAgent = (req: IncomingMessage): Context => {
    const userAgent = req.headers['user-agent'];
    return userAgent === undefined ? ctx : { ...ctx, userAgent };
  };

  // Strict mode (strict.ts): hides the test controls and checks admin calls' signatures for real.
  const strict = options.strict ? strictGate(options.strict, () => config().region) : undefined;

  const controls: ControlHost = {
    ctx,
    config,
    reset() {
      const pool = ctx.state.pools[ctx.state.seed.userPoolId];
      ctx.state = seed({ region: config().region, signingKey: pool?.signingKey, appUrls }, Date.now());
      ctx.runtime = newRuntime();
      ctx.changed({ kind: 'everything' });
    },
  };

  async function serveOperation(
    req: IncomingMessage,
    res: ServerResponse,
    body: string,
    name: string,
    operation: Operation,
  ): Promise<string> {
    const fault = takeFault(ctx.runtime, name);
    if (fault?.kind === 'drop') {
      req.socket.destroy();
      return `${name} (fault: dropped)`;
    }
    if (fault?.kind === 'status') {
      sendError(res, new CognitoError('InternalErrorException', `Injected fault: HTTP ${fault.status}.`, fault.status));
      return `${name} (fault: ${fault.status})`;
    }
    if (fault?.kind === 'error') {
      sendError(res, new CognitoError(fault.type, fault.message, fault.status));
      return `${name} (fault: ${fault.type})`;
    }
    if (operation.signed) {
      if (strict) await strict.authorize(req, body);
      else if (!isSigned(req)) throw errors.missingAuthenticationToken();
    }
    let parsed: unknown;
    try {
      parsed = body.trim() === '' ? {} : JSON.parse(body);
    } catch {
      throw errors.serialization('Request body is not valid JSON.');
    }
    const result = await operation.handler(asInput(parsed), withUserAgent(req));
    await persister.flush();
    sendJson(res, 200, result ?? {});
    return `${name} 200`;
  }

  async function dispatch(req: IncomingMessage, res: ServerResponse): Promise<string> {
    const target = String(req.headers['x-amz-target'] ?? '');
    const [service = '', name = ''] = target.split('.');
    const table = own(services, service);
    const operation = table && own(table, name);
    let body: string;
    try {
      body = await readBody(req);
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        sendError(res, errors.serialization(`Request body is larger than ${MAX_BODY_BYTES} bytes.`));
        return `${name || target} SerializationException`;
      }
      throw error;
    }
    if (!operation) {
      sendError(res, errors.unknownOperation());
      return `${target || '(no target)'} UnknownOperationException`;
    }
    try {
      return await serveOperation(req, res, body, name, operation);
    } catch (error) {
      if (error instanceof CognitoError) {
        // What a failed call changed (a counted wrong code, a lockout) must last too.
        await persister.flush();
        sendError(res, error);
        return `${name} ${error.type}`;
      }
      console.error(`[emulator] ${name} failed:`, error);
      sendError(res, errors.internal());
      return `${name} InternalErrorException`;
    }
  }

  async function serveControl(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (!isLoopback(req.socket.remoteAddress)) {
      sendJson(res, 403, { __type: 'AccessDeniedException', message: 'Test endpoints answer on loopback only.' });
      return true;
    }
    const refused = refuseControl(req);
    if (refused) {
      sendError(res, refused);
      return true;
    }
    let body = '';
    try {
      body = await readBody(req);
    } catch (error) {
      if (!(error instanceof BodyTooLarge)) throw error;
      sendError(res, errors.serialization(`Request body is larger than ${MAX_BODY_BYTES} bytes.`));
      return true;
    }
    const answer = answerControl(controls, req.method ?? 'GET', url, body);
    if (!answer) return false;
    await persister.flush();
    const extra: Record<string, string> = answer.contentType.startsWith('text/html')
      ? // The mailbox page: its own styles, its script file, and its switches' calls to the pool.
        { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; script-src 'self'; connect-src 'self'" }
      : {};
    send(res, answer.status, answer.body, { 'content-type': answer.contentType, 'cache-control': 'no-store', ...extra });
    return true;
  }

  /** The hosted UI (oauth/hosted.ts): Cognito's own routes, served in strict mode too. */
  async function hosted(req: IncomingMessage, res: ServerResponse, url: URL): Promise<string> {
    let body = '';
    try {
      body = await readBody(req);
    } catch (error) {
      if (!(error instanceof BodyTooLarge)) throw error;
      send(res, 413, JSON.stringify({ error: 'invalid_request' }), { 'content-type': 'application/json' });
      return '413';
    }
    const answer = serveHosted(withUserAgent(req), req, url, body);
    await persister.flush();
    send(res, answer.status, answer.body, answer.headers);
    return String(answer.status);
  }

  function route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<string> | string {
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return '204';
    }
    if (req.method === 'POST' && url.pathname === '/') return dispatch(req, res);
    if (isHostedPath(url.pathname)) return hosted(req, res, url);
    if (url.pathname.startsWith('/_emulator') && !strict?.hides(url.pathname)) {
      return serveControl(req, res, url).then((served) => {
        if (!served) sendJson(res, 404, { __type: 'ResourceNotFoundException', message: `No route for ${req.method} ${url.pathname}.` });
        return String(res.statusCode);
      });
    }
    const jwksPath = req.method === 'GET' ? /^\/([^/]+)\/\.well-known\/jwks\.json$/.exec(url.pathname) : null;
    const poolId = jwksPath ? decodedSegment(jwksPath[1]!) : undefined;
    const pool = poolId === undefined ? undefined : own(ctx.state.pools, poolId);
    if (pool) {
      sendJson(res, 200, jwks([pool.signingKey]), { 'content-type': 'application/json' });
      return '200';
    }
    sendJson(res, 404, { __type: 'ResourceNotFoundException', message: `No route for ${req.method} ${url.pathname}.` });
    return '404';
  }

  function handle(req: IncomingMessage, res: ServerResponse) {
    res.setHeader('vary', 'Origin');
    const refused = refuseRequest(req, access);
    if (refused) {
      sendError(res, refused);
      options.log?.(`${req.method} ${req.url} ${refused.status} (${refused.message})`);
      return;
    }
    const origin = req.headers.origin;
    if (origin && allowedOrigin(origin, access)) {
      res.setHeader('access-control-allow-origin', origin);
      for (const [name, value] of Object.entries(CORS_HEADERS)) res.setHeader(name, value);
    }
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://emulator');
    } catch {
      sendJson(res, 400, { __type: 'SerializationException', message: 'Malformed request URL.' });
      return;
    }
    // A synchronous throw anywhere in routing becomes this request's 500, never the process's end.
    new Promise<string>((resolve) => resolve(route(req, res, url))).then(
      (outcome) => options.log?.(`${req.method} ${url.pathname} ${outcome}`),
      (error: unknown) => {
        console.error('[emulator] request failed:', error);
        if (!res.headersSent) sendError(res, errors.internal());
        else res.destroy();
      },
    );
  }

  // The same routes over TLS (tls.ts), for clients that only speak https to the hosted UI.
  const tlsMaterial = !options.tls
    ? undefined
    : options.tls.material
      ? { ...options.tls.material, madeNow: false }
      : localhostCertificate(store.path);
  const tlsServer = tlsMaterial ? createTlsServer({ cert: tlsMaterial.cert, key: tlsMaterial.key }, handle) : undefined;
  // A TLS handshake that fails (a browser that does not trust the certificate yet) ends its socket, nothing more.
  tlsServer?.on('tlsClientError', (_error: Error, socket: TLSSocket) => socket.destroy());
  const servers: Server[] = [createServer(handle), ...(tlsServer ? [tlsServer] : [])];
  for (const server of servers) {
    // Keep idle connections longer than clients do (Node's agent and browsers reuse
    // them): a server closing a socket the client is just reusing is an ECONNRESET.
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    server.on('clientError', (_error, socket) => {
      if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n');
    });
  }

  /** One housekeeping round: a failure (a record it cannot read) is logged, never the process's end. */
  function housekeepingRound(): Promise<void> {
    try {
      keepHouse(ctx);
    } catch (error) {
      console.error('[emulator] housekeeping failed (it runs again in a minute):', error);
    }
    return persister.flush();
  }
  const housekeeping = setInterval(() => {
    housekeepingRound().catch((error: unknown) => console.error('[emulator] could not save the state:', error));
  }, HOUSEKEEPING_MS);
  housekeeping.unref();

  const listen = (server: Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
    });
  const closeAll = () =>
    Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((resolve, reject) => {
            if (!server.listening) return resolve();
            server.close((error) => (error ? reject(error) : resolve()));
            server.closeAllConnections();
          }),
      ),
    );
  const port = await listen(servers[0]!, options.port ?? 9229);
  publicUrl = `http://localhost:${port}`;
  if (servers[1]) {
    try {
      tlsPort = await listen(servers[1], options.tls!.port);
    } catch (error) {
      clearInterval(housekeeping);
      await closeAll();
      await store.close();
      throw error;
    }
  }
  const tlsUrl = tlsPort === undefined ? undefined : `https://localhost:${tlsPort}`;

  return {
    url: publicUrl,
    ...(tlsUrl && tlsMaterial ? { tlsUrl, tlsCertificate: { pem: tlsMaterial.cert, madeNow: tlsMaterial.madeNow } } : {}),
    config: config(),
    get state() {
      return ctx.state;
    },
    statePath: store.path,
    keepHouse: housekeepingRound,
    close: async () => {
      clearInterval(housekeeping);
      await closeAll();
      await persister.flush();
      await store.close();
    },
  };
}
