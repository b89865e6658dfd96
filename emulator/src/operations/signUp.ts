/** SignUp, ConfirmSignUp and ResendConfirmationCode. */
import { CODE_TTL_MS, checkCode, consumeCode, countCodeRequest, rationCodes, sendCode } from '../codes.ts';
import { type Handler, clientById } from '../context.ts';
import { type Account, accountChanged, accountFor, decoyCode } from '../decoys.ts';
import { errors } from '../errors.ts';
import { type Input, CODE_RULE, attributeList, optionalBoolean, optionalString, requiredString, USERNAME_RULE } from '../input.ts';
import { enforcePasswordPolicy } from '../passwordPolicy.ts';
import type { UserPool } from '../state.ts';
import { checkSecretHash } from '../secretHash.ts';
import { checkSignUpSession, closeSignUpSession, openSignUpSession } from '../sessions.ts';
import { codeDeliveryDetails, createUser, deliveryAddress, setPassword, simulatedDelivery, touch } from '../users.ts';

const PASSWORD_SHAPE = /^[\S]+.*[\S]+$/;

/** ClientId, Username and SecretHash, read and checked the way every unauthenticated user call reads them. */
export function clientAndName(input: Input, ctx: Parameters<Handler>[1]) {
  const clientId = requiredString(input, 'ClientId', { min: 1, max: 128 });
  const loginName = requiredString(input, 'Username', USERNAME_RULE);
  const secretHash = optionalString(input, 'SecretHash', { min: 1, max: 128 });
  const { pool, client } = clientById(ctx, clientId);
  checkSecretHash(client, loginName, secretHash);
  const account = accountFor(pool, loginName);
  return { pool, client, loginName, account, user: account.kind === 'user' ? account.user : undefined };
}

type DecoyAccount = Extract<Account, { kind: 'decoy' }>;

/**
 * A code asked for a name that is no user (ForgotPassword, ResendConfirmationCode):
 * rationed and counted as a user's, and never matched.
 */
export function sendDecoyCode(ctx: Parameters<Handler>[1], account: DecoyAccount, purpose: 'signUp' | 'forgotPassword', ttlMs: number) {
  rationCodes(ctx, account.decoy);
  decoyCode(ctx, account, purpose, ttlMs);
  countCodeRequest(ctx, account.decoy);
  accountChanged(ctx, account);
}

/** A code given for a name that is no user: checked, counted and answered as a user's wrong one. */
export function checkDecoyCode(ctx: Parameters<Handler>[1], account: DecoyAccount, purpose: 'signUp' | 'forgotPassword', given: string) {
  accountChanged(ctx, account);
  // An unconfirmed user always has the code their sign-up sent; a decoy gets one when first asked.
  if (purpose === 'signUp') account.decoy.codes.signUp ??= decoyCode(ctx, account, 'signUp', CODE_TTL_MS.signUp);
  checkCode(ctx, account.decoy.codes[purpose], given);
  throw errors.codeMismatch();
}

export function checkPasswordShape(password: string, member = 'password'): void {
  if (!PASSWORD_SHAPE.test(password)) {
    throw errors.invalidParameter(
      `1 validation error detected: Value at '${member}' failed to satisfy constraint: Member must satisfy regular expression pattern: ^[\\S]+.*[\\S]+$`,
    );
  }
}

/**
 * The password a sign-up gives, or null for a user without one: Cognito lets the
 * password be left out or blank when the pool's sign-in policy allows a
 * passwordless first factor (e-mailed or texted codes); elsewhere it is required.
 */
function signUpPassword(input: Input, pool: UserPool): string | null {
  const given = optionalString(input, 'Password', { max: 256 });
  const passwordless = pool.allowedFirstAuthFactors.some((factor) => factor === 'EMAIL_OTP' || factor === 'SMS_OTP');
  if (passwordless && (given === undefined || given === '')) return null;
  const password = requiredString(input, 'Password', { min: 1, max: 256 });
  checkPasswordShape(password);
  enforcePasswordPolicy(password, pool.passwordPolicy);
  return password;
}

export const SignUp: Handler = (input, ctx) => {
  optionalString(input, 'Password', { max: 256 });
  const attributes = attributeList(input, 'UserAttributes');
  attributeList(input, 'ValidationData');
  const { pool, client, loginName } = clientAndName(input, ctx);
  if (pool.allowAdminCreateUserOnly) throw errors.notAuthorized('SignUp is not permitted for this user pool');
  const password = signUpPassword(input, pool);
  if (attributes.some(({ Name }) => Name.endsWith('_verified'))) {
    throw errors.notAuthorized('A client attempted to write unauthorized attribute');
  }
  const user = createUser(ctx, pool, loginName, attributes, 'UNCONFIRMED');
  // Without one, the user signs in with codes or a passkey until ChangePassword or a reset sets a password.
  if (password !== null) setPassword(ctx, pool, user, password);
  const session = openSignUpSession(ctx, pool, client, user, 'signedUp');
  const answer = { UserConfirmed: false, UserSub: user.attributes.sub, ...(session ? { Session: session } : {}) };
  const delivery = deliveryAddress(pool, user);
  if (!delivery) return answer;
  sendCode(ctx, pool, user, 'signUp', delivery.address, 'SignUp', CODE_TTL_MS.signUp);
  return { ...answer, CodeDeliveryDetails: codeDeliveryDetails(delivery) };
};

export const ConfirmSignUp: Handler = (input, ctx) => {
  const code = requiredString(input, 'ConfirmationCode', CODE_RULE);
  optionalBoolean(input, 'ForceAliasCreation');
  const session = optionalString(input, 'Session', { min: 20, max: 2048 });
  const { client, pool, account } = clientAndName(input, ctx);
  if (account.kind === 'decoy') {
    if (client.preventUserExistenceErrors) checkDecoyCode(ctx, account, 'signUp', code);
    throw errors.userNotFound('Username/client id combination not found.');
  }
  const { user } = account;
  if (user.status !== 'UNCONFIRMED') {
    throw errors.notAuthorized(`User cannot be confirmed. Current status is ${user.status}`);
  }
  if (session !== undefined) checkSignUpSession(ctx, session, client, user, 'signedUp');
  consumeCode(ctx, pool, user, 'signUp', code);
  user.status = 'CONFIRMED';
  const delivery = deliveryAddress(pool, user);
  if (delivery) user.attributes[`${delivery.attribute}_verified`] = 'true';
  touch(ctx, pool, user);
  // The code the customer just typed stands in for the first factor of one sign-in, whether or not
  // the sign-up's session came back (Amplify's autoSignIn never sends it; one that is sent is checked above).
  closeSignUpSession(ctx, session);
  const next = openSignUpSession(ctx, pool, client, user, 'confirmed');
  return next ? { Session: next } : {};
};

export const ResendConfirmationCode: Handler = (input, ctx) => {
  const { client, pool, account, loginName } = clientAndName(input, ctx);
  if (account.kind === 'decoy') {
    if (!client.preventUserExistenceErrors) throw errors.userNotFound('Username/client id combination not found.');
    sendDecoyCode(ctx, account, 'signUp', CODE_TTL_MS.signUp);
    return { CodeDeliveryDetails: simulatedDelivery(loginName) };
  }
  const { user } = account;
  if (user.status !== 'UNCONFIRMED') throw errors.invalidParameter('User is already confirmed.');
  const delivery = deliveryAddress(pool, user);
  if (!delivery) throw errors.invalidParameter('Cannot resend codes. Auto verification not turned on.');
  rationCodes(ctx, user);
  sendCode(ctx, pool, user, 'signUp', delivery.address, 'ResendCode', CODE_TTL_MS.signUp);
  return { CodeDeliveryDetails: codeDeliveryDetails(delivery) };
};
