/** InitiateAuth, one small function per flow, and GetTokensFromRefreshToken. */
import { type Context, type Handler, clientById, findUser, userChange } from '../context.ts';
import { INCORRECT_CREDENTIALS, errors } from '../errors.ts';
import { decoyUsername, readSrpA, requireParameter, startPasswordHandshake } from '../handshake.ts';
import { type Input, optionalString, requiredEnum, requiredString, stringMap } from '../input.ts';
import { decoyLockout, recordFailure, recordSuccess, refuseIfLocked } from '../lockout.ts';
import { checkSecretHash } from '../secretHash.ts';
import { challenge, continueSignIn, customParameters } from '../signIn.ts';
import type { AppClient, ExplicitAuthFlow, SignInProgress, UserPool } from '../state.ts';
import { refreshTokenOwner, refreshTokens } from '../tokens.ts';
import { passwordMatches } from '../users.ts';

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
}

type Flow = { permission: ExplicitAuthFlow; run: (input: FlowInput) => unknown };

const progressFor = (client: AppClient, parameters: Record<string, string>, flow: SignInProgress['flow']): SignInProgress => ({
  poolId: '',
  clientId: client.clientId,
  username: null,
  flow,
  ...(parameters.DEVICE_KEY ? { deviceKey: parameters.DEVICE_KEY } : {}),
});

/** Looks the user up; a missing user is an error only where the client does not hide existence. */
function lookUp({ pool, client, parameters }: FlowInput) {
  const loginName = requireParameter(parameters, 'USERNAME');
  checkSecretHash(client, loginName, parameters.SECRET_HASH);
  const user = findUser(pool, loginName);
  if (!user && !client.preventUserExistenceErrors) throw errors.userNotFound();
  return { loginName, user };
}

function srpFlow(flow: SignInProgress['flow']) {
  return (input: FlowInput) => {
    const srpA = readSrpA(input.parameters);
    const { loginName, user } = lookUp(input);
    const progress = { ...progressFor(input.client, input.parameters, flow), poolId: input.pool.id };
    const parameters = startPasswordHandshake(input.ctx, input.pool, user, loginName, srpA, progress);
    return challenge(input.ctx, 'PASSWORD_VERIFIER', progress, parameters);
  };
}

function passwordFlow(input: FlowInput) {
  const { ctx, pool, client, parameters } = input;
  const password = requireParameter(parameters, 'PASSWORD');
  const { loginName, user } = lookUp(input);
  const lockout = user ?? decoyLockout(ctx, pool, loginName);
  refuseIfLocked(ctx, lockout);
  if (!user || !passwordMatches(pool, user, password)) {
    recordFailure(ctx, lockout, user ? userChange(pool, user) : null);
    throw errors.notAuthorized(INCORRECT_CREDENTIALS);
  }
  recordSuccess(ctx, user, userChange(pool, user));
  const progress = { ...progressFor(client, parameters, 'password'), poolId: pool.id, username: user.username };
  return continueSignIn(ctx, pool, client, user, progress);
}

function customFlow(input: FlowInput) {
  const { ctx, pool, client, parameters } = input;
  if (parameters.CHALLENGE_NAME === 'SRP_A') return srpFlow('custom')(input);
  const { loginName, user } = lookUp(input);
  const progress: SignInProgress = { ...progressFor(client, parameters, 'custom'), poolId: pool.id, username: user?.username ?? null };
  if (!user) {
    // A challenge that looks like any other, for a user that does not exist; no answer will do.
    const medium = loginName.includes('@') ? 'EMAIL' : 'SMS';
    return challenge(ctx, 'CUSTOM_CHALLENGE', progress, customParameters(decoyUsername(pool, loginName), medium, loginName));
  }
  return continueSignIn(ctx, pool, client, user, progress);
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

const FLOWS: Partial<Record<AuthFlow, Flow>> = {
  USER_SRP_AUTH: { permission: 'ALLOW_USER_SRP_AUTH', run: srpFlow('password') },
  USER_PASSWORD_AUTH: { permission: 'ALLOW_USER_PASSWORD_AUTH', run: passwordFlow },
  CUSTOM_AUTH: { permission: 'ALLOW_CUSTOM_AUTH', run: customFlow },
  REFRESH_TOKEN_AUTH: { permission: 'ALLOW_REFRESH_TOKEN_AUTH', run: refreshFlow },
  REFRESH_TOKEN: { permission: 'ALLOW_REFRESH_TOKEN_AUTH', run: refreshFlow },
};

export const InitiateAuth: Handler = (input: Input, ctx) => {
  const authFlow = requiredEnum(input, 'AuthFlow', AUTH_FLOWS);
  const clientId = requiredString(input, 'ClientId', { min: 1, max: 128 });
  const parameters = stringMap(input, 'AuthParameters', false);
  optionalString(input, 'Session', { min: 20, max: 2048 });
  const { pool, client } = clientById(ctx, clientId);
  const flow = FLOWS[authFlow];
  if (!flow) throw errors.invalidParameter('Initiate Auth method not supported.');
  if (!client.explicitAuthFlows.includes(flow.permission)) throw errors.invalidParameter(`${authFlow} flow not enabled for this client`);
  return flow.run({ ctx, pool, client, parameters });
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
