/** RespondToAuthChallenge: one small answer function per challenge name. */
import { WRONG_CODES_ALLOWED, checkCode } from '../codes.ts';
import { type Context, type Handler, clientById, findUser, own } from '../context.ts';
import { type Account, accountChanged, customLockoutOf, customLockoutToCount, decoyAt, decoyKey, holderOf } from '../decoys.ts';
import { confirmedDevice } from '../devices.ts';
import { INCORRECT_CREDENTIALS, SESSION_EXPIRED, errors } from '../errors.ts';
import { checkClaim, readSrpA, requireParameter, startDeviceHandshake } from '../handshake.ts';
import { type Input, optionalString, requiredEnum, requiredString, stringMap } from '../input.ts';
import { recordFailure, recordSuccess, refuseIfLocked } from '../lockout.ts';
import { checkChoiceParameters, isFirstFactorChallenge, startChoice } from '../firstFactors.ts';
import { enabledMfa } from '../mfa.ts';
import { checkSecretHash } from '../secretHash.ts';
import { closeSession, takeSession } from '../sessions.ts';
import { CUSTOM_CHALLENGE_ATTEMPTS, type SignInAnswer, challenge, continueSignIn, mfaChallenge } from '../signIn.ts';
import type { AppClient, AuthSession, ChallengeName, MfaType, User, UserPool } from '../state.ts';
import { matchingStep } from '../totp.ts';
import { verifyAssertion } from '../webAuthn.ts';
import { type AttributePair, aliasTaken, checkAttributes, requiredAttributes, setPassword, touch } from '../users.ts';

const CHALLENGE_NAMES = [
  'SMS_MFA',
  'EMAIL_OTP',
  'SOFTWARE_TOKEN_MFA',
  'SELECT_MFA_TYPE',
  'MFA_SETUP',
  'PASSWORD_VERIFIER',
  'CUSTOM_CHALLENGE',
  'SELECT_CHALLENGE',
  'DEVICE_SRP_AUTH',
  'DEVICE_PASSWORD_VERIFIER',
  'ADMIN_NO_SRP_AUTH',
  'NEW_PASSWORD_REQUIRED',
  'SMS_OTP',
  'PASSWORD',
  'WEB_AUTHN',
  'PASSWORD_SRP',
] as const;

const MFA_MISMATCH = 'Invalid code received for user';

interface Answer {
  ctx: Context;
  pool: UserPool;
  client: AppClient;
  responses: Record<string, string>;
  token: string | undefined;
}

/** The session's user, still there and named by the answer's USERNAME. */
function sessionUser({ pool, responses }: Answer, session: AuthSession): User {
  const user = session.progress.username ? own(pool.users, session.progress.username) : undefined;
  if (!user) throw errors.notAuthorized(SESSION_EXPIRED);
  if (findUser(pool, responses.USERNAME!) !== user) throw errors.notAuthorized(INCORRECT_CREDENTIALS);
  return user;
}

/** Whom a sign-in is for: its user, still there, or the decoy of the name that is none. */
function accountOf(pool: UserPool, who: { username: string | null; decoyKey?: string }): Account | null {
  if (who.username === null) return who.decoyKey === undefined ? null : decoyAt(pool, who.decoyKey);
  const user = own(pool.users, who.username);
  return user ? { kind: 'user', pool, user } : null;
}

function passwordVerifier(answer: Answer): SignInAnswer {
  const { ctx, pool, client, responses } = answer;
  const { pending, ok } = checkClaim(ctx, client.clientId, 'user', responses);
  const account = accountOf(pool, pending);
  if (!account) throw errors.notAuthorized(INCORRECT_CREDENTIALS);
  const holder = holderOf(account);
  refuseIfLocked(ctx, holder);
  if (!ok || account.kind !== 'user') {
    recordFailure(ctx, holder);
    accountChanged(ctx, account);
    throw errors.notAuthorized(INCORRECT_CREDENTIALS);
  }
  const user = account.user;
  if (recordSuccess(ctx, user)) accountChanged(ctx, account);
  closeSession(ctx, answer.token);
  const deviceKey = responses.DEVICE_KEY ?? pending.progress.deviceKey;
  return continueSignIn(ctx, pool, client, user, { ...pending.progress, ...(deviceKey ? { deviceKey } : {}) });
}

function deviceSrpAuth(answer: Answer): SignInAnswer {
  const { ctx, pool, responses } = answer;
  const session = takeSession(ctx, answer.token, answer.client.clientId, ['DEVICE_SRP_AUTH']);
  const user = sessionUser(answer, session);
  const deviceKey = requireParameter(responses, 'DEVICE_KEY');
  if (deviceKey !== session.progress.deviceKey) throw errors.deviceNotFound();
  const device = confirmedDevice(user, deviceKey);
  const parameters = startDeviceHandshake(ctx, pool, user, device, readSrpA(responses), session.progress);
  closeSession(ctx, answer.token);
  return challenge(ctx, 'DEVICE_PASSWORD_VERIFIER', session.progress, parameters);
}

function devicePasswordVerifier(answer: Answer): SignInAnswer {
  const { ctx, pool, client, responses } = answer;
  takeSession(ctx, answer.token, client.clientId, ['DEVICE_PASSWORD_VERIFIER']);
  const { pending, ok } = checkClaim(ctx, client.clientId, 'device', responses);
  if (!ok) throw errors.notAuthorized(INCORRECT_CREDENTIALS);
  const user = pending.username ? own(pool.users, pending.username) : undefined;
  if (!user) throw errors.notAuthorized(SESSION_EXPIRED);
  closeSession(ctx, answer.token);
  return continueSignIn(ctx, pool, client, user, { ...pending.progress, deviceVerified: true });
}

function newPasswordRequired(answer: Answer): SignInAnswer {
  const { ctx, pool, client, responses } = answer;
  const session = takeSession(ctx, answer.token, client.clientId, ['NEW_PASSWORD_REQUIRED']);
  const user = sessionUser(answer, session);
  const password = requireParameter(responses, 'NEW_PASSWORD');
  const attributes: AttributePair[] = Object.entries(responses)
    .filter(([name]) => name.startsWith('userAttributes.'))
    .map(([name, Value]) => ({ Name: name.slice('userAttributes.'.length), Value }));
  checkAttributes(attributes);
  for (const { Name, Value } of attributes) {
    if (Name.endsWith('_verified')) throw errors.notAuthorized('A client attempted to write unauthorized attribute');
    if (aliasTaken(pool, user, Name, Value)) throw errors.aliasExists();
  }
  const missing = requiredAttributes(pool).filter((name) => !user.attributes[name] && !attributes.some((a) => a.Name === name));
  if (missing.length > 0) throw errors.invalidParameter(`Invalid attributes given, ${missing.join(', ')} is missing`);
  setPassword(ctx, pool, user, password);
  for (const { Name, Value } of attributes) user.attributes[Name] = Value;
  user.status = 'CONFIRMED';
  delete user.temporaryPasswordExpiresAt;
  touch(ctx, pool, user);
  closeSession(ctx, answer.token);
  return continueSignIn(ctx, pool, client, user, { ...session.progress, passwordChanged: true });
}

/** A wrong code counts against the session; after too many the session ends. */
function countWrong(answer: Answer, session: AuthSession, error: unknown): never {
  if (error instanceof Error && error.name === 'CodeMismatchException') {
    session.wrongAnswers += 1;
    if (session.wrongAnswers >= WRONG_CODES_ALLOWED) closeSession(answer.ctx, answer.token);
  }
  throw error;
}

function smsMfa(answer: Answer): SignInAnswer {
  const { ctx, pool, client, responses } = answer;
  const session = takeSession(ctx, answer.token, client.clientId, ['SMS_MFA']);
  const user = sessionUser(answer, session);
  const code = requireParameter(responses, 'SMS_MFA_CODE');
  try {
    checkCode(ctx, session.code, code, MFA_MISMATCH);
  } catch (error) {
    countWrong(answer, session, error);
  }
  closeSession(ctx, answer.token);
  return continueSignIn(ctx, pool, client, user, { ...session.progress, mfaDone: true });
}

function softwareTokenMfa(answer: Answer): SignInAnswer {
  const { ctx, pool, client, responses } = answer;
  const session = takeSession(ctx, answer.token, client.clientId, ['SOFTWARE_TOKEN_MFA']);
  const user = sessionUser(answer, session);
  const code = requireParameter(responses, 'SOFTWARE_TOKEN_MFA_CODE');
  const totp = user.totp;
  if (!totp) throw errors.softwareTokenMfaNotFound();
  const step = matchingStep(totp.secret, code, ctx.now(), totp.lastUsedStep);
  if (step === null) countWrong(answer, session, errors.codeMismatch(MFA_MISMATCH));
  totp.lastUsedStep = step;
  touch(ctx, pool, user);
  closeSession(ctx, answer.token);
  return continueSignIn(ctx, pool, client, user, { ...session.progress, mfaDone: true });
}

function selectMfaType(answer: Answer): SignInAnswer {
  const { ctx, pool, client, responses } = answer;
  const session = takeSession(ctx, answer.token, client.clientId, ['SELECT_MFA_TYPE']);
  const user = sessionUser(answer, session);
  const choice = requireParameter(responses, 'ANSWER');
  if (!(enabledMfa(pool, user) as string[]).includes(choice)) throw errors.invalidParameter('Invalid MFA type.');
  closeSession(ctx, answer.token);
  return mfaChallenge(ctx, choice as MfaType, user, session.progress);
}

function mfaSetup(answer: Answer): SignInAnswer {
  const { ctx, pool, client } = answer;
  const session = takeSession(ctx, answer.token, client.clientId, ['MFA_SETUP']);
  const user = sessionUser(answer, session);
  if (!session.totp?.verified) throw errors.softwareTokenMfaNotFound('Software Token MFA has not been verified for the user.');
  closeSession(ctx, answer.token);
  return continueSignIn(ctx, pool, client, user, { ...session.progress, mfaDone: true });
}

function customChallenge(answer: Answer): SignInAnswer {
  const { ctx, pool, client, responses } = answer;
  const session = takeSession(ctx, answer.token, client.clientId, ['CUSTOM_CHALLENGE']);
  const given = requireParameter(responses, 'ANSWER');
  const account = accountOf(pool, session.progress);
  if (!account) throw errors.notAuthorized(SESSION_EXPIRED);
  const user = account.kind === 'user' ? account.user : undefined;
  if (user) sessionUser(answer, session);
  // Wrong answers count across sign-ins, as failed sign-ins do: a lockout reached meanwhile ends this one too.
  refuseIfLocked(ctx, customLockoutOf(account));
  closeSession(ctx, answer.token);
  const right = user !== undefined && session.code !== undefined && session.code.code === given && session.code.expiresAt > ctx.now();
  if (!right) {
    recordFailure(ctx, customLockoutToCount(account));
    accountChanged(ctx, account);
    // As a typical DefineAuthChallenge trigger: ask again, and fail after a few wrong answers.
    const wrongAnswers = session.wrongAnswers + 1;
    if (wrongAnswers >= CUSTOM_CHALLENGE_ATTEMPTS) throw errors.notAuthorized(INCORRECT_CREDENTIALS);
    return challenge(ctx, 'CUSTOM_CHALLENGE', session.progress, session.parameters, {
      wrongAnswers,
      ...(session.code ? { code: session.code } : {}),
    });
  }
  if (recordSuccess(ctx, customLockoutOf(account))) accountChanged(ctx, account);
  return continueSignIn(ctx, pool, client, user, { ...session.progress, customAnswered: true });
}

/** The sign-in's account, checked against the answer's USERNAME (for a name that is no user, the same name). */
function choosingAccount(answer: Answer, session: AuthSession): Account {
  const account = accountOf(answer.pool, session.progress);
  if (!account) throw errors.notAuthorized(SESSION_EXPIRED);
  if (account.kind === 'user') sessionUser(answer, session);
  else if (decoyKey(answer.pool, answer.responses.USERNAME!) !== account.key) throw errors.notAuthorized(INCORRECT_CREDENTIALS);
  return account;
}

/** SELECT_CHALLENGE: ANSWER names one of the AvailableChallenges, with what that factor needs (PASSWORD, SRP_A). */
function selectChallenge(answer: Answer): SignInAnswer {
  const { ctx, pool, client, responses } = answer;
  const session = takeSession(ctx, answer.token, client.clientId, ['SELECT_CHALLENGE']);
  const account = choosingAccount(answer, session);
  const choice = requireParameter(responses, 'ANSWER');
  if (!isFirstFactorChallenge(choice) || !session.available?.includes(choice)) {
    throw errors.invalidParameter(`${choice} is not one of the available challenges: ${(session.available ?? []).join(', ')}.`);
  }
  checkChoiceParameters(choice, responses);
  closeSession(ctx, answer.token);
  const loginName = responses.USERNAME!;
  return startChoice(choice, { ctx, pool, client, account, loginName, progress: session.progress, parameters: responses });
}

/**
 * EMAIL_OTP and SMS_OTP: the code sent as the first factor, or (EMAIL_OTP
 * after a password) as e-mail MFA. A wrong code counts against the session,
 * which ends after a few, and against the account's sign-in lockout (wrong
 * passwords and wrong codes together), which refuses codes while it lasts; a
 * name that is no user has no code to get right.
 */
function otpAnswer(name: 'EMAIL_OTP' | 'SMS_OTP') {
  return (answer: Answer): SignInAnswer => {
    const { ctx, pool, client, responses } = answer;
    const session = takeSession(ctx, answer.token, client.clientId, [name]);
    const account = choosingAccount(answer, session);
    const given = requireParameter(responses, `${name}_CODE`);
    // Wrong codes count on the account as wrong passwords do, across sessions: a locked account's codes are refused.
    const holder = holderOf(account);
    refuseIfLocked(ctx, holder);
    try {
      checkCode(ctx, session.code, given, MFA_MISMATCH);
      if (account.kind !== 'user') throw errors.codeMismatch(MFA_MISMATCH);
    } catch (error) {
      if (error instanceof Error && error.name === 'CodeMismatchException') {
        recordFailure(ctx, holder);
        accountChanged(ctx, account);
      }
      countWrong(answer, session, error);
    }
    if (account.kind !== 'user') throw errors.codeMismatch(MFA_MISMATCH);
    if (recordSuccess(ctx, account.user)) accountChanged(ctx, account);
    closeSession(ctx, answer.token);
    return continueSignIn(ctx, pool, client, account.user, { ...session.progress, mfaDone: true });
  };
}

/**
 * WEB_AUTHN: CREDENTIAL holds the browser's AuthenticationResponseJSON for
 * the challenge the session issued. The challenge is good for one answer:
 * right or wrong, the session ends with it.
 */
function webAuthn(answer: Answer): SignInAnswer {
  const { ctx, pool, client, responses } = answer;
  const session = takeSession(ctx, answer.token, client.clientId, ['WEB_AUTHN']);
  const user = sessionUser(answer, session);
  const credential = requireParameter(responses, 'CREDENTIAL');
  closeSession(ctx, answer.token);
  verifyAssertion(ctx, pool, user, session.webAuthnChallenge ?? '', credential);
  return continueSignIn(ctx, pool, client, user, { ...session.progress, mfaDone: true });
}

const ANSWERS: Record<ChallengeName, (answer: Answer) => SignInAnswer> = {
  SELECT_CHALLENGE: selectChallenge,
  EMAIL_OTP: otpAnswer('EMAIL_OTP'),
  SMS_OTP: otpAnswer('SMS_OTP'),
  WEB_AUTHN: webAuthn,
  PASSWORD_VERIFIER: passwordVerifier,
  DEVICE_SRP_AUTH: deviceSrpAuth,
  DEVICE_PASSWORD_VERIFIER: devicePasswordVerifier,
  NEW_PASSWORD_REQUIRED: newPasswordRequired,
  SMS_MFA: smsMfa,
  SOFTWARE_TOKEN_MFA: softwareTokenMfa,
  SELECT_MFA_TYPE: selectMfaType,
  MFA_SETUP: mfaSetup,
  CUSTOM_CHALLENGE: customChallenge,
};

export const RespondToAuthChallenge: Handler = (input: Input, ctx) => {
  const clientId = requiredString(input, 'ClientId', { min: 1, max: 128 });
  const challengeName = requiredEnum(input, 'ChallengeName', CHALLENGE_NAMES);
  const responses = stringMap(input, 'ChallengeResponses', false);
  const token = optionalString(input, 'Session', { min: 20, max: 2048 });
  const { pool, client } = clientById(ctx, clientId);
  const answer = ANSWERS[challengeName as ChallengeName];
  if (!answer) throw errors.invalidParameter(`The challenge ${challengeName} is not supported by this user pool.`);
  const username = requireParameter(responses, 'USERNAME');
  checkSecretHash(client, username, responses.SECRET_HASH);
  // A step of a sign-in on the hosted page is answered there, and ends in an authorization code, never here.
  if (token !== undefined && ctx.runtime.sessions.get(token)?.progress.hostedRequest !== undefined) {
    throw errors.notAuthorized(SESSION_EXPIRED);
  }
  return answer({ ctx, pool, client, responses, token });
};

/**
 * Answers a step of a sign-in on the hosted page (oauth/hosted.ts) as
 * RespondToAuthChallenge would, the same counting and checks included; the
 * page, which holds the client's secret itself, needs no SECRET_HASH.
 */
export function answerHostedChallenge(
  ctx: Context,
  found: { pool: UserPool; client: AppClient },
  challengeName: ChallengeName,
  responses: Record<string, string>,
  token: string,
): SignInAnswer {
  return ANSWERS[challengeName]({ ctx, ...found, responses, token });
}
