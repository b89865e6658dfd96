import { describe, expect, it } from 'vitest';
import { createCookieStorage, tokenCookieName, validateCookieOptions, type CookieJar, type SameSite } from './cookieStorage.ts';
import { AuthError } from './errors.ts';
import { PASSWORD, confirmedUser, testClient } from './testSupport.ts';

interface StoredCookie {
  name: string;
  value: string;
  /** the host that set it, or the Domain attribute's value */
  domain: string;
  hostOnly: boolean;
  secure: boolean;
}

const isLoopback = (host: string) => host === 'localhost' || host.endsWith('.localhost') || host.startsWith('127.');

/**
 * The cookies of one browser, as RFC 6265bis has browsers keep them (and as
 * Chromium did when tried by hand): host-only cookies and cookies for a
 * parent domain, which every subdomain sees; `__Host-` names refused unless
 * Secure, Path=/ and without Domain; Secure refused from an insecure page
 * other than this machine. `page(host)` is one page's `document`.
 */
function browser(options: { https?: boolean } = {}) {
  const cookies: StoredCookie[] = [];
  const written: string[] = [];
  const secureOrigin = (host: string) => options.https !== false || isLoopback(host);

  function set(line: string, host: string): void {
    const [pair, ...parts] = line.split(';').map((part) => part.trim());
    const [name = '', ...value] = pair!.split('=');
    const attributes = new Map(
      parts.map((part) => {
        const [key = '', ...rest] = part.split('=');
        return [key.toLowerCase(), rest.join('=')] as const;
      }),
    );
    const domainAttribute = attributes.get('domain')?.replace(/^\./, '');
    if (domainAttribute !== undefined && domainAttribute !== host && !host.endsWith(`.${domainAttribute}`)) return;
    const secure = attributes.has('secure');
    if (secure && !secureOrigin(host)) return;
    if (name.startsWith('__Host-') && (!secure || domainAttribute !== undefined || attributes.get('path') !== '/')) return;
    const cookie: StoredCookie = {
      name,
      value: value.join('='),
      domain: domainAttribute ?? host,
      hostOnly: domainAttribute === undefined,
      secure,
    };
    const same = (c: StoredCookie) => c.name === cookie.name && c.domain === cookie.domain && c.hostOnly === cookie.hostOnly;
    const index = cookies.findIndex(same);
    if (index !== -1) cookies.splice(index, 1);
    if (Number(attributes.get('max-age') ?? '1') > 0) cookies.push(cookie);
  }

  return {
    written,
    page(host: string): CookieJar {
      return {
        get cookie() {
          return cookies
            .filter((c) => (c.hostOnly ? c.domain === host : host === c.domain || host.endsWith(`.${c.domain}`)))
            .filter((c) => !c.secure || secureOrigin(host))
            .map((c) => `${c.name}=${c.value}`)
            .join('; ');
        },
        set cookie(line: string) {
          written.push(line);
          set(line, host);
        },
      };
    },
  };
}

const KEY = 'CognitoIdentityServiceProvider.client.LastAuthUser';
const encodedKey = encodeURIComponent(KEY);

describe('cookie storage', () => {
  it('writes __Host- cookies: Secure, Path=/, no Domain, 365 days and lax by default', () => {
    const cookies = browser();
    const store = createCookieStorage({ hostname: 'app.example.com' }, cookies.page('app.example.com'));
    store.setItem(KEY, 'ana');
    expect(cookies.written).toEqual([`__Host-${encodedKey}=ana; path=/; max-age=${365 * 86_400}; samesite=lax; secure`]);
    expect(store.getItem(KEY)).toBe('ana');
    expect(tokenCookieName(KEY)).toBe(`__Host-${encodedKey}`);
  });

  it("refuses a cookie a sibling subdomain planted for the parent domain, and keeps this host's own", () => {
    const cookies = browser();
    const sibling = cookies.page('evil.example.com');
    // What a sibling can plant: a parent-domain cookie under the plain name (the store's old name) …
    sibling.cookie = `${encodedKey}=mallory; path=/; domain=example.com; max-age=3600; secure`;
    // … but not a __Host- one: the browser refuses a Domain attribute on those.
    sibling.cookie = `__Host-${encodedKey}=mallory; path=/; domain=example.com; max-age=3600; secure`;
    const page = cookies.page('app.example.com');
    expect(page.cookie).toBe(`${encodedKey}=mallory`);
    const store = createCookieStorage({ hostname: 'app.example.com' }, page);
    expect(store.getItem(KEY)).toBeNull();
    store.setItem(KEY, 'ana');
    expect(store.getItem(KEY)).toBe('ana');
  });

  it('reads back values with any character, and removes them with the cookie of the old name', () => {
    const cookies = browser();
    const page = cookies.page('app.example.com');
    page.cookie = `${encodedKey}=ana; path=/; max-age=3600; samesite=strict; secure`;
    const store = createCookieStorage({ sameSite: 'strict', hostname: 'app.example.com' }, page);
    const key = 'CognitoIdentityServiceProvider.client.user.signInDetails';
    const value = '{"loginId":"ana+test@example.com","authFlowType":"USER_SRP_AUTH"}; path=/x';
    store.setItem(key, value);
    expect(store.getItem(key)).toBe(value);
    store.removeItem(key);
    expect(store.getItem(key)).toBeNull();
    store.removeItem(KEY);
    expect(page.cookie).toBe('');
  });

  it('is always Secure outside this machine, and may be plain http only on it', () => {
    const refused = (hostname: string) => () => createCookieStorage({ secure: false, hostname }, browser().page(hostname));
    expect(refused('app.example.com')).toThrow(
      'Cookies holding tokens must be secure (https) outside this machine: app.example.com is not localhost.',
    );
    expect(refused('192.168.1.20')).toThrow(AuthError);
    expect(() => createCookieStorage({ secure: false }, browser().page('app.example.com'))).toThrow(AuthError);

    // On this machine over http: no Secure, so no __Host- prefix either (browsers refuse one without the other).
    const cookies = browser({ https: false });
    const store = createCookieStorage({ secure: false, hostname: 'localhost' }, cookies.page('localhost'));
    store.setItem(KEY, 'ana');
    expect(cookies.written).toEqual([`${encodedKey}=ana; path=/; max-age=${365 * 86_400}; samesite=lax`]);
    expect(store.getItem(KEY)).toBe('ana');
    expect(tokenCookieName(KEY, false)).toBe(encodedKey);
  });

  it('lets a value expire when the session does, and never later than the lifetime', () => {
    const cookies = browser();
    const now = Date.UTC(2026, 0, 1);
    const store = createCookieStorage({ hostname: 'app.example.com', expires: 10, now: () => now }, cookies.page('app.example.com'));
    store.setItem('a', '1', now + 3_600_000);
    store.setItem('b', '2', now + 30 * 86_400_000);
    store.setItem('c', '3');
    expect(cookies.written.map((line) => /max-age=(\d+)/.exec(line)![1])).toEqual(['3600', String(10 * 86_400), String(10 * 86_400)]);
  });

  it('refuses a Domain or a path other than /, which __Host- cookies cannot have', () => {
    expect(() => validateCookieOptions({ domain: 'example.com' } as never)).toThrow(
      'Token cookies are kept for this host only (__Host-), so a domain cannot be set.',
    );
    expect(() => validateCookieOptions({ path: '/app' } as never)).toThrow('Token cookies need the path "/", not "/app".');
    expect(() => validateCookieOptions({ path: '/' })).not.toThrow();
  });

  it('refuses an unknown sameSite value with a clear error', () => {
    expect(() => validateCookieOptions({ sameSite: 'sometimes' as SameSite })).toThrow(
      'The cookie sameSite value must be "strict", "lax" or "none", not "sometimes".',
    );
  });

  it('refuses sameSite none without secure', () => {
    let error: unknown;
    try {
      createCookieStorage({ sameSite: 'none', secure: false, hostname: 'localhost' }, browser().page('localhost'));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).message).toBe('The cookie sameSite value "none" requires secure cookies.');
    expect(() => createCookieStorage({ sameSite: 'none', secure: true, hostname: 'localhost' }, browser().page('localhost'))).not.toThrow();
  });

  it('refuses a lifetime that is not a positive number of days', () => {
    expect(() => validateCookieOptions({ expires: 0 })).toThrow('The cookie lifetime must be a positive number of days.');
  });
});

describe('a session in cookies', () => {
  it("keeps the session's cookies as long as its refresh token lives", async () => {
    const cookies = browser();
    const storage = createCookieStorage({ hostname: 'app.example.com' }, cookies.page('app.example.com'));
    const { client } = testClient({ storage });
    const email = await confirmedUser();
    await client.signIn({ username: email, password: PASSWORD });
    const lifetimes = new Map(
      cookies.written.map((line) => [decodeURIComponent(line.split('=')[0]!), Number(/max-age=(\d+)/.exec(line)![1])]),
    );
    const sessionKeys = [...lifetimes.keys()].filter((name) =>
      /\.(LastAuthUser|accessToken|idToken|refreshToken|clockDrift|signInDetails)$/.test(name),
    );
    expect(sessionKeys).toHaveLength(6);
    // The test pool's app client keeps refresh tokens 30 days, the default the client assumes.
    for (const name of sessionKeys) {
      expect(lifetimes.get(name), name).toBeGreaterThan(30 * 86_400 - 120);
      expect(lifetimes.get(name), name).toBeLessThanOrEqual(30 * 86_400);
    }
    expect((await client.getCurrentUser()).email).toBe(email);
    client.dispose();
  });
});
