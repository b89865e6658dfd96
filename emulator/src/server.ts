/**
 * The local Cognito test pool: an HTTP server speaking the service's JSON 1.1
 * protocol on loopback, plus a few `/_emulator/` endpoints for tests.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { Context } from './context.ts';
import { CognitoError, errors } from './errors.ts';
import { asInput } from './input.ts';
import { jwks } from './jwt.ts';
import { mailboxPage } from './mailbox.ts';
import { services } from './operations/index.ts';
import { seedState } from './seed.ts';
import type { Runtime, State } from './state.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

export interface EmulatorOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  region?: string;
  /** Origins besides loopback ones that may call the pool from a browser. */
  allowedOrigins?: string[];
  /** Called with each request's outcome; the CLI uses it for its log. */
  log?: (line: string) => void;
}

export interface EmulatorConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  identityPoolId?: string;
  endpoint: string;
}

export interface Emulator {
  url: string;
  config: EmulatorConfig;
  state: State;
  close(): Promise<void>;
}

const LOOPBACK_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;
const LOOPBACK_ADDRESS = /^(127\.|::1$|::ffff:127\.)/;

const CORS_HEADERS = {
  'access-control-allow-methods': 'POST, GET, OPTIONS',
  'access-control-allow-headers': [
    'content-type', 'x-amz-target', 'x-amz-user-agent', 'x-amz-date', 'x-amz-security-token',
    'x-amz-content-sha256', 'authorization', 'cache-control', 'amz-sdk-invocation-id', 'amz-sdk-request',
  ].join(', '),
  'access-control-expose-headers': 'x-amzn-errortype, x-amzn-requestid, x-amzn-errormessage, date',
  'access-control-max-age': '600',
};

class BodyTooLarge extends Error {}

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

export async function createEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const region = options.region ?? 'eu-west-1';
  const host = options.host ?? '127.0.0.1';
  const state = seedState({ region }, Date.now());
  const runtime: Runtime = { srp: new Map() };
  const allowed = new Set(options.allowedOrigins ?? []);
  let publicUrl = '';

  const ctx: Context = {
    state,
    runtime,
    now: () => Date.now() + state.clockOffsetMs,
    issuer: (poolId) => `${publicUrl}/${poolId}`,
    changed: () => {},
  };

  const config = (): EmulatorConfig => {
    const pool = Object.values(state.pools)[0]!;
    return {
      region,
      userPoolId: pool.id,
      userPoolClientId: Object.keys(pool.clients)[0]!,
      endpoint: publicUrl,
    };
  };

  function send(res: ServerResponse, status: number, body: string, headers: Record<string, string>) {
    res.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  }

  function sendJson(res: ServerResponse, status: number, value: unknown, extra: Record<string, string> = {}) {
    send(res, status, JSON.stringify(value), {
      'content-type': 'application/x-amz-json-1.1',
      'x-amzn-requestid': randomUUID(),
      ...extra,
    });
  }

  function sendError(res: ServerResponse, error: CognitoError) {
    sendJson(res, error.status, { __type: error.type, message: error.message }, { 'x-amzn-errortype': `${error.type}:` });
  }

  async function dispatch(req: IncomingMessage, res: ServerResponse): Promise<string> {
    const target = String(req.headers['x-amz-target'] ?? '');
    const [service = '', operation = ''] = target.split('.');
    const handler = services[service]?.[operation];
    let body: string;
    try {
      body = await readBody(req);
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        sendError(res, errors.serialization(`Request body is larger than ${MAX_BODY_BYTES} bytes.`));
        return `${operation || target} SerializationException`;
      }
      throw error;
    }
    if (!handler) {
      sendError(res, errors.unknownOperation());
      return `${target || '(no target)'} UnknownOperationException`;
    }
    try {
      let parsed: unknown;
      try {
        parsed = body.trim() === '' ? {} : JSON.parse(body);
      } catch {
        throw errors.serialization('Request body is not valid JSON.');
      }
      const result = await handler(asInput(parsed), ctx);
      sendJson(res, 200, result ?? {});
      return `${operation} 200`;
    } catch (error) {
      if (error instanceof CognitoError) {
        sendError(res, error);
        return `${operation} ${error.type}`;
      }
      console.error(`[emulator] ${operation} failed:`, error);
      sendError(res, errors.internal());
      return `${operation} InternalErrorException`;
    }
  }

  function testEndpoint(req: IncomingMessage, res: ServerResponse, url: URL): boolean {
    if (!LOOPBACK_ADDRESS.test(req.socket.remoteAddress ?? '')) {
      sendJson(res, 403, { __type: 'AccessDeniedException', message: 'Test endpoints answer on loopback only.' });
      return true;
    }
    if (url.pathname === '/_emulator/config') {
      sendJson(res, 200, config(), { 'content-type': 'application/json' });
      return true;
    }
    if (url.pathname === '/_emulator/outbox') {
      const to = url.searchParams.get('to')?.toLowerCase();
      const messages = to ? state.outbox.filter((m) => m.to.toLowerCase() === to) : state.outbox;
      sendJson(res, 200, messages, { 'content-type': 'application/json' });
      return true;
    }
    if (url.pathname === '/_emulator/' || url.pathname === '/_emulator') {
      send(res, 200, mailboxPage(state.outbox), {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      });
      return true;
    }
    return false;
  }

  const server: Server = createServer((req, res) => {
    const origin = req.headers.origin;
    if (origin && (LOOPBACK_ORIGIN.test(origin) || allowed.has(origin))) {
      res.setHeader('access-control-allow-origin', origin);
      res.setHeader('vary', 'Origin');
      for (const [name, value] of Object.entries(CORS_HEADERS)) res.setHeader(name, value);
    }
    const url = new URL(req.url ?? '/', 'http://emulator');
    const finish = (outcome: string) => options.log?.(`${req.method} ${url.pathname} ${outcome}`);

    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/') {
      dispatch(req, res).then(finish, (error: unknown) => {
        console.error('[emulator] request failed:', error);
        if (!res.headersSent) sendError(res, errors.internal());
        else res.destroy();
      });
      return;
    }
    if (req.method === 'GET') {
      if (url.pathname.startsWith('/_emulator') && testEndpoint(req, res, url)) return;
      const jwksPath = /^\/([^/]+)\/\.well-known\/jwks\.json$/.exec(url.pathname);
      const pool = jwksPath ? state.pools[decodeURIComponent(jwksPath[1]!)] : undefined;
      if (pool) {
        sendJson(res, 200, jwks([pool.signingKey]), { 'content-type': 'application/json' });
        return;
      }
    }
    sendJson(res, 404, { __type: 'ResourceNotFoundException', message: `No route for ${req.method} ${url.pathname}.` });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 9229, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  publicUrl = `http://localhost:${port}`;

  return {
    url: publicUrl,
    config: config(),
    state,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
