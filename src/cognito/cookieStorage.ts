import { isLoopbackHost } from '../config/checks.ts';
import { AuthError } from './errors.ts';
import type { KeyValueStorage } from './tokenStore.ts';

export type SameSite = 'strict' | 'lax' | 'none';

export interface CookieStorageOptions {
  /** Path=/ always: the only path a __Host- cookie may have (spec §9's default) */
  path?: '/';
  /** lifetime in days, for values that outlive a session (a remembered device) and as a ceiling for the rest; default 365 */
  expires?: number;
  /** default true; false only on this machine (localhost, 127.x.x.x, [::1]) over plain http */
  secure?: boolean;
  /** default "lax" */
  sameSite?: SameSite;
  /** the page's host name; `location.hostname` by default */
  hostname?: string;
  /** this browser's clock, ms; replaceable in tests */
  now?: () => number;
}

/** `document`, or anything with the same `cookie` accessor. */
export interface CookieJar {
  cookie: string;
}

const SAME_SITE: readonly string[] = ['strict', 'lax', 'none'];

/**
 * The prefix of token cookies. A browser takes a `__Host-` cookie only with
 * Secure, Path=/ and no Domain, so only this very host, over https, can have
 * set one: a sibling subdomain can plant a cookie for the parent domain, but
 * never under this name. Reading nothing else is what keeps planted tokens out.
 */
export const TOKEN_COOKIE_PREFIX = '__Host-';

/**
 * The cookie that holds a token-store key: `__Host-` and the key URI-encoded.
 * Without Secure (plain http on this machine only) browsers refuse the prefix,
 * so there the name is the encoded key alone. The start-up script src/first-paint/startup/sign-in-card.js
 * is given the prefix by the build and reads the same names.
 */
export function tokenCookieName(key: string, secure = true): string {
  return `${secure ? TOKEN_COOKIE_PREFIX : ''}${encodeURIComponent(key)}`;
}

const invalid = (message: string, hint: string) => new AuthError('InvalidConfiguration', message, hint);

/**
 * Spec §5: sameSite must be strict, lax or none, and none requires secure.
 * Spec §9's defaults hold (path /, 365 days, secure on); a domain and any
 * other path are refused, since a __Host- cookie can have neither.
 */
export function validateCookieOptions(options: CookieStorageOptions): { expires: number; secure: boolean; sameSite: SameSite } {
  if ('domain' in options) {
    throw invalid(
      'Token cookies are kept for this host only (__Host-), so a domain cannot be set.',
      'Remove the domain: a cookie shared with other subdomains could be replaced by any of them.',
    );
  }
  if (options.path !== undefined && options.path !== '/') {
    throw invalid(`Token cookies need the path "/", not "${String(options.path)}".`, 'Remove the path option.');
  }
  const sameSite = options.sameSite ?? 'lax';
  const secure = options.secure ?? true;
  if (!SAME_SITE.includes(sameSite)) {
    throw invalid(
      `The cookie sameSite value must be "strict", "lax" or "none", not "${String(sameSite)}".`,
      'Fix the cookie storage configuration.',
    );
  }
  if (sameSite === 'none' && !secure) {
    throw invalid('The cookie sameSite value "none" requires secure cookies.', 'Set secure to true, or choose sameSite "strict" or "lax".');
  }
  const expires = options.expires ?? 365;
  if (!Number.isFinite(expires) || expires <= 0) {
    throw invalid('The cookie lifetime must be a positive number of days.', 'Fix the cookie storage configuration.');
  }
  return { expires, secure, sameSite };
}

/**
 * Tokens in cookies instead of localStorage, for deployments that want the
 * server to see them. Same interface as localStorage, so the token store does
 * not care which one it has. A value the token store says expires (the
 * session's, when its refresh token does) is kept that long at most.
 */
export function createCookieStorage(options: CookieStorageOptions = {}, jar: CookieJar = document): KeyValueStorage {
  const settings = validateCookieOptions(options);
  const hostname = (options.hostname ?? (globalThis.location as Location | undefined)?.hostname ?? '').toLowerCase();
  if (!settings.secure && !isLoopbackHost(hostname)) {
    throw invalid(
      `Cookies holding tokens must be secure (https) outside this machine: ${hostname || 'this page'} is not localhost.`,
      'Serve the app over https and leave secure on.',
    );
  }
  const now = options.now ?? Date.now;
  const lifetimeSeconds = Math.round(settings.expires * 86_400);
  const attributes = (maxAgeSeconds: number, secure: boolean) =>
    ['path=/', `max-age=${maxAgeSeconds}`, `samesite=${settings.sameSite}`, secure ? 'secure' : ''].filter(Boolean).join('; ');

  function read(key: string): string | null {
    const wanted = tokenCookieName(key, settings.secure);
    for (const pair of jar.cookie.split(';')) {
      const [name, ...rest] = pair.trim().split('=');
      if (name === wanted) {
        try {
          return decodeURIComponent(rest.join('='));
        } catch {
          return null;
        }
      }
    }
    return null;
  }

  return {
    getItem: read,
    setItem(key, value, expiresAt) {
      const untilExpiry = expiresAt === undefined ? lifetimeSeconds : Math.max(1, Math.floor((expiresAt - now()) / 1000));
      const maxAge = Math.min(lifetimeSeconds, untilExpiry);
      jar.cookie = `${tokenCookieName(key, settings.secure)}=${encodeURIComponent(value)}; ${attributes(maxAge, settings.secure)}`;
    },
    removeItem(key) {
      jar.cookie = `${tokenCookieName(key, settings.secure)}=; ${attributes(0, settings.secure)}`;
      // The name this store used before the __Host- prefix: this host's own old cookie goes with the key.
      if (settings.secure) jar.cookie = `${tokenCookieName(key, false)}=; ${attributes(0, true)}`;
    },
  };
}
