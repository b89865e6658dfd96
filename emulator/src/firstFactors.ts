/**
 * Choice-based sign-in (InitiateAuth USER_AUTH): which first factors a user
 * may choose, and starting the one chosen, whether it came as
 * PREFERRED_CHALLENGE or as the answer to SELECT_CHALLENGE. A password is
 * checked as USER_PASSWORD_AUTH checks it (lockout included), PASSWORD_SRP
 * opens the same handshake USER_SRP_AUTH does, a code goes to the outbox,
 * and a passkey gets its request options (webAuthn.ts).
 */
import { countCodeRequest, deliver, newPendingCode, rationCodes, simulateDelivery } from './codes.ts';
import { type Context, maskDestination } from './context.ts';
import { type Account, accountChanged, decoyCredentials, decoyDigits, holderOf } from './decoys.ts';
import { INCORRECT_CREDENTIALS, errors } from './errors.ts';
import { readSrpA, requireParameter, startPasswordHandshake } from './handshake.ts';
import { recordFailure, recordSuccess, refuseIfLocked } from './lockout.ts';
import { passkeyMfa } from './mfa.ts';
import { type SignInAnswer, challenge, continueSignIn } from './signIn.ts';
import { verifierMatches } from './srp.ts';
import type { AppClient, SignInProgress, User, UserPool } from './state.ts';
import { simulatedDelivery, srpRealm } from './users.ts';
import { passkeyChallenge, usablePasskeys } from './webAuthn.ts';

/** What AvailableChallenges and PREFERRED_CHALLENGE name, in the order the choice is offered. */
export const FIRST_FACTOR_CHALLENGES = ['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP', 'SMS_OTP', 'WEB_AUTHN'] as const;
export type FirstFactorChallenge = (typeof FIRST_FACTOR_CHALLENGES)[number];

export const isFirstFactorChallenge = (name: string): name is FirstFactorChallenge =>
  (FIRST_FACTOR_CHALLENGES as readonly string[]).includes(name);

/** A sign-in code (EMAIL_OTP, SMS_OTP) lasts three minutes, as Cognito's do. */
export const OTP_TTL_MS = 3 * 60 * 1000;

const verified = (user: User, attribute: 'email' | 'phone_number') =>
  Boolean(user.attributes[attribute]) && user.attributes[`${attribute}_verified`] === 'true';

/**
 * What AvailableChallenges lists: what the pool allows, the same for every
 * name, so the list tells nobody whether the account exists, has a verified
 * address or has a passkey. A password (with and without SRP), and each code
 * factor the pool allows: choosing one the name cannot receive gets a
 * challenge that looks the same and a code nobody is sent. A passkey is never
 * listed (only its owner could use it); it is asked for with
 * PREFERRED_CHALLENGE=WEB_AUTHN ({@link canStartAtOnce}).
 */
export function availableChallenges(pool: UserPool): FirstFactorChallenge[] {
  const allowed = pool.allowedFirstAuthFactors;
  const offered = new Set<FirstFactorChallenge>(['PASSWORD', 'PASSWORD_SRP']);
  if (allowed.includes('EMAIL_OTP')) offered.add('EMAIL_OTP');
  if (allowed.includes('SMS_OTP')) offered.add('SMS_OTP');
  return FIRST_FACTOR_CHALLENGES.filter((name) => offered.has(name));
}

/**
 * Whether a PREFERRED_CHALLENGE starts at once rather than answering
 * SELECT_CHALLENGE: anything listed does, for every name alike; a passkey only
 * for a user who has one for the pool's relying party, as Cognito answers (a
 * customer without one gets the choice, and so does a name that is no user,
 * which so looks like the many users without a passkey; no credential ids are
 * handed out before the proof, see passkeyChallenge).
 */
export function canStartAtOnce(preferred: FirstFactorChallenge, account: Account): boolean {
  if (preferred !== 'WEB_AUTHN') return availableChallenges(account.pool).includes(preferred);
  return (
    account.pool.allowedFirstAuthFactors.includes('WEB_AUTHN') &&
    account.kind === 'user' &&
    // Where MFA is required, a passkey signs in only as passkey MFA (with user verification), which satisfies it.
    (account.pool.mfaConfiguration !== 'ON' || passkeyMfa(account.pool, account.user)) &&
    usablePasskeys(account.pool, account.user).length > 0
  );
}

/** Who a sign-in is for, as its progress records it. */
export const whoOf = (account: Account) =>
  account.kind === 'user' ? { username: account.user.username } : { username: null, decoyKey: account.key };

/**
 * Checks a password as USER_PASSWORD_AUTH does: refused while locked out, a
 * wrong one counted (on the decoy for a name that is no user, against whose
 * verifier the same work is done), a right one clearing the count.
 */
export function checkPassword(ctx: Context, pool: UserPool, account: Account, loginName: string, password: string): User {
  const holder = holderOf(account);
  refuseIfLocked(ctx, holder);
  const decoy = decoyCredentials(pool, loginName);
  const user = account.kind === 'user' ? account.user : null;
  const credentials = user?.password ? { userIdForSrp: user.username, ...user.password } : decoy;
  const matches = verifierMatches(credentials, srpRealm(pool), credentials.userIdForSrp, password);
  if (!user?.password || !matches) {
    recordFailure(ctx, holder);
    accountChanged(ctx, account);
    throw errors.notAuthorized(INCORRECT_CREDENTIALS);
  }
  if (recordSuccess(ctx, user)) accountChanged(ctx, account);
  return user;
}

/** Reads what a choice needs from the request before anything is spent, so a request missing it loses nothing. */
export function checkChoiceParameters(choice: FirstFactorChallenge, parameters: Record<string, string>): void {
  if (choice === 'PASSWORD') requireParameter(parameters, 'PASSWORD');
  if (choice === 'PASSWORD_SRP') readSrpA(parameters);
}

export interface Choice {
  ctx: Context;
  pool: UserPool;
  client: AppClient;
  account: Account;
  loginName: string;
  progress: SignInProgress;
  /** AuthParameters of InitiateAuth, or ChallengeResponses of SELECT_CHALLENGE */
  parameters: Record<string, string>;
}

/** Starts the first factor chosen: signs in (PASSWORD) or answers its challenge. */
export function startChoice(choice: FirstFactorChallenge, input: Choice): SignInAnswer {
  const { ctx, pool, client, account, loginName, parameters } = input;
  const progress = { ...input.progress, ...whoOf(account) };
  switch (choice) {
    case 'PASSWORD': {
      const user = checkPassword(ctx, pool, account, loginName, requireParameter(parameters, 'PASSWORD'));
      return continueSignIn(ctx, pool, client, user, { ...progress, flow: 'password' });
    }
    case 'PASSWORD_SRP': {
      const handshake = startPasswordHandshake(ctx, account, loginName, readSrpA(parameters), { ...progress, flow: 'password' });
      return challenge(ctx, 'PASSWORD_VERIFIER', { ...progress, flow: 'password' }, handshake);
    }
    case 'EMAIL_OTP':
    case 'SMS_OTP':
      return otpChallenge(ctx, account, loginName, { ...progress, flow: 'passwordless' }, choice);
    case 'WEB_AUTHN':
      // Never offered to a name that is no user; asked for anyway, it is refused as an unknown passkey would be.
      if (account.kind === 'decoy') throw errors.notAuthorized(INCORRECT_CREDENTIALS);
      return passkeyChallenge(ctx, pool, account.user, { ...progress, flow: 'passwordless' });
  }
}

/**
 * A sign-in code by e-mail or SMS, to the user's verified address: refused
 * while the account is locked, and rationed with the user's other codes
 * (five an hour). A name that is no user gets a challenge that looks the
 * same, counted and rationed the same, and a code nobody is sent, so no answer
 * can be right.
 */
function otpChallenge(
  ctx: Context,
  account: Account,
  loginName: string,
  progress: SignInProgress,
  name: 'EMAIL_OTP' | 'SMS_OTP',
): SignInAnswer {
  // A locked account gets no code to guess, and codes are rationed as the other codes are (for a decoy alike).
  const holder = holderOf(account);
  refuseIfLocked(ctx, holder);
  rationCodes(ctx, holder);
  countCodeRequest(ctx, holder);
  accountChanged(ctx, account);
  const code = newPendingCode(ctx, OTP_TTL_MS);
  const attribute = name === 'EMAIL_OTP' ? 'email' : 'phone_number';
  const kind = name === 'EMAIL_OTP' ? 'EmailOtp' : 'SmsOtp';
  const address = account.kind === 'user' && verified(account.user, attribute) ? account.user.attributes[attribute]! : undefined;
  let destination: string;
  if (address !== undefined) {
    deliver(ctx, address, kind, code.code);
    destination = maskDestination(address);
  } else {
    // No verified address (a name that is no user, or a user without one): the same work, nothing kept or sent.
    destination = standInDestination(account.pool, loginName, attribute);
    simulateDelivery(ctx, destination, kind, code.code);
  }
  return challenge(
    ctx,
    name,
    progress,
    { CODE_DELIVERY_DELIVERY_MEDIUM: name === 'EMAIL_OTP' ? 'EMAIL' : 'SMS', CODE_DELIVERY_DESTINATION: destination },
    { code: address !== undefined ? code : { ...code, code: '' } },
  );
}

/** The masked address shown where no code goes: the login name where it is of the kind, else a phone number derived from it. */
function standInDestination(pool: UserPool, loginName: string, attribute: 'email' | 'phone_number'): string {
  const shown = simulatedDelivery(loginName);
  if (shown.AttributeName === attribute) return shown.Destination;
  return attribute === 'email' ? maskDestination(`${loginName}@${loginName}.com`) : maskDestination(`+${decoyDigits(pool, loginName, 12)}`);
}
