import { AuthError } from './errors.ts';
import type { KeyValueStorage } from './tokenStore.ts';

export type SameSite = 'strict' | 'lax' | 'none';

export interface CookieStorageOptions {
  /** cookie domain; the page's host when absent */
  domain?: string;
  /** default "/" */
  path?: string;
  /** lifetime in days; default 365 */
  expires?: number;
  /** default true */
  secure?: boolean;
  /** default "lax" */
  sameSite?: SameSite;
}

/** `document`, or anything with the same `cookie` accessor. */
export interface CookieJar {
  cookie: string;
}

const SAME_SITE: readonly string[] = ['strict', 'lax', 'none'];

/** Spec §5: sameSite must be strict, lax or none, and none requires secure. */
export function validateCookieOptions(options: CookieStorageOptions): Required<Omit<CookieStorageOptions, 'domain'>> & { domain?: string } {
  const sameSite = options.sameSite ?? 'lax';
  const secure = options.secure ?? true;
  if (!SAME_SITE.includes(sameSite)) {
    throw new AuthError(
      'InvalidConfiguration',
      `The cookie sameSite value must be "strict", "lax" or "none", not "${String(sameSite)}".`,
      'Fix the cookie storage configuration.',
    );
  }
  if (sameSite === 'none' && !secure) {
    throw new AuthError(
      'InvalidConfiguration',
      'The cookie sameSite value "none" requires secure cookies.',
      'Set secure to true, or choose sameSite "strict" or "lax".',
    );
  }
  const expires = options.expires ?? 365;
  if (!Number.isFinite(expires) || expires <= 0) {
    throw new AuthError(
      'InvalidConfiguration',
      'The cookie lifetime must be a positive number of days.',
      'Fix the cookie storage configuration.',
    );
  }
  return { domain: options.domain, path: options.path ?? '/', expires, secure, sameSite };
}

/**
 * Tokens in cookies instead of localStorage, for deployments that want the
 * server to see them. Same interface as localStorage, so the token store does
 * not care which one it has.
 */
export function createCookieStorage(options: CookieStorageOptions = {}, jar: CookieJar = document): KeyValueStorage {
  const settings = validateCookieOptions(options);
  const attributes = (maxAgeSeconds: number) =>
    [
      `path=${settings.path}`,
      settings.domain ? `domain=${settings.domain}` : '',
      `max-age=${maxAgeSeconds}`,
      `samesite=${settings.sameSite}`,
      settings.secure ? 'secure' : '',
    ]
      .filter(Boolean)
      .join('; ');

  function read(key: string): string | null {
    const wanted = encodeURIComponent(key);
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
    setItem(key, value) {
      jar.cookie = `${encodeURIComponent(key)}=${encodeURIComponent(value)}; ${attributes(Math.round(settings.expires * 86_400))}`;
    },
    removeItem(key) {
      jar.cookie = `${encodeURIComponent(key)}=; ${attributes(0)}`;
    },
  };
}
