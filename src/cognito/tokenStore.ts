import { decodeJwt, type Jwt } from './jwt.ts';

/** The synchronous subset of the Web Storage API; `localStorage` is one. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SignInDetails {
  loginId: string;
  authFlowType: 'USER_SRP_AUTH';
}

export interface Tokens {
  accessToken: Jwt;
  idToken?: Jwt;
  refreshToken?: string;
  /** server clock minus browser clock, in ms, measured when the tokens arrived */
  clockDrift: number;
  /** Cognito's user name (a UUID when users sign in by e-mail) */
  username: string;
  signInDetails?: SignInDetails;
}

const TOKEN_FIELDS = ['accessToken', 'idToken', 'refreshToken', 'clockDrift', 'signInDetails'] as const;

/**
 * Tokens kept under Amplify-compatible keys,
 * `CognitoIdentityServiceProvider.<clientId>.<username>.<field>` plus
 * `…<clientId>.LastAuthUser`, so several clients can share one origin.
 */
export function createTokenStore(storage: KeyValueStorage, clientId: string) {
  const prefix = `CognitoIdentityServiceProvider.${clientId}`;
  const lastUserKey = `${prefix}.LastAuthUser`;
  const key = (username: string, field: string) => `${prefix}.${username}.${field}`;

  function clear(): void {
    const username = storage.getItem(lastUserKey);
    if (username) for (const field of TOKEN_FIELDS) storage.removeItem(key(username, field));
    storage.removeItem(lastUserKey);
  }

  /** The stored tokens, or null. Anything unreadable is removed, so a corrupt value cannot wedge the app. */
  function load(): Tokens | null {
    const username = storage.getItem(lastUserKey);
    if (!username) return null;
    const access = storage.getItem(key(username, 'accessToken'));
    if (!access) {
      clear();
      return null;
    }
    try {
      const accessToken = decodeJwt(access);
      const id = storage.getItem(key(username, 'idToken'));
      const drift = Number(storage.getItem(key(username, 'clockDrift')) ?? '0');
      const details = storage.getItem(key(username, 'signInDetails'));
      return {
        username,
        accessToken,
        idToken: id ? decodeJwt(id) : undefined,
        refreshToken: storage.getItem(key(username, 'refreshToken')) ?? undefined,
        clockDrift: Number.isFinite(drift) ? drift : 0,
        signInDetails: details ? (JSON.parse(details) as SignInDetails) : undefined,
      };
    } catch {
      clear();
      return null;
    }
  }

  function save(tokens: Tokens): void {
    const previous = storage.getItem(lastUserKey);
    if (previous && previous !== tokens.username) clear();
    const { username } = tokens;
    storage.setItem(key(username, 'accessToken'), tokens.accessToken.raw);
    if (tokens.idToken) storage.setItem(key(username, 'idToken'), tokens.idToken.raw);
    else storage.removeItem(key(username, 'idToken'));
    if (tokens.refreshToken) storage.setItem(key(username, 'refreshToken'), tokens.refreshToken);
    storage.setItem(key(username, 'clockDrift'), String(tokens.clockDrift));
    if (tokens.signInDetails) storage.setItem(key(username, 'signInDetails'), JSON.stringify(tokens.signInDetails));
    // Written last: another tab that sees this key sees complete tokens.
    storage.setItem(lastUserKey, username);
  }

  return { load, save, clear };
}

export type TokenStore = ReturnType<typeof createTokenStore>;

/** An in-memory KeyValueStorage, for environments without localStorage. */
export function createMemoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (k) => values.get(k) ?? null,
    setItem: (k, v) => void values.set(k, v),
    removeItem: (k) => void values.delete(k),
  };
}
