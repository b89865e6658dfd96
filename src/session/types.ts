/**
 * What a page may do with the signed-in customer's account: the session API.
 * Pages never see the Cognito client or the sign-in machine (docs/architecture.md);
 * they get this, made from the client by the composition root.
 */

/** Where a verification code went. */
export interface CodeSent {
  destination?: string;
  medium?: 'EMAIL' | 'SMS' | 'PHONE';
}

/** The customer's attributes as Cognito names them, e.g. { email, email_verified: 'true', given_name }. */
export type Attributes = Partial<Record<string, string>>;

/** One attribute saved: done, or a code was sent to verify the new value (e-mail, phone). */
export type AttributeUpdate = { attribute: string; verify: false } | { attribute: string; verify: true; codeSent: CodeSent };

/** A passkey of the customer, as the Account page lists it. */
export interface PasskeyInfo {
  id: string;
  /** the name the authenticator gave it */
  name?: string;
  createdAt?: Date;
}

/** The customer's passkeys: list, add one (the browser's prompt), delete one. */
export interface PasskeysApi {
  list: () => Promise<PasskeyInfo[]>;
  add: () => Promise<void>;
  remove: (id: string) => Promise<void>;
}

export interface SessionApi {
  /** present when the pool allows passkeys (configuration: firstFactors with WEB_AUTHN) */
  passkeys?: PasskeysApi;
  /** The attributes, from the id token when it is fresh from sign-in; from the pool (GetUser) when `fresh` or when the token cannot tell. */
  attributes: (options?: { fresh?: boolean }) => Promise<Attributes>;
  updateAttributes: (attributes: Record<string, string>) => Promise<AttributeUpdate[]>;
  deleteAttributes: (names: string[]) => Promise<void>;
  sendVerificationCode: (attribute: string) => Promise<CodeSent>;
  verifyAttribute: (attribute: string, code: string) => Promise<void>;
  changePassword: (oldPassword: string, newPassword: string) => Promise<void>;
  /** Ends every session of the customer, on every device; this tab returns to sign-in. */
  signOutEverywhere: () => Promise<void>;
  /** Deletes the account; this tab returns to sign-in. */
  deleteAccount: () => Promise<void>;
}
