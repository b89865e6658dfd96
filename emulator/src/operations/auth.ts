/** InitiateAuth, one small function per flow, and GetTokensFromRefreshToken. */
import { simulateDelivery } from '../codes.ts';
import { type Context, type Handler, clientById } from '../context.ts';
import { accountChanged, accountFor, customLockoutOf, decoyUsername } from '../decoys.ts';
import { SESSION_EXPIRED, errors } from '../errors.ts';
import {
  FIRST_FACTOR_CHALLENGES,
  availableChallenges,
  canStartAtOnce,
  checkPassword,
  isFirstFactorChallenge,
  startChoice,
  whoOf,
} from '../firstFactors.ts';
import { readSrpA, requireParameter, startPasswordHandshake } from '../handshake.ts';
import { type Input, optionalString, requiredEnum, requiredString, stringMap } from '../input.ts';
import { refuseIfLocked } from '../lockout.ts';
import { checkSecretHash } from '../secretHash.ts';
import { checkSignUpSession, closeSignUpSession } from '../sessions.ts';
import { challenge, continueSignIn, customParameters } from '../signIn.ts';
import type { AppClient, ExplicitAuthFlow, SignInProgress, UserPool } from '../state.ts';
import { refreshTokenOwner, refreshTokens } from '../tokens.ts';

const AUTH_FLOWS = [
  'USER_SRP_AUTH',
  'REFRESH_TOKEN_AUTH',
  'REFRESH_TOKEN',
  'CUSTOM_AUTH',
  'ADMIN_NO_SRP_AUTH',
  'USER_PASSWORD_AUTH',
  'ADMIN_USER_PASSWORD_AUTH',
  'USER_AUTH',
] as const;
type AuthFlow = (typeof AUTH_FLOWS)[number];

interface FlowInput {
  ctx: Context;
  pool: UserPool;
  client: AppClient;
  parameters: Record<string, string>;
  session?: string;
}

type Flow = { permission: ExplicitAuthFlow; run: (input: FlowInput) => unknown };

const progressFor = (client: AppClient, parameters: Record<string, string>, flow: SignInProgress['flow']): SignInProgress => ({
  poolId: '',
  clientId: client.clientId,
  username: null,
  flow,
  ...(parameters.DEVICE_KEY ? { deviceKey: parameters.DEVICE_KEY } : {}),
});

/** User names are at most 128 characters, as the service's Username member is. */
const LOGIN_NAME_MAX = 128;

/**
 * Looks the login name up: a user, or the decoy of a name that is none, which
 * is an error only where the client does not hide existence.
 */
function lookUp({ pool, client, parameters }: FlowInput) {
  const loginName = requireParameter(parameters, 'USERNAME');
  if (loginName.length > LOGIN_NAME_MAX) throw errors.invalidParameter(`USERNAME is longer than ${LOGIN_NAME_MAX} characters.`);
  checkSecretHash(client, loginName, parameters.SECRET_HASH);
  const account = accountFor(pool, loginName);
  if (account.kind === 'decoy' && !client.preventUserExistenceErrors) throw errors.userNotFound();
  return { loginName, account };
}

function srpFlow(flow: SignInProgress['flow']) {
  return (input: FlowInput) => {
    const srpA = readSrpA(input.parameters);
    const { loginName, account } = lookUp(input);
    const progress = { ...progressFor(input.client, input.parameters, flow), poolId: input.pool.id };
    const parameters = startPasswordHandshake(input.ctx, account, loginName, srpA, progress);
    return challenge(input.ctx, 'PASSWORD_VERIFIER', progress, parameters);
  };
}

function passwordFlow(input: FlowInput) {
  const { ctx, pool, client, parameters } = input;
  const password = requireParameter(parameters, 'PASSWORD');
  const { loginName, account } = lookUp(input);
  const user = checkPassword(ctx, pool, account, loginName, password);
  const progress = { ...progressFor(client, parameters, 'password'), poolId: pool.id, username: user.username };
  return continueSignIn(ctx, pool, client, user, progress);
}

function customFlow(input: FlowInput) {
  const { ctx, pool, client, parameters } = input;
  if (parameters.CHALLENGE_NAME === 'SRP_A') return srpFlow('custom')(input);
  const { loginName, account } = lookUp(input);
  // Wrong answers of earlier sign-ins count: a locked name gets no new code to guess.
  refuseIfLocked(ctx, customLockoutOf(account));
  const decoyName = decoyUsername(pool, loginName);
  if (account.kind === 'decoy') {
    // A challenge that looks like any other, for a user that does not exist; no answer will do. The
    // decoy is written as a user's sent code would be, so that the answer takes as long.
    const progress: SignInProgress = {
      ...progressFor(client, parameters, 'custom'),
      poolId: pool.id,
      username: null,
      decoyKey: account.key,
    };
    const medium = loginName.includes('@') ? 'EMAIL' : 'SMS';
    accountChanged(ctx, account);
    simulateDelivery(ctx, loginName, 'Authentication', '');
    return challenge(ctx, 'CUSTOM_CHALLENGE', progress, customParameters(decoyName, medium, loginName));
  }
  const progress: SignInProgress = { ...progressFor(client, parameters, 'custom'), poolId: pool.id, username: account.user.username };
  return continueSignIn(ctx, pool, client, account.user, progress);
}

function refreshFlow({ ctx, pool, client, parameters }: FlowInput) {
  if (client.refreshTokenRotation.enabled) {
    throw errors.notAuthorized('Refresh token rotation is enabled for this app client: use GetTokensFromRefreshToken.');
  }
  const refreshToken = requireParameter(parameters, 'REFRESH_TOKEN');
  if (client.clientSecret) checkSecretHash(client, refreshTokenOwner(pool, refreshToken) ?? '', parameters.SECRET_HASH);
  const result = refreshTokens(ctx, pool, client, { refreshToken, deviceKey: parameters.DEVICE_KEY, rotate: false });
  return { ChallengeParameters: {}, AuthenticationResult: result };
}

/**
 * USER_AUTH, choice-based sign-in. With the Session of a confirmed sign-up,
 * the confirmation code was the first factor and the user is signed in
 * without a password (MFA still applies). Otherwise the PREFERRED_CHALLENGE
 * starts at once when the user can do it; without one, or with one the user
 * cannot do, the answer is SELECT_CHALLENGE with AvailableChallenges.
 */
function userAuthFlow(input: FlowInput) {
  const { ctx, pool, client, parameters, session } = input;
  if (session !== undefined) return signUpSessionFlow(input, session);
  const preferred = parameters.PREFERRED_CHALLENGE;
  if (preferred !== undefined && !isFirstFactorChallenge(preferred)) {
    throw errors.invalidParameter(`PREFERRED_CHALLENGE must be one of ${FIRST_FACTOR_CHALLENGES.join(', ')}.`);
  }
  const { loginName, account } = lookUp(input);
  const available = availableChallenges(pool);
  const progress: SignInProgress = { ...progressFor(client, parameters, 'password'), poolId: pool.id, ...whoOf(account) };
  if (preferred !== undefined && canStartAtOnce(preferred, account)) {
    return startChoice(preferred, { ctx, pool, client, account, loginName, progress, parameters });
  }
  return { ...challenge(ctx, 'SELECT_CHALLENGE', progress, {}, { available }), AvailableChallenges: available };
}

function signUpSessionFlow({ ctx, pool, client, parameters }: FlowInput, session: string) {
  const loginName = requireParameter(parameters, 'USERNAME');
  checkSecretHash(client, loginName, parameters.SECRET_HASH);
  const account = accountFor(pool, loginName);
  // An unknown name answers as a session that is not this user's would.
  if (account.kind === 'decoy') throw errors.notAuthorized(SESSION_EXPIRED);
  checkSignUpSession(ctx, session, client, account.user, 'confirmed');
  closeSignUpSession(ctx, session);
  const progress = { ...progressFor(client, parameters, 'password'), poolId: pool.id, username: account.user.username };
  return continueSignIn(ctx, pool, client, account.user, progress);
}

const FLOWS: Partial<Record<AuthFlow, Flow>> = {
  USER_SRP_AUTH: { permission: 'ALLOW_USER_SRP_AUTH', run: srpFlow('password') },
  USER_PASSWORD_AUTH: { permission: 'ALLOW_USER_PASSWORD_AUTH', run: passwordFlow },
  CUSTOM_AUTH: { permission: 'ALLOW_CUSTOM_AUTH', run: customFlow },
  REFRESH_TOKEN_AUTH: { permission: 'ALLOW_REFRESH_TOKEN_AUTH', run: refreshFlow },
  REFRESH_TOKEN: { permission: 'ALLOW_REFRESH_TOKEN_AUTH', run: refreshFlow },
  USER_AUTH: { permission: 'ALLOW_USER_AUTH', run: userAuthFlow },
};

export const InitiateAuth: Handler = (input: Input, ctx) => {
  const authFlow = requiredEnum(input, 'AuthFlow', AUTH_FLOWS);
  const clientId = requiredString(input, 'ClientId', { min: 1, max: 128 });
  const parameters = stringMap(input, 'AuthParameters', false);
  const session = optionalString(input, 'Session', { min: 20, max: 2048 });
  const { pool, client } = clientById(ctx, clientId);
  const flow = FLOWS[authFlow];
  if (!flow) throw errors.invalidParameter('Initiate Auth method not supported.');
  if (!client.explicitAuthFlows.includes(flow.permission)) throw errors.invalidParameter(`${authFlow} flow not enabled for this client`);
  return flow.run({ ctx, pool, client, parameters, session });
};

export const GetTokensFromRefreshToken: Handler = (input, ctx) => {
  const refreshToken = requiredString(input, 'RefreshToken', { min: 1 });
  const clientId = requiredString(input, 'ClientId', { min: 1, max: 128 });
  const clientSecret = optionalString(input, 'ClientSecret', { min: 1, max: 64 });
  const deviceKey = optionalString(input, 'DeviceKey', { min: 1, max: 55 });
  const { pool, client } = clientById(ctx, clientId);
  if (client.clientSecret && clientSecret !== client.clientSecret) {
    throw errors.notAuthorized(`Unable to verify secret hash for client ${client.clientId}`);
  }
  if (!client.explicitAuthFlows.includes('ALLOW_REFRESH_TOKEN_AUTH')) {
    throw errors.invalidParameter('REFRESH_TOKEN_AUTH flow not enabled for this client');
  }
  const rotate = client.refreshTokenRotation.enabled;
  return { AuthenticationResult: refreshTokens(ctx, pool, client, { refreshToken, deviceKey, rotate }) };
};
