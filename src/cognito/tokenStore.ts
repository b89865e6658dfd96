import { decodeJwt, type Jwt } from './jwt.ts';

/** The synchronous subset of the Web Storage API; `localStorage` is one. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  /**
   * `expiresAt` (ms, this browser's clock): when the value is of no more use,
   * for a storage that can forget by itself (cookies); localStorage ignores it.
   */
  setItem(key: string, value: string, expiresAt?: number): void;
  removeItem(key: string): void;
}

export type AuthFlowType = 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH' | 'CUSTOM_WITH_SRP' | 'CUSTOM_WITHOUT_SRP';

export interface SignInDetails {
  loginId: string;
  /** OAUTH_*: a sign-in through the hosted UI, by the code grant (refreshable) or the implicit grant (not); USER_AUTH: signed in by the sign-up session right after a confirmation (autoSignIn) */
  authFlowType: AuthFlowType | 'USER_AUTH' | 'OAUTH_CODE' | 'OAUTH_IMPLICIT';
}

/** What this browser keeps to be recognised as a remembered device. */
export interface DeviceMetadata {
  deviceKey: string;
  deviceGroupKey: string;
  /** the device's own SRP password, made at random when the device was confirmed */
  randomPassword: string;
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
 * The parts of the token keys below. The start-up script that decides, before
 * the app loads, whether a session is stored reads the same keys; the build
 * hands it these (scripts/vite/startupScripts.ts).
 */
export const TOKEN_KEYS = { prefix: 'CognitoIdentityServiceProvider', lastUser: 'LastAuthUser', accessToken: 'accessToken' } as const;
const DEVICE_FIELDS = ['deviceKey', 'deviceGroupKey', 'randomPasswordKey'] as const;

/** Cognito's default lifetime of refresh tokens, for app clients that keep it. */
export const DEFAULT_REFRESH_TOKEN_VALIDITY_DAYS = 30;

/**
 * When a session's refresh token dies, on this browser's clock: the app
 * client's refresh-token lifetime after the sign-in (`auth_time`, which
 * refreshes keep). Undefined when the token does not say when that was.
 */
export function sessionExpiry(tokens: Tokens, refreshTokenValidityDays: number): number | undefined {
  const signedInAt = tokens.accessToken.payload.auth_time;
  return typeof signedInAt === 'number' ? signedInAt * 1000 - tokens.clockDrift + refreshTokenValidityDays * 86_400_000 : undefined;
}

/**
 * Tokens kept under Amplify-compatible keys,
 * `CognitoIdentityServiceProvider.<clientId>.<username>.<field>` plus
 * `…<clientId>.LastAuthUser`, so several clients can share one origin.
 * Device keys are needed before Cognito names the user, so they are kept
 * under the login id the customer types (lower-cased) and survive sign-out.
 * The session's keys are saved with the moment its refresh token dies, so a
 * storage that can forget (cookies) keeps no dead session for a year.
 */
export function createTokenStore(
  storage: KeyValueStorage,
  clientId: string,
  refreshTokenValidityDays = DEFAULT_REFRESH_TOKEN_VALIDITY_DAYS,
) {
  const prefix = `${TOKEN_KEYS.prefix}.${clientId}`;
  const lastUserKey = `${prefix}.${TOKEN_KEYS.lastUser}`;
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
    const access = storage.getItem(key(username, TOKEN_KEYS.accessToken));
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
    const expiresAt = sessionExpiry(tokens, refreshTokenValidityDays);
    const set = (storageKey: string, value: string) => storage.setItem(storageKey, value, expiresAt);
    set(key(username, TOKEN_KEYS.accessToken), tokens.accessToken.raw);
    if (tokens.idToken) set(key(username, 'idToken'), tokens.idToken.raw);
    else storage.removeItem(key(username, 'idToken'));
    if (tokens.refreshToken) set(key(username, 'refreshToken'), tokens.refreshToken);
    set(key(username, 'clockDrift'), String(tokens.clockDrift));
    if (tokens.signInDetails) set(key(username, 'signInDetails'), JSON.stringify(tokens.signInDetails));
    // Written last: another tab that sees this key sees complete tokens.
    set(lastUserKey, username);
  }

  const deviceKey = (loginId: string, field: (typeof DEVICE_FIELDS)[number]) => key(loginId.toLowerCase(), field);

  function loadDevice(loginId: string): DeviceMetadata | null {
    const [deviceKeyValue, deviceGroupKey, randomPassword] = DEVICE_FIELDS.map((field) => storage.getItem(deviceKey(loginId, field)));
    if (!deviceKeyValue || !deviceGroupKey || !randomPassword) return null;
    return { deviceKey: deviceKeyValue, deviceGroupKey, randomPassword };
  }

  function saveDevice(loginId: string, device: DeviceMetadata): void {
    storage.setItem(deviceKey(loginId, 'deviceKey'), device.deviceKey);
    storage.setItem(deviceKey(loginId, 'deviceGroupKey'), device.deviceGroupKey);
    storage.setItem(deviceKey(loginId, 'randomPasswordKey'), device.randomPassword);
  }

  function clearDevice(loginId: string): void {
    for (const field of DEVICE_FIELDS) storage.removeItem(deviceKey(loginId, field));
  }

  // The identity-pool identity of this browser: a guest's first, the user's once they sign in.
  const identityKey = (identityPoolId: string) => `${prefix}.identityId.${identityPoolId}`;
  const loadIdentityId = (identityPoolId: string) => storage.getItem(identityKey(identityPoolId));
  const saveIdentityId = (identityPoolId: string, identityId: string) => storage.setItem(identityKey(identityPoolId), identityId);
  const clearIdentityId = (identityPoolId: string) => storage.removeItem(identityKey(identityPoolId));

  return { load, save, clear, loadDevice, saveDevice, clearDevice, loadIdentityId, saveIdentityId, clearIdentityId };
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
