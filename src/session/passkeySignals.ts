/**
 * The WebAuthn Signal API, where the browser has it: tells the password manager which of the customer's passkeys
 * the pool still accepts (after the Account page's list is read, or one is deleted) and the account's current
 * name (after a name or e-mail change), so that it drops or renames what it holds. Each call is a hint: missing
 * in the browser, or refused by it, it is skipped and nothing else changes.
 *
 * The signals name the account by its WebAuthn user handle, which Cognito hands out only in a registration's
 * options: the device that made a passkey notes it with the relying party (localStorage `passkeys.account`, by
 * the account's username); a device that never made one for the account has nothing to tell.
 */
export const PASSKEY_ACCOUNT_KEY = 'passkeys.account';

interface PasskeyAccount {
  rpId: string;
  userId: string;
}

type Accounts = Record<string, PasskeyAccount>;

function accounts(): Accounts {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(PASSKEY_ACCOUNT_KEY) ?? '{}');
    return value && typeof value === 'object' ? (value as Accounts) : {};
  } catch {
    return {};
  }
}

/** Notes the relying party and user handle of a passkey made here for this account. */
export function rememberPasskeyAccount(username: string, rpId: string | undefined, userId: string | undefined): void {
  if (!rpId || !userId) return;
  try {
    localStorage.setItem(PASSKEY_ACCOUNT_KEY, JSON.stringify({ ...accounts(), [username]: { rpId, userId } }));
  } catch {
    // Storage refused: no signals for this account, nothing else.
  }
}

/** The Signal API's calls, as recent lib.dom types may not have them yet. */
interface SignalApi {
  signalAllAcceptedCredentials?: (options: { rpId: string; userId: string; allAcceptedCredentialIds: string[] }) => Promise<void>;
  signalCurrentUserDetails?: (options: { rpId: string; userId: string; name: string; displayName: string }) => Promise<void>;
}

const signalApi = (): SignalApi | undefined => globalThis.PublicKeyCredential;

/** The credentials the pool accepts for this account: the password manager drops the others it holds. */
export function signalAcceptedPasskeys(username: string, credentialIds: string[]): void {
  const account = accounts()[username];
  const signal = signalApi()?.signalAllAcceptedCredentials;
  if (!account || !signal) return;
  signal.call(globalThis.PublicKeyCredential, { ...account, allAcceptedCredentialIds: credentialIds }).catch(() => {});
}

/** The account's name (its e-mail) and display name now: the password manager shows them for its passkeys. */
export function signalCurrentUser(username: string, name: string, displayName: string): void {
  const account = accounts()[username];
  const signal = signalApi()?.signalCurrentUserDetails;
  if (!account || !signal) return;
  signal.call(globalThis.PublicKeyCredential, { ...account, name, displayName }).catch(() => {});
}

/** Whether the Signal API's current-user call is there to make, for an account known here (so the caller reads the details only then). */
export const canSignalCurrentUser = (username: string): boolean =>
  accounts()[username] !== undefined && typeof signalApi()?.signalCurrentUserDetails === 'function';
