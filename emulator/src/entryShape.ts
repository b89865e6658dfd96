/**
 * The shape of each journal entry, checked before it is replayed (journal.ts,
 * `isEntry`): a line that parses as JSON but is no change this pool wrote (a
 * user that is `null`, a grant without its expiry, a message without its
 * date) must not reach the state, where a later request or the housekeeping
 * would trip over it. The checks cover what the pool reads of each record;
 * fields a later version added (and `upgradeState` fills in) may be absent.
 */
import { AUTH_FACTORS, EXPLICIT_AUTH_FLOWS, OAUTH_FLOWS } from './state.ts';

type Check = (value: unknown) => boolean;
type Fields = Record<string, Check>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const text: Check = (value) => typeof value === 'string';
const count: Check = (value) => typeof value === 'number' && Number.isFinite(value);
const flag: Check = (value) => typeof value === 'boolean';
const oneOf =
  (...allowed: readonly string[]): Check =>
  (value) =>
    typeof value === 'string' && allowed.includes(value);
const optional =
  (check: Check): Check =>
  (value) =>
    value === undefined || check(value);
const nullable =
  (check: Check): Check =>
  (value) =>
    value === null || check(value);
const listOf =
  (check: Check): Check =>
  (value) =>
    Array.isArray(value) && value.every(check);
const recordOf =
  (check: Check): Check =>
  (value) =>
    isObject(value) && Object.values(value).every(check);
const shape =
  (fields: Fields): Check =>
  (value) =>
    isObject(value) && Object.entries(fields).every(([name, check]) => check(Object.hasOwn(value, name) ? value[name] : undefined));
const anyObject: Check = isObject;

const verifier = shape({ salt: text, verifier: text });
const pendingCode = shape({ code: text, expiresAt: count, failedAttempts: count });
const lockout = { failedSignIns: count, lockedUntil: count };

const device = shape({
  key: text,
  groupKey: text,
  name: optional(text),
  verifier: optional(verifier),
  remembered: flag,
  createdAt: count,
  modifiedAt: count,
  lastAuthenticatedAt: count,
});

const user = shape({
  username: text,
  attributes: recordOf(text),
  status: oneOf('UNCONFIRMED', 'CONFIRMED', 'FORCE_CHANGE_PASSWORD', 'RESET_REQUIRED', 'EXTERNAL_PROVIDER'),
  enabled: flag,
  password: nullable(verifier),
  temporaryPasswordExpiresAt: optional(count),
  createdAt: count,
  modifiedAt: count,
  codes: recordOf(pendingCode),
  codeRequests: listOf(count),
  ...lockout,
  customChallengeLockout: optional(shape(lockout)),
  mfa: shape({ sms: flag, totp: flag, email: optional(flag), preferred: optional(text) }),
  totp: optional(shape({ secret: text, lastUsedStep: count })),
  pendingTotpSecret: optional(text),
  pendingAttributes: recordOf(text),
  devices: recordOf(device),
  passkeys: optional(listOf(shape({ credentialId: text, publicKey: anyObject, signCount: count, relyingPartyId: text }))),
  groups: optional(listOf(text)),
});

const grant = shape({
  originJti: text,
  clientId: text,
  username: text,
  authTime: count,
  expiresAt: count,
  revoked: flag,
  revokedAt: optional(count),
  deviceKey: optional(text),
  secrets: listOf(shape({ hash: text, retiredAt: optional(count) })),
  scopes: optional(listOf(text)),
});

const client = shape({
  clientId: text,
  clientName: text,
  clientSecret: optional(text),
  explicitAuthFlows: listOf(oneOf(...EXPLICIT_AUTH_FLOWS)),
  preventUserExistenceErrors: flag,
  enableTokenRevocation: flag,
  accessTokenValidity: count,
  idTokenValidity: count,
  refreshTokenValidity: count,
  tokenValidityUnits: anyObject,
  authSessionValidity: count,
  refreshTokenRotation: shape({ enabled: flag, retryGracePeriodSeconds: count }),
  readAttributes: optional(listOf(text)),
  writeAttributes: optional(listOf(text)),
  oauth: optional(
    shape({
      enabled: flag,
      flows: listOf(oneOf(...OAUTH_FLOWS)),
      scopes: listOf(text),
      callbackUrls: listOf(text),
      logoutUrls: listOf(text),
      defaultRedirectUri: optional(text),
      identityProviders: listOf(text),
    }),
  ),
  createdAt: count,
  modifiedAt: count,
});

const decoy = shape({
  ...lockout,
  codeRequests: listOf(count),
  codes: recordOf(pendingCode),
  customChallengeLockout: optional(shape(lockout)),
});

const poolSettings = shape({
  id: text,
  name: text,
  region: text,
  usernameAttributes: listOf(oneOf('email', 'phone_number')),
  autoVerifiedAttributes: listOf(oneOf('email', 'phone_number')),
  attributesRequireVerificationBeforeUpdate: listOf(oneOf('email', 'phone_number')),
  passwordPolicy: shape({
    minimumLength: count,
    requireLowercase: flag,
    requireUppercase: flag,
    requireNumbers: flag,
    requireSymbols: flag,
    temporaryPasswordValidityDays: count,
  }),
  mfaConfiguration: oneOf('OFF', 'ON', 'OPTIONAL'),
  smsMfa: nullable(anyObject),
  softwareTokenMfa: flag,
  emailMfa: optional(nullable(anyObject)),
  allowedFirstAuthFactors: optional(listOf(oneOf(...AUTH_FACTORS))),
  webAuthn: optional(shape({ relyingPartyId: optional(text), userVerification: oneOf('required', 'preferred') })),
  deviceConfiguration: nullable(shape({ challengeRequiredOnNewDevice: flag, deviceOnlyRememberedOnUserPrompt: flag })),
  allowAdminCreateUserOnly: flag,
  identityProviders: optional(recordOf(shape({ name: text, type: text, details: recordOf(text), attributeMapping: recordOf(text) }))),
  signingKey: shape({ kid: text, privatePem: text }),
  decoySecret: optional(text),
  createdAt: count,
  modifiedAt: count,
});

const identity = shape({ id: text, logins: listOf(text), createdAt: count, modifiedAt: count });

const identityPoolSettings = shape({
  id: text,
  name: text,
  allowUnauthenticated: flag,
  allowClassicFlow: flag,
  providers: listOf(shape({ providerName: text, clientId: text, serverSideTokenCheck: flag })),
  createdAt: count,
});

const message = shape({ to: text, kind: text, code: text, at: (value) => typeof value === 'string' && !Number.isNaN(Date.parse(value)) });

/** What each kind of record must look like, and which of its fields must repeat the key it is kept under. */
const RECORDS: Record<string, { check: Check; keyField?: string }> = {
  users: { check: user, keyField: 'username' },
  grants: { check: grant, keyField: 'originJti' },
  clients: { check: client, keyField: 'clientId' },
  decoys: { check: decoy },
  identities: { check: identity, keyField: 'id' },
  logins: { check: text },
};

const record = (kind: string, key: unknown, value: unknown): boolean => {
  const rule = RECORDS[kind];
  if (!rule || typeof key !== 'string') return false;
  if (value === undefined) return true;
  return rule.check(value) && (rule.keyField === undefined || (value as Record<string, unknown>)[rule.keyField] === key);
};

/** Whether a line read back from the journal is a change the pool could have written. */
export function isWellFormedEntry(value: unknown): boolean {
  if (!isObject(value)) return false;
  const entry = value;
  const has = (name: string) => Object.hasOwn(entry, name);
  switch (entry.kind) {
    case 'users':
    case 'grants':
    case 'clients':
    case 'decoys':
      return typeof entry.poolId === 'string' && record(entry.kind, entry.key, has('value') ? entry.value : undefined);
    case 'identities':
    case 'logins':
      return typeof entry.identityPoolId === 'string' && record(entry.kind, entry.key, has('value') ? entry.value : undefined);
    case 'pool':
      return (
        typeof entry.poolId === 'string' &&
        (!has('value') || entry.value === undefined || (poolSettings(entry.value) && (entry.value as { id: unknown }).id === entry.poolId))
      );
    case 'identityPool':
      return (
        typeof entry.identityPoolId === 'string' &&
        (!has('value') ||
          entry.value === undefined ||
          (identityPoolSettings(entry.value) && (entry.value as { id: unknown }).id === entry.identityPoolId))
      );
    case 'mail':
      return message(entry.message);
    case 'mailDrop':
      return Number.isSafeInteger(entry.count) && (entry.count as number) >= 0;
    case 'clock':
      return Number.isSafeInteger(entry.offsetMs);
    default:
      return false;
  }
}
