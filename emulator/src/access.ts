/**
 * Who may talk to the pool. It listens on loopback, but a browser on this
 * machine will carry requests to it for any web page: a page of another
 * origin could send a no-preflight POST to the test controls (reset the pool,
 * move the clock, inject faults), and a page on a domain rebound to 127.0.0.1
 * could even read the answers (codes, temporary passwords). So:
 *
 * - a request with an `Origin` must come from a loopback origin or one the
 *   pool was told to allow (`--allow-origin`); requests without one (Node,
 *   curl, the SDK outside a browser) are served;
 * - the `Host` must be a loopback name, which a rebound domain is not;
 * - control POSTs and DELETEs must say `Content-Type: application/json`,
 *   which no page can send across origins without a preflight.
 *
 * Refusals use Cognito's error shape; docs/test-pool.md lists them.
 */
import type { IncomingMessage } from 'node:http';
import { CognitoError } from './errors.ts';

/** `localhost`, `127.0.0.1` and `[::1]`, with any port, over http or https. */
const LOOPBACK_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;
const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;

export const isLoopbackOrigin = (origin: string) => LOOPBACK_ORIGIN.test(origin.toLowerCase());

/**
 * An origin as a browser sends it (`scheme://host[:port]`, no path), for
 * `--allow-origin`; throws with a message a person can act on otherwise.
 */
export function parseOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${value} is not an origin such as https://qa.example.com`);
  }
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !bare) {
    throw new Error(`${value} is not an origin such as https://qa.example.com (scheme, host and port only)`);
  }
  return url.origin;
}

export interface AccessRules {
  /** Origins besides loopback ones, as {@link parseOrigin} gives them. */
  allowedOrigins: readonly string[];
  /** A non-loopback address the server was bound to, which clients then name in `Host`. */
  boundHost?: string;
}

const denied = (message: string) => new CognitoError('AccessDeniedException', message, 403);

/** Why a request must be refused before it is looked at, or null. */
export function refuseRequest(req: IncomingMessage, rules: AccessRules): CognitoError | null {
  const host = (req.headers.host ?? '').toLowerCase();
  const boundHost = rules.boundHost && host.replace(/:\d{1,5}$/, '') === rules.boundHost.toLowerCase();
  if (!LOOPBACK_HOST.test(host) && !boundHost) {
    return denied('The test pool answers requests addressed to localhost, 127.0.0.1 or [::1] only.');
  }
  const origin = req.headers.origin;
  if (origin !== undefined && !allowedOrigin(origin, rules)) {
    return denied(`Origin ${origin} may not call the test pool; start it with --allow-origin ${origin} to allow it.`);
  }
  return null;
}

/** Whether a browser page of this origin may call the pool (and read its answers). */
export const allowedOrigin = (origin: string, rules: AccessRules) => isLoopbackOrigin(origin) || rules.allowedOrigins.includes(origin);

/** A control request that changes something must be JSON, so a page of another origin cannot send it without a preflight. */
export function refuseControl(req: IncomingMessage): CognitoError | null {
  if (req.method !== 'POST' && req.method !== 'DELETE') return null;
  const mediaType = String(req.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  if (mediaType === 'application/json') return null;
  return new CognitoError(
    'UnsupportedMediaTypeException',
    `${req.method} requests to the test controls must be sent with Content-Type: application/json.`,
    415,
  );
}
