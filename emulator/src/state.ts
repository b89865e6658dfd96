/**
 * What the test pool remembers. Everything in {@link State} is plain JSON so
 * the whole state can be written to disk and read back; short-lived
 * handshakes and sign-in sessions live in {@link Runtime} instead and are lost
 * on restart, as Cognito's three-minute sessions would have expired anyway.
 */
import type { JsonWebKey } from 'node:crypto';
import type { SigningKey } from './jwt.ts';
import type { Verifier } from './srp.ts';

/** EXTERNAL_PROVIDER: a user made by a federated sign-in, who has no password of the pool's. */
export type UserStatus = 'UNCONFIRMED' | 'CONFIRMED' | 'FORCE_CHANGE_PASSWORD' | 'RESET_REQUIRED' | 'EXTERNAL_PROVIDER';

/** Why a message went to the outbox; the names are Cognito's custom-message trigger sources. */
export type CodeKind =
  | 'SignUp'
  | 'ResendCode'
  | 'ForgotPassword'
  | 'UpdateUserAttribute'
  | 'VerifyUserAttribute'
  | 'Authentication'
  | 'AdminCreateUser'
  /** a sign-in code as the first factor (choice-based sign-in), by e-mail or SMS */
  | 'EmailOtp'
  | 'SmsOtp'
  /** an e-mailed code as the second factor after a password */
  | 'EmailMfa';

export interface PendingCode {
  code: string;
  /** epoch ms on the emulator's clock */
  expiresAt: number;
  failedAttempts: number;
}

/** Where a user's pending codes are kept: sign-up, password reset, or one per attribute being verified. */
export type CodePurpose = 'signUp' | 'forgotPassword' | `attribute:${string}`;

/** Cognito names e-mail MFA `EMAIL_OTP`, the same name as the passwordless e-mail challenge. */
export type MfaType = 'SMS_MFA' | 'SOFTWARE_TOKEN_MFA' | 'EMAIL_OTP';

/** What a pool's SignInPolicy may allow as the first factor of a choice-based (USER_AUTH) sign-in. */
export const AUTH_FACTORS = ['PASSWORD', 'EMAIL_OTP', 'SMS_OTP', 'WEB_AUTHN'] as const;
export type AuthFactor = (typeof AUTH_FACTORS)[number];

/** A passkey registered by CompleteWebAuthnRegistration, with what later assertions are checked against. */
export interface Passkey {
  /** base64url of the raw credential id */
  credentialId: string;
  /** the credential's public key, turned from its COSE form into a JWK node:crypto reads */
  publicKey: JsonWebKey;
  /** COSE algorithm: -7 ES256, -257 RS256 */
  algorithm: -7 | -257;
  /** the last signature counter seen; 0 for authenticators that keep none */
  signCount: number;
  relyingPartyId: string;
  friendlyName: string;
  attachment?: string;
  transports: string[];
  createdAt: number;
}

export interface WebAuthnSettings {
  /** absent until SetUserPoolMfaConfig names one (the pool has no domain to fall back on) */
  relyingPartyId?: string;
  userVerification: 'required' | 'preferred';
  /** MULTI_FACTOR_WITH_USER_VERIFICATION: a passkey with user verification may stand for MFA (absent: SINGLE_FACTOR) */
  factorConfiguration?: 'SINGLE_FACTOR' | 'MULTI_FACTOR_WITH_USER_VERIFICATION';
}

/** A verified authenticator app. */
export interface TotpRegistration {
  /** base32, as handed to the authenticator app */
  secret: string;
  friendlyName?: string;
  /** RFC 6238 §5.2: a time step, once accepted, is never accepted again. */
  lastUsedStep: number;
}

export interface Device {
  key: string;
  groupKey: string;
  name?: string;
  /** Set by ConfirmDevice; until then the device cannot answer DEVICE_SRP_AUTH. */
  verifier?: Verifier;
  remembered: boolean;
  createdAt: number;
  modifiedAt: number;
  lastAuthenticatedAt: number;
}

export interface User {
  /** Cognito's immutable user name; with e-mail as the username attribute it is the sub. */
  username: string;
  attributes: Record<string, string>;
  status: UserStatus;
  enabled: boolean;
  /** SRP verifier of the current password; the password itself is never kept. */
  password: Verifier | null;
  /** Set for admin-created users until they choose their own password. */
  temporaryPasswordExpiresAt?: number;
  createdAt: number;
  modifiedAt: number;
  codes: Partial<Record<CodePurpose, PendingCode>>;
  /** epoch ms of recent code deliveries, for LimitExceededException */
  codeRequests: number[];
  failedSignIns: number;
  lockedUntil: number;
  /** Wrong answers to the custom challenge, counted across sign-ins like failed sign-ins (absent: none yet). */
  customChallengeLockout?: Lockout;
  /** `email` is absent in states written before e-mail MFA existed, which reads as off. */
  /** `webAuthn`: passkey MFA (WebAuthnMfaSettings), absent: off. */
  mfa: { sms: boolean; totp: boolean; email?: boolean; webAuthn?: boolean; preferred?: MfaType };
  totp?: TotpRegistration;
  /** A secret AssociateSoftwareToken handed out that VerifySoftwareToken has not yet accepted. */
  pendingTotpSecret?: string;
  /** New values of attributes the pool keeps unchanged until they are verified. */
  pendingAttributes: Record<string, string>;
  devices: Record<string, Device>;
  /** absent in states written before passkeys existed: none */
  passkeys?: Passkey[];
  /** Groups the user belongs to (a federated user joins `{poolId}_{provider}`), shown as `cognito:groups`. */
  groups?: string[];
}

export interface PasswordPolicy {
  minimumLength: number;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireNumbers: boolean;
  requireSymbols: boolean;
  temporaryPasswordValidityDays: number;
}

export const EXPLICIT_AUTH_FLOWS = [
  'ALLOW_USER_SRP_AUTH',
  'ALLOW_USER_PASSWORD_AUTH',
  'ALLOW_REFRESH_TOKEN_AUTH',
  'ALLOW_CUSTOM_AUTH',
  'ALLOW_ADMIN_USER_PASSWORD_AUTH',
  'ALLOW_USER_AUTH',
] as const;
export type ExplicitAuthFlow = (typeof EXPLICIT_AUTH_FLOWS)[number];

export type TimeUnit = 'seconds' | 'minutes' | 'hours' | 'days';

export interface AppClient {
  clientId: string;
  clientName: string;
  clientSecret?: string;
  explicitAuthFlows: ExplicitAuthFlow[];
  preventUserExistenceErrors: boolean;
  enableTokenRevocation: boolean;
  /** seconds; {@link tokenValidityUnits} only says how DescribeUserPoolClient shows them */
  accessTokenValidity: number;
  idTokenValidity: number;
  refreshTokenValidity: number;
  tokenValidityUnits: { AccessToken: TimeUnit; IdToken: TimeUnit; RefreshToken: TimeUnit };
  /** seconds a sign-in session (the `Session` between challenges) lives */
  authSessionValidity: number;
  refreshTokenRotation: { enabled: boolean; retryGracePeriodSeconds: number };
  readAttributes?: string[];
  writeAttributes?: string[];
  /** The hosted UI's settings (absent in a state written before it existed: no OAuth). */
  oauth?: ClientOAuth;
  /** SetUserPoolClientSessionConfiguration's SSOSession.MaxValidityMinutes (absent: 60). */
  ssoSessionMaxValidityMinutes?: number;
  createdAt: number;
  modifiedAt: number;
}

export const OAUTH_FLOWS = ['code', 'implicit', 'client_credentials'] as const;
export type OAuthFlow = (typeof OAUTH_FLOWS)[number];

/** What an app client lets the hosted UI (the OAuth endpoints) do. */
export interface ClientOAuth {
  /** AllowedOAuthFlowsUserPoolClient: without it the client cannot use the OAuth endpoints at all. */
  enabled: boolean;
  flows: OAuthFlow[];
  scopes: string[];
  callbackUrls: string[];
  logoutUrls: string[];
  defaultRedirectUri?: string;
  /** SupportedIdentityProviders: `COGNITO` (the hosted page's own form) and provider names. */
  identityProviders: string[];
}

/** The social providers a pool can federate with, by their ProviderType (which is also their ProviderName). */
export const SOCIAL_PROVIDER_TYPES = ['Google', 'Facebook', 'LoginWithAmazon', 'SignInWithApple'] as const;
export type SocialProviderType = (typeof SOCIAL_PROVIDER_TYPES)[number];

export interface IdentityProvider {
  name: SocialProviderType;
  type: SocialProviderType;
  details: Record<string, string>;
  attributeMapping: Record<string, string>;
  createdAt: number;
  modifiedAt: number;
}

/**
 * One sign-in: the refresh token and every access and id token minted from it
 * share its `origin_jti`, so revoking the grant revokes them all.
 */
export interface Grant {
  originJti: string;
  clientId: string;
  username: string;
  authTime: number;
  /** epoch ms */
  expiresAt: number;
  revoked: boolean;
  /** epoch ms of the revocation, after which the grant is kept a day (see pruneGrants) */
  revokedAt?: number;
  /** Refresh tokens bound to a device need that device's key to be used. */
  deviceKey?: string;
  /** SHA-256 of each refresh token secret; a rotated-out one keeps working for the grace period. */
  secrets: { hash: string; retiredAt?: number }[];
  /** OAuth scopes of a grant made by the hosted UI; its access tokens carry them instead of the API's one scope. */
  scopes?: string[];
  /** The token session this grant is (ListUserSessions); absent on grants written before sessions existed. */
  session?: TokenSession;
}

/** What the session API says of a grant: its id, and when and from what it was last used. */
export interface TokenSession {
  /** `tkn` and 25 lowercase letters and digits */
  id: string;
  /** epoch ms of the sign-in or the last refresh or rotation */
  lastActiveAt: number;
  /** browser and system from the User-Agent of the last sign-in or refresh, or `unknown` */
  deviceType: string;
}

/** SetUserPoolSessionConfiguration's settings (absent: tracking off, 20 sessions a user). */
export interface SessionTracking {
  enabled: boolean;
  /** 1–100 token sessions a user; the least recently used is ended at the next sign-in beyond it */
  maxPerUser: number;
}

export type PoolMfa = 'OFF' | 'ON' | 'OPTIONAL';

export interface DeviceConfiguration {
  challengeRequiredOnNewDevice: boolean;
  deviceOnlyRememberedOnUserPrompt: boolean;
}

export interface UserPool {
  id: string;
  name: string;
  region: string;
  usernameAttributes: ('email' | 'phone_number')[];
  autoVerifiedAttributes: ('email' | 'phone_number')[];
  /** With an attribute listed here, a change waits for its code before it replaces the old value. */
  attributesRequireVerificationBeforeUpdate: ('email' | 'phone_number')[];
  passwordPolicy: PasswordPolicy;
  mfaConfiguration: PoolMfa;
  /** SmsMfaConfiguration as last set; null when SMS MFA is not configured. */
  smsMfa: { message?: string } | null;
  softwareTokenMfa: boolean;
  /** EmailMfaConfiguration as last set; null when e-mail MFA is not configured. */
  emailMfa: { message?: string; subject?: string } | null;
  /** SignInPolicy.AllowedFirstAuthFactors; always holds PASSWORD. */
  allowedFirstAuthFactors: AuthFactor[];
  webAuthn: WebAuthnSettings;
  deviceConfiguration: DeviceConfiguration | null;
  allowAdminCreateUserOnly: boolean;
  /** Federated identity providers, by name (absent in a state written before they existed). */
  identityProviders?: Record<string, IdentityProvider>;
  /** Session tracking (the user-session API); absent: off. */
  sessionTracking?: SessionTracking;
  signingKey: SigningKey;
  clients: Record<string, AppClient>;
  /** keyed by username */
  users: Record<string, User>;
  /** keyed by origin_jti */
  grants: Record<string, Grant>;
  /** What stands in for names that are no user, keyed by {@link decoyKey} (see decoys.ts). */
  decoys: Record<string, Decoy>;
  /** hex; keys the decoys, so nobody without the state file can tell a decoy's answers from a user's */
  decoySecret: string;
  createdAt: number;
  modifiedAt: number;
}

export interface Identity {
  id: string;
  /** `provider|sub` of each login linked to this identity; empty for a guest. */
  logins: string[];
  createdAt: number;
  modifiedAt: number;
}

export interface IdentityPool {
  id: string;
  name: string;
  allowUnauthenticated: boolean;
  allowClassicFlow: boolean;
  /** Cognito user pool providers: name `cognito-idp.{region}.amazonaws.com/{poolId}` and the app client id. */
  providers: { providerName: string; clientId: string; serverSideTokenCheck: boolean }[];
  identities: Record<string, Identity>;
  /** `provider|sub` → identity id */
  logins: Record<string, string>;
  createdAt: number;
}

export interface OutboxMessage {
  to: string;
  kind: CodeKind;
  code: string;
  /** ISO 8601 on the emulator's clock */
  at: string;
}

/**
 * How far the test clock may be moved from the machine's, either way: a
 * hundred years is more than any test needs, and every date on such a clock
 * stays one that JavaScript can write (`toISOString` fails beyond ±275,000 years).
 */
export const MAX_CLOCK_OFFSET_MS = 100 * 365.25 * 24 * 60 * 60 * 1000;

export interface State {
  version: 2;
  /** The ids /_emulator/config reports. */
  seed: { userPoolId: string; userPoolClientId: string; identityPoolId: string };
  pools: Record<string, UserPool>;
  identityPools: Record<string, IdentityPool>;
  outbox: OutboxMessage[];
  clockOffsetMs: number;
}

export interface PendingSrp {
  poolId: string;
  clientId: string;
  /** null when the user does not exist: the handshake runs anyway so nothing leaks */
  username: string | null;
  /** the decoy standing in for a name that is no user */
  decoyKey?: string;
  /** What the signature is computed over: the pool's short name and the user, or the device group and key. */
  realm: string;
  userIdForSrp: string;
  salt: string;
  verifier: string;
  b: bigint;
  B: bigint;
  A: string;
  expiresAt: number;
  /** PASSWORD_VERIFIER checks the user's password, DEVICE_PASSWORD_VERIFIER the device's secret. */
  kind: 'user' | 'device';
  /** The sign-in this handshake continues (DEVICE_KEY sent, custom flow, …). */
  progress: SignInProgress;
}

export type ChallengeName =
  | 'PASSWORD_VERIFIER'
  | 'NEW_PASSWORD_REQUIRED'
  | 'SMS_MFA'
  | 'SOFTWARE_TOKEN_MFA'
  | 'SELECT_MFA_TYPE'
  | 'MFA_SETUP'
  | 'DEVICE_SRP_AUTH'
  | 'DEVICE_PASSWORD_VERIFIER'
  | 'CUSTOM_CHALLENGE'
  | 'SELECT_CHALLENGE'
  | 'EMAIL_OTP'
  | 'SMS_OTP'
  | 'WEB_AUTHN';

/** What a sign-in has proved so far; each challenge adds to it. */
export interface SignInProgress {
  poolId: string;
  clientId: string;
  /** null for a decoy sign-in of a user that does not exist */
  username: string | null;
  /** the decoy standing in for a name that is no user */
  decoyKey?: string;
  /** `passwordless`: a USER_AUTH sign-in whose first factor is a code or a passkey, which Cognito follows with no MFA */
  flow: 'password' | 'custom' | 'passwordless';
  /** the DEVICE_KEY the client sent, if any */
  deviceKey?: string;
  passwordChanged?: boolean;
  customAnswered?: boolean;
  deviceVerified?: boolean;
  mfaDone?: boolean;
  /** a sign-in on the hosted UI's page, for this pending authorize request: it ends in an authorization code, not tokens */
  hostedRequest?: string;
}

/** One step of a sign-in waiting for its answer, keyed by the opaque `Session` handed to the client. */
export interface AuthSession {
  challenge: ChallengeName;
  /** the ChallengeParameters handed out with it, to repeat when a challenge is asked again */
  parameters: Record<string, string>;
  progress: SignInProgress;
  expiresAt: number;
  /** the code an SMS_MFA or CUSTOM_CHALLENGE expects */
  code?: PendingCode;
  /** MFA_SETUP: the secret AssociateSoftwareToken handed out, and whether VerifySoftwareToken accepted it */
  totp?: { secret: string; verified: boolean };
  /** WEB_AUTHN: the challenge handed out in CREDENTIAL_REQUEST_OPTIONS (base64url), good for one answer */
  webAuthnChallenge?: string;
  /** SELECT_CHALLENGE: the AvailableChallenges offered, one of which the answer must name */
  available?: string[];
  wrongAnswers: number;
}

/** What a step of a sign-in may carry besides its challenge, parameters and progress. */
export type SessionExtra = Partial<Pick<AuthSession, 'code' | 'totp' | 'wrongAnswers' | 'webAuthnChallenge' | 'available'>>;

export interface Lockout {
  failedSignIns: number;
  lockedUntil: number;
}

/**
 * A name that is no user, as far as it was asked about: its failed sign-ins,
 * the codes "sent" to it (none can be right), and its custom-challenge
 * failures, with the same rules as a user's.
 */
export interface Decoy extends Lockout {
  codeRequests: number[];
  codes: Partial<Record<'signUp' | 'forgotPassword', PendingCode>>;
  customChallengeLockout?: Lockout;
}

/** A prepared answer for the next calls of an operation (test control). */
export type FaultResponse =
  { kind: 'error'; type: string; message: string; status: number } | { kind: 'status'; status: number } | { kind: 'drop' };

export interface Fault {
  id: string;
  /** operation name, or `*` for any */
  operation: string;
  remaining: number;
  response: FaultResponse;
}

/** An /oauth2/authorize request waiting for the customer to sign in (on the hosted page or a provider's). */
export interface OAuthRequest {
  poolId: string;
  clientId: string;
  responseType: 'code' | 'token';
  redirectUri: string;
  scopes: string[];
  state?: string;
  nonce?: string;
  codeChallenge?: string;
  expiresAt: number;
}

/** An authorization code handed to the callback URL, waiting for /oauth2/token. */
export interface OAuthCode {
  poolId: string;
  clientId: string;
  username: string;
  redirectUri: string;
  scopes: string[];
  nonce?: string;
  codeChallenge?: string;
  /** when the user signed in at the hosted page or their provider (epoch seconds): the tokens' auth_time, not the exchange's */
  authTime: number;
  expiresAt: number;
}

/** The hosted UI's own sign-in (its cookie), which /oauth2/authorize reuses until /logout ends it. */
export interface HostedSession {
  poolId: string;
  username: string;
  /** when the user last proved who they are here (epoch seconds); a sign-in through the cookie keeps it */
  authTime: number;
  expiresAt: number;
}

/** Transient server memory. */
export interface Runtime {
  /** SRP handshakes keyed by the SECRET_BLOCK they issued */
  srp: Map<string, PendingSrp>;
  sessions: Map<string, AuthSession>;
  /** sessions of sign-ups, keyed by the `Session` SignUp and ConfirmSignUp hand out (sign-in without the password again) */
  signUpSessions: Map<string, SignUpSession>;
  /** StartWebAuthnRegistration's challenges, one per user (a new start replaces it), keyed by {@link registrationKey} */
  webAuthnRegistrations: Map<string, PendingRegistration>;
  faults: Fault[];
  oauthRequests: Map<string, OAuthRequest>;
  /** keyed by the code; a code is deleted when used, so a second use is refused */
  oauthCodes: Map<string, OAuthCode>;
  hostedSessions: Map<string, HostedSession>;
}

export interface PendingRegistration {
  clientId: string;
  /** base64url */
  challenge: string;
  relyingPartyId: string;
  expiresAt: number;
}

export const registrationKey = (poolId: string, username: string) => `${poolId}\u0000${username}`;

/**
 * A sign-up on its way to a sign-in: SignUp opens it (`signedUp`),
 * ConfirmSignUp given it answers a new one (`confirmed`), and InitiateAuth
 * USER_AUTH given that one signs the user in once, the code standing in for
 * the first factor.
 */
export interface SignUpSession {
  poolId: string;
  clientId: string;
  username: string;
  stage: 'signedUp' | 'confirmed';
  expiresAt: number;
}

export const newRuntime = (): Runtime => ({
  srp: new Map(),
  sessions: new Map(),
  signUpSessions: new Map(),
  webAuthnRegistrations: new Map(),
  faults: [],
  oauthRequests: new Map(),
  oauthCodes: new Map(),
  hostedSessions: new Map(),
});
