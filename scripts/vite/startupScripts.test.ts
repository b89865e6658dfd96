/**
 * The start-up scripts as the browser gets them, run against a small stand-in
 * for the page: does sign-in-card.js see a stored session where the app keeps
 * one (localStorage, __Host- cookies), and only there? And their places in
 * index.html.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createCookieStorage } from '../../src/cognito/cookieStorage.ts';
import { createTokenStore, type KeyValueStorage } from '../../src/cognito/tokenStore.ts';
import { startupScript, withStartupScripts } from './startupScripts.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const CLIENT_ID = 'customerareaclient00000001';

/** A token that decodes: three parts, a payload with an expiry an hour away. */
function jwt(payload: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none' })}.${part(payload)}.sig`;
}

/** Saves a session the way the app does, into the given storage. */
function storeSession(storage: Parameters<typeof createTokenStore>[0]) {
  const now = Math.floor(Date.now() / 1000);
  const access = jwt({ sub: 'u-1', username: 'u-1', iat: now, exp: now + 3600, auth_time: now, token_use: 'access' });
  createTokenStore(storage, CLIENT_ID).save({
    accessToken: { raw: access, payload: { sub: 'u-1', username: 'u-1', iat: now, exp: now + 3600, auth_time: now } },
    refreshToken: 'refresh',
    clockDrift: 0,
    username: 'u-1',
  });
}

/** localStorage's part that the script uses: key by index, and values. */
function webStorage(): KeyValueStorage & { length: number; key(index: number): string | null } {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    key: (index) => [...values.keys()][index] ?? null,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

/** Runs sign-in-card.js on a page at `hostname` with these cookies and localStorage; whether it saw a stored session. */
async function seesSession(hostname: string, cookies: string[], localStorage = webStorage()): Promise<boolean> {
  const attributes = new Map<string, string>();
  const document = {
    cookie: cookies.join('; '),
    documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
    querySelector: () => null,
    addEventListener: () => {},
  };
  const window = { localStorage, location: { hostname, pathname: '/dashboard' } };
  runInNewContext(await startupScript(ROOT, 'sign-in-card.js', true), { window, document });
  return attributes.has('data-stored-session');
}

/** The cookies a cookie store writes on a page at `hostname`. */
function cookiesFor(hostname: string): string[] {
  const jar = new Map<string, string>();
  const document = {
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(line: string) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      if (/max-age=0/i.test(line)) jar.delete(name!);
      else jar.set(name!, value.join('='));
    },
  };
  storeSession(createCookieStorage({ secure: hostname !== 'localhost', hostname }, document));
  return [...jar].map(([name, value]) => `${name}=${value}`);
}

describe('sign-in-card.js, as index.html runs it', () => {
  it('sees a session the app stored in localStorage', async () => {
    const local = webStorage();
    storeSession(local);
    expect(await seesSession('app.example.com', [], local)).toBe(true);
    expect(await seesSession('app.example.com', [])).toBe(false);
  });

  it('sees a session in __Host- cookies, and ignores unprefixed token cookies off this machine', async () => {
    const hostCookies = cookiesFor('app.example.com');
    expect(hostCookies.every((cookie) => cookie.startsWith('__Host-'))).toBe(true);
    expect(await seesSession('app.example.com', hostCookies)).toBe(true);
    // The same cookies without the prefix are what a sibling subdomain could plant for the parent domain.
    const planted = hostCookies.map((cookie) => cookie.slice('__Host-'.length));
    expect(await seesSession('app.example.com', planted)).toBe(false);
    expect(await seesSession('localhost', planted)).toBe(true);
  });
});

describe("sign-in-card.js, the visitor's language", () => {
  /** Runs the script for a visitor with these browser languages, stored choice and query; what it set on <html>. */
  async function language(browser: string[], stored: string | null = null, search = '') {
    const attributes = new Map<string, string>();
    const localStorage = webStorage();
    if (stored) localStorage.setItem('customer-area.language', stored);
    const document = {
      cookie: '',
      documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
      querySelector: () => null,
      addEventListener: () => {},
    };
    const window = {
      localStorage,
      location: { hostname: 'app.example.com', pathname: '/dashboard', search },
      navigator: { languages: browser },
    };
    runInNewContext(await startupScript(ROOT, 'sign-in-card.js', true), { window, document, URLSearchParams });
    return { lang: attributes.get('lang'), dir: attributes.get('dir') };
  }

  it('decides it as the app does, before anything paints: <html lang dir>', async () => {
    expect(await language(['de-AT', 'en'])).toEqual({ lang: 'de', dir: 'ltr' });
    expect(await language(['ar-EG'])).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(await language(['zh-TW'])).toEqual({ lang: 'zh-Hant', dir: 'ltr' });
    expect(await language(['xx'])).toEqual({ lang: 'en', dir: 'ltr' });
    expect(await language(['de'], 'he')).toEqual({ lang: 'he', dir: 'rtl' });
    expect(await language(['de'], 'he', '?lang=ja')).toEqual({ lang: 'ja', dir: 'ltr' });
  });
});

describe('the scripts written into index.html', () => {
  const PAGE = readFileSync(join(ROOT, 'index.html'), 'utf8');

  it('puts each, minified, in its place in <head>, before the app: inline, one <script> each, nothing else changed', async () => {
    const html = await withStartupScripts(PAGE, ROOT, true);
    const layout = await startupScript(ROOT, 'layout-settings.js', true);
    const card = await startupScript(ROOT, 'sign-in-card.js', true);
    const expected = PAGE.replace('<script data-startup="layout-settings.js"></script>', () => `<script>${layout.trim()}</script>`).replace(
      '<script data-startup="sign-in-card.js"></script>',
      () => `<script>${card.trim()}</script>`,
    );
    expect(html).toBe(expected);
    expect(html.indexOf(layout.trim())).toBeLessThan(html.indexOf(card.trim()));
    expect(html.indexOf(card.trim())).toBeLessThan(html.indexOf('</head>'));
    expect(html).not.toContain('data-startup');
  });

  it('refuses a page that leaves one out, places one twice, or names one that does not exist', async () => {
    const without = PAGE.replace('<script data-startup="layout-settings.js"></script>', '');
    await expect(withStartupScripts(without, ROOT, false)).rejects.toThrow('"layout-settings.js" once, not 0 times');
    const twice = PAGE.replace('</head>', '<script data-startup="sign-in-card.js"></script></head>');
    await expect(withStartupScripts(twice, ROOT, false)).rejects.toThrow('"sign-in-card.js" once, not 2 times');
    const unknown = PAGE.replace('</head>', '<script data-startup="analytics.js"></script></head>');
    await expect(withStartupScripts(unknown, ROOT, false)).rejects.toThrow('"analytics.js" that does not exist');
  });
});
