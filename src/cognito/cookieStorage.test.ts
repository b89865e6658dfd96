import { describe, expect, it } from 'vitest';
import { createCookieStorage, validateCookieOptions, type CookieJar, type SameSite } from './cookieStorage.ts';
import { AuthError } from './errors.ts';

/**
 * A cookie jar that keeps what a browser keeps for one origin: the last value
 * per name, dropped when max-age is 0. Enough to read back what the store wrote.
 */
function jar(): CookieJar & { written: string[] } {
  const values = new Map<string, string>();
  const written: string[] = [];
  return {
    written,
    get cookie() {
      return [...values].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(line: string) {
      written.push(line);
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const [name, ...value] = pair!.split('=');
      if (attributes.includes('max-age=0')) values.delete(name!);
      else values.set(name!, value.join('='));
    },
  };
}

describe('cookie storage', () => {
  it('defaults to path /, 365 days, secure and lax', () => {
    const cookies = jar();
    createCookieStorage({}, cookies).setItem('k', 'v');
    expect(cookies.written[0]).toBe(`k=v; path=/; max-age=${365 * 86_400}; samesite=lax; secure`);
  });

  it('reads back values with any character, and removes them', () => {
    const cookies = jar();
    const store = createCookieStorage({ sameSite: 'strict', domain: 'example.com' }, cookies);
    const key = 'CognitoIdentityServiceProvider.client.user.signInDetails';
    const value = '{"loginId":"ana+test@example.com","authFlowType":"USER_SRP_AUTH"}; path=/x';
    store.setItem(key, value);
    expect(store.getItem(key)).toBe(value);
    expect(cookies.written[0]).toContain('domain=example.com');
    store.removeItem(key);
    expect(store.getItem(key)).toBeNull();
  });

  it('refuses an unknown sameSite value with a clear error', () => {
    expect(() => validateCookieOptions({ sameSite: 'sometimes' as SameSite })).toThrow(
      'The cookie sameSite value must be "strict", "lax" or "none", not "sometimes".',
    );
  });

  it('refuses sameSite none without secure', () => {
    let error: unknown;
    try {
      createCookieStorage({ sameSite: 'none', secure: false }, jar());
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).message).toBe('The cookie sameSite value "none" requires secure cookies.');
    expect(() => createCookieStorage({ sameSite: 'none', secure: true }, jar())).not.toThrow();
  });

  it('refuses a lifetime that is not a positive number of days', () => {
    expect(() => validateCookieOptions({ expires: 0 })).toThrow('The cookie lifetime must be a positive number of days.');
  });
});
