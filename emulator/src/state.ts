/**
 * What the test pool remembers. Everything here is plain JSON so the whole
 * state can be written to disk and read back; short-lived handshakes live in
 * {@link Runtime} instead and are lost on restart, as Cognito sessions would expire.
 */
import type { SigningKey } from './jwt.ts';
import type { Verifier } from './srp.ts';

export type UserStatus = 'UNCONFIRMED' | 'CONFIRMED' | 'FORCE_CHANGE_PASSWORD' | 'RESET_REQUIRED';

export type CodeKind = 'SignUp' | 'ResendCode' | 'ForgotPassword' | 'VerifyUserAttribute' | 'Authentication' | 'AdminCreateUser';

export interface PendingCode {
  code: string;
  kind: CodeKind;
  /** epoch ms on the emulator's clock */
  expiresAt: number;
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
  signUpCode?: PendingCode;
}

export interface PasswordPolicy {
  minimumLength: number;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireNumbers: boolean;
  requireSymbols: boolean;
  temporaryPasswordValidityDays: number;
}

export type ExplicitAuthFlow =
  | 'ALLOW_USER_SRP_AUTH'
  | 'ALLOW_USER_PASSWORD_AUTH'
  | 'ALLOW_REFRESH_TOKEN_AUTH'
  | 'ALLOW_CUSTOM_AUTH'
  | 'ALLOW_ADMIN_USER_PASSWORD_AUTH';

export interface AppClient {
  clientId: string;
  clientName: string;
  clientSecret?: string;
  explicitAuthFlows: ExplicitAuthFlow[];
  preventUserExistenceErrors: boolean;
  enableTokenRevocation: boolean;
  /** seconds */
  accessTokenValidity: number;
  idTokenValidity: number;
  refreshTokenValidity: number;
}

export interface RefreshTokenRecord {
  clientId: string;
  username: string;
  /** The origin_jti shared by every access and id token minted from this refresh token. */
  originJti: string;
  authTime: number;
  expiresAt: number;
  revoked: boolean;
}

export interface UserPool {
  id: string;
  name: string;
  region: string;
  usernameAttributes: ('email' | 'phone_number')[];
  autoVerifiedAttributes: ('email' | 'phone_number')[];
  passwordPolicy: PasswordPolicy;
  signingKey: SigningKey;
  clients: Record<string, AppClient>;
  /** keyed by username */
  users: Record<string, User>;
  refreshTokens: Record<string, RefreshTokenRecord>;
  /** origin_jti values whose tokens no longer authorise anything */
  revokedOrigins: string[];
  createdAt: number;
}

export interface OutboxMessage {
  to: string;
  kind: CodeKind;
  code: string;
  /** ISO 8601 on the emulator's clock */
  at: string;
}

export interface State {
  version: 1;
  pools: Record<string, UserPool>;
  outbox: OutboxMessage[];
  clockOffsetMs: number;
}

export interface PendingSrp {
  poolId: string;
  clientId: string;
  /** null when the user does not exist: the handshake runs anyway so nothing leaks */
  username: string | null;
  userIdForSrp: string;
  salt: string;
  verifier: string;
  b: bigint;
  B: bigint;
  A: string;
  expiresAt: number;
}

/** Transient server memory: SRP handshakes keyed by the SECRET_BLOCK they issued. */
export interface Runtime {
  srp: Map<string, PendingSrp>;
}

export const SESSION_TTL_MS = 3 * 60 * 1000;
