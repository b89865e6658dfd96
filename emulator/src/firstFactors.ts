/**
 * Choice-based sign-in (InitiateAuth USER_AUTH): which first factors a user
 * may choose, and starting the one chosen, whether it came as
 * PREFERRED_CHALLENGE or as the answer to SELECT_CHALLENGE. A password is
 * checked as USER_PASSWORD_AUTH checks it (lockout included), PASSWORD_SRP
 * opens the same handshake USER_SRP_AUTH does, a code goes to the outbox,
 * and a passkey gets its request options (webAuthn.ts).
 */
import { deliver, newPendingCode } from './codes.ts';
import { type Context, maskDestination } from './context.ts';
import { type Account, accountChanged, decoyCredentials, holderOf } from './decoys.ts';
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
 * What the pool allows and the user can do: a password if they have one, a
 * code where they have a verified address, a passkey if they registered one
 * for the pool's relying party. A name that is no user is offered what a user
 * with a password and a verified address of the name's kind would be (never a
 * passkey), so the list tells nobody whether the account exists.
 */
export function availableChallenges(account: Account, loginName: string): FirstFactorChallenge[] {
  const allowed = account.pool.allowedFirstAuthFactors;
  const offered = new Set<FirstFactorChallenge>();
  if (account.kind === 'decoy') {
    offered.add('PASSWORD').add('PASSWORD_SRP');
    const byEmail = loginName.includes('@');
    if (byEmail && allowed.includes('EMAIL_OTP')) offered.add('EMAIL_OTP');
    if (!byEmail && allowed.includes('SMS_OTP')) offered.add('SMS_OTP');
  } else {
    const { pool, user } = account;
    if (user.password) offered.add('PASSWORD').add('PASSWORD_SRP');
    if (allowed.includes('EMAIL_OTP') && verified(user, 'email')) offered.add('EMAIL_OTP');
    if (allowed.includes('SMS_OTP') && verified(user, 'phone_number')) offered.add('SMS_OTP');
    // Where MFA is required, a passkey signs in only as passkey MFA (with user verification), which satisfies it.
    const passkeyAllowed = pool.mfaConfiguration !== 'ON' || passkeyMfa(pool, user);
    if (allowed.includes('WEB_AUTHN') && passkeyAllowed && usablePasskeys(pool, user).length > 0) offered.add('WEB_AUTHN');
  }
  return FIRST_FACTOR_CHALLENGES.filter((name) => offered.has(name));
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
 * A sign-in code by e-mail or SMS, to the user's verified address. A name
 * that is no user gets a challenge that looks the same, and a code nobody is
 * sent, so no answer can be right.
 */
function otpChallenge(
  ctx: Context,
  account: Account,
  loginName: string,
  progress: SignInProgress,
  name: 'EMAIL_OTP' | 'SMS_OTP',
): SignInAnswer {
  const code = newPendingCode(ctx, OTP_TTL_MS);
  const medium = name === 'EMAIL_OTP' ? 'EMAIL' : 'SMS';
  let destination: string;
  if (account.kind === 'user') {
    const address = account.user.attributes[name === 'EMAIL_OTP' ? 'email' : 'phone_number']!;
    deliver(ctx, address, name === 'EMAIL_OTP' ? 'EmailOtp' : 'SmsOtp', code.code);
    destination = maskDestination(address);
  } else {
    destination = simulatedDelivery(loginName).Destination;
  }
  return challenge(
    ctx,
    name,
    progress,
    { CODE_DELIVERY_DELIVERY_MEDIUM: medium, CODE_DELIVERY_DESTINATION: destination },
    { code: account.kind === 'user' ? code : { ...code, code: '' } },
  );
}
