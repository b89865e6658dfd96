/**
 * What a page may do with the signed-in customer's account: the session API.
 * Pages never see the Cognito client or the sign-in machine (docs/architecture.md);
 * they get this, made from the client by the composition root. Factors and
 * delivery media are named in the shared auth vocabulary, through the client's
 * entry (machines/authenticator/authSteps.ts).
 */
import type { CodeDeliveryDetails, MfaType, SecondFactor } from '../cognito/index.ts';

export type { MfaType, SecondFactor };

/** Where a verification code went. */
export interface CodeSent {
  destination?: string;
  medium?: CodeDeliveryDetails['deliveryMedium'];
}

/** The customer's attributes as Cognito names them, e.g. { email, email_verified: 'true', given_name }. */
export type Attributes = Partial<Record<string, string>>;

/** One attribute saved: done, or a code was sent to verify the new value (e-mail, phone). */
export type AttributeUpdate = { attribute: string; verify: false } | { attribute: string; verify: true; codeSent: CodeSent };

/** The customer's second factors: those the pool offers, those turned on, and the one the pool asks for first. */
export interface TwoStepSettings {
  /** from the configuration; none when the pool's MFA is off (and then nothing else was asked) */
  offered: readonly SecondFactor[];
  enabled: SecondFactor[];
  preferred?: SecondFactor;
}

/** A device the pool knows for this customer. */
export interface KnownDevice {
  key: string;
  name?: string;
  lastSignIn?: Date;
  /** remembered devices may skip the second factor, where the pool allows it */
  remembered: boolean;
  /** this browser */
  current: boolean;
}

/** One place the customer is signed in: a sign-in on some browser, kept going by its refresh token. */
export interface SignedInSession {
  id: string;
  /** browser and system as the pool read them, e.g. "Chrome 125 / Windows"; absent when it could not tell */
  browser?: string;
  startedAt?: Date;
  /** the last time that browser renewed its sign-in */
  lastActiveAt?: Date;
  /** this browser's own session */
  current: boolean;
  /** the name of the remembered device the session belongs to, where there is one */
  device?: string;
}

/** The identity pool's view of the customer: the identity, and when the AWS credentials in use expire. */
export interface AwsAccess {
  identityId: string;
  expiration?: Date;
}

/** A passkey of the customer, as the Account page lists it. */
export interface PasskeyInfo {
  id: string;
  /** its authenticator's name (Google Password Manager, iCloud Keychain…) when this device made it, else the pool's */
  name?: string;
  createdAt?: Date;
}

/** The customer's passkeys: list, add one (the browser's prompt), delete one. */
export interface PasskeysApi {
  list: () => Promise<PasskeyInfo[]>;
  add: () => Promise<void>;
  remove: (id: string) => Promise<void>;
  /**
   * Whether to offer a passkey now: the offer is on (configuration), this tab
   * signed the customer in with the password, they did not say "Not now" on
   * this device lately, and they have no passkey (ListWebAuthnCredentials).
   */
  offerDue: () => Promise<boolean>;
  /**
   * The offer made with no dialog: where the browser can (WebAuthn conditional create, right after the password
   * the customer just used), a passkey is made and registered quietly. True when made; false (never an error)
   * when the browser cannot, or it or the pool refused: then the offer is asked as ever.
   */
  addQuietly: () => Promise<boolean>;
  /** Notes this customer as the one whose passkey the sign-in card's autofill offers next time on this device. */
  rememberForAutofill: () => Promise<void>;
  /** The offer was answered: it is not made again for this sign-in; "Not now" (`dismissed`) also quiets it on this device for a while. */
  offerAnswered: (answer: 'created' | 'dismissed') => void;
}

/** The way the customer can confirm it is them, by what they have and the pool allows. */
export type ReverifyMethod =
  | { kind: 'password' }
  | { kind: 'emailCode' }
  | { kind: 'passkey' }
  /** a federated customer: a new sign-in at their provider, through the hosted UI */
  | { kind: 'provider'; provider: string };

/** Where a confirmation stands: done, or a code to type (sent by e-mail or text, or from the authenticator app), or the passkey prompt to open. */
export type ReverifyStep =
  { step: 'done' } | { step: 'code'; delivery: 'email' | 'sms' | 'app'; destination?: string } | { step: 'passkey' };

/**
 * Confirming it is the customer before a sensitive change (reverify.ts): a new
 * sign-in of the same customer whose tokens replace the session's.
 */
export interface ReverificationApi {
  /** How this customer can confirm: their provider (a federated customer); else the password, a code e-mailed, a passkey, as the pool allows and they have. */
  methods: () => Promise<ReverifyMethod[]>;
  /** Starts confirming. A provider's sign-in leaves the page (the hosted UI with prompt=login) and comes back to it. */
  start: (
    how: { kind: 'password'; password: string } | { kind: 'emailCode' } | { kind: 'passkey' } | { kind: 'provider'; provider: string },
  ) => Promise<ReverifyStep>;
  /** Answers the code the sign-in asked for (e-mailed, texted, or from the authenticator app). */
  answer: (code: string) => Promise<ReverifyStep>;
  /** Opens the browser's passkey prompt the sign-in asked for. */
  openPasskey: () => Promise<ReverifyStep>;
}

export interface SessionApi {
  /**
   * Sensitive changes (the e-mail, passkeys added or deleted, a second step
   * turned off, signing out everywhere or of the other sessions, deleting the
   * account) fail with ReverificationRequired, before any call, when the
   * sign-in is more than ten minutes old; this confirms it is the customer.
   */
  reverification: ReverificationApi;
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

  /** the issuer authenticator apps show next to the code, as at sign-in */
  totpIssuer: string;
  /** What the pool offers and what the customer has on (GetUser, only when something is offered). */
  twoStepSettings: () => Promise<TwoStepSettings>;
  /** Starts adding an authenticator app: the secret for the QR code (AssociateSoftwareToken). */
  startAppSetup: () => Promise<string>;
  /** Checks the app's first code (VerifySoftwareToken), then turns the app on, preferred if no other factor is. */
  finishAppSetup: (code: string) => Promise<void>;
  /** Turns a factor on, off, or makes it the preferred one (SetUserMFAPreference). */
  setTwoStep: (method: SecondFactor, setting: 'on' | 'off' | 'preferred') => Promise<void>;

  /** The customer's devices (ListDevices); null, with no call, where the pool does not track devices (this browser got no device key). */
  devices: () => Promise<KnownDevice[] | null>;
  forgetDevice: (key: string) => Promise<void>;
  /** Remember this browser (it may skip the second factor) or stop remembering it (UpdateDeviceStatus). */
  rememberThisDevice: (remember: boolean) => Promise<void>;
  /** Whether this tab's sign-in left a device the pool remembers only if the customer says so. */
  deviceAwaitingChoice: () => Promise<boolean>;

  /**
   * Where the customer is signed in (ListUserSessions), this browser first,
   * then the most recently active; null, with no call, where the pool does not
   * track sessions (configuration: userSessions).
   */
  signedInSessions: () => Promise<SignedInSession[] | null>;
  /** Signs one other session out (RevokeUserSession): that browser is signed out at its next call to the pool. */
  signOutSession: (id: string) => Promise<void>;
  /** Signs every session but this browser's out. */
  signOutOtherSessions: () => Promise<void>;

  /** The identity and its credentials (reused for 50 minutes, spec §9); `fresh` fetches new ones; null where no identity pool is configured. */
  awsAccess: (options?: { fresh?: boolean }) => Promise<AwsAccess | null>;
}
