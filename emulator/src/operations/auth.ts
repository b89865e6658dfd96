import { createHmac, randomBytes } from 'node:crypto';
import { type Context, type Handler, clientById, findUser } from '../context.ts';
import { INCORRECT_CREDENTIALS, errors } from '../errors.ts';
import { type Input, optionalString, requiredString, stringMap } from '../input.ts';
import { checkSecretHash } from '../secretHash.ts';
import {
  N,
  deriveKey,
  expectedSignature,
  g,
  isValidTimestamp,
  modPow,
  padHex,
  signatureMatches,
  startHandshake,
} from '../srp.ts';
import { type AppClient, type ExplicitAuthFlow, SESSION_TTL_MS, type User, type UserPool } from '../state.ts';
import { issueTokens, refreshTokens } from '../tokens.ts';
import { srpRealm } from '../users.ts';

const FLOW_PERMISSION: Record<string, ExplicitAuthFlow> = {
  USER_SRP_AUTH: 'ALLOW_USER_SRP_AUTH',
  REFRESH_TOKEN_AUTH: 'ALLOW_REFRESH_TOKEN_AUTH',
  REFRESH_TOKEN: 'ALLOW_REFRESH_TOKEN_AUTH',
};

function requireParameter(parameters: Record<string, string>, name: string): string {
  const value = parameters[name];
  if (!value) throw errors.invalidParameter(`Missing required parameter ${name}`);
  return value;
}

/**
 * For a user that does not exist the handshake still runs, with a salt and
 * verifier derived from the name, so the answer looks the same every time and
 * the failure only comes, as "Incorrect username or password.", at the end.
 */
function decoyFor(pool: UserPool, loginName: string) {
  const seed = (label: string) =>
    createHmac('sha256', pool.signingKey.kid).update(`${label}:${loginName.toLowerCase()}`).digest('hex');
  const id = seed('id');
  const userIdForSrp = `${id.slice(0, 8)}-${id.slice(8, 12)}-4${id.slice(13, 16)}-a${id.slice(17, 20)}-${id.slice(20, 32)}`;
  return { userIdForSrp, salt: seed('salt').slice(0, 32), verifier: padHex(modPow(g, BigInt(`0x${seed('x')}`), N)) };
}

function startSrp(ctx: Context, pool: UserPool, client: AppClient, parameters: Record<string, string>) {
  const loginName = requireParameter(parameters, 'USERNAME');
  const srpA = requireParameter(parameters, 'SRP_A');
  if (!/^[0-9a-fA-F]+$/.test(srpA) || BigInt(`0x${srpA}`) % N === 0n) {
    throw errors.invalidParameter('Invalid SRP_A value.');
  }
  checkSecretHash(client, loginName, parameters.SECRET_HASH);
  const user = findUser(pool, loginName);
  if (!user && !client.preventUserExistenceErrors) throw errors.userNotFound();
  const known = user?.password ? { userIdForSrp: user.username, ...user.password } : decoyFor(pool, loginName);
  const handshake = startHandshake(known.verifier);
  const secretBlock = randomBytes(64).toString('base64');
  ctx.runtime.srp.set(secretBlock, {
    poolId: pool.id,
    clientId: client.clientId,
    username: user?.password ? user.username : null,
    userIdForSrp: known.userIdForSrp,
    salt: known.salt,
    verifier: known.verifier,
    b: handshake.b,
    B: handshake.B,
    A: srpA,
    expiresAt: ctx.now() + SESSION_TTL_MS,
  });
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeParameters: {
      SALT: known.salt,
      SECRET_BLOCK: secretBlock,
      SRP_B: handshake.B.toString(16),
      USERNAME: known.userIdForSrp,
      USER_ID_FOR_SRP: known.userIdForSrp,
    },
  };
}

export const InitiateAuth: Handler = (input, ctx) => {
  const authFlow = requiredString(input, 'AuthFlow');
  const clientId = requiredString(input, 'ClientId', { min: 1, max: 128 });
  const parameters = stringMap(input, 'AuthParameters', false);
  const { pool, client } = clientById(ctx, clientId);
  const permission = FLOW_PERMISSION[authFlow];
  if (!permission) throw errors.invalidParameter(`Unsupported auth flow ${authFlow}.`);
  if (!client.explicitAuthFlows.includes(permission)) {
    throw errors.invalidParameter(`${authFlow} flow not enabled for this client`);
  }
  if (authFlow === 'USER_SRP_AUTH') return startSrp(ctx, pool, client, parameters);
  const refreshToken = requireParameter(parameters, 'REFRESH_TOKEN');
  return { ChallengeParameters: {}, AuthenticationResult: refreshTokens(ctx, pool, client, refreshToken) };
};

/** What every successful password check leads to, once the user's status allows a session. */
function completeSignIn(ctx: Context, pool: UserPool, client: AppClient, user: User) {
  if (!user.enabled) throw errors.notAuthorized('User is disabled.');
  if (user.status === 'UNCONFIRMED') throw errors.userNotConfirmed();
  if (user.status === 'RESET_REQUIRED') throw errors.passwordResetRequired();
  return { ChallengeParameters: {}, AuthenticationResult: issueTokens(ctx, pool, client, user) };
}

function verifyPassword(ctx: Context, clientId: string, responses: Record<string, string>) {
  const secretBlock = requireParameter(responses, 'PASSWORD_CLAIM_SECRET_BLOCK');
  const signature = requireParameter(responses, 'PASSWORD_CLAIM_SIGNATURE');
  const timestamp = requireParameter(responses, 'TIMESTAMP');
  requireParameter(responses, 'USERNAME');
  const pending = ctx.runtime.srp.get(secretBlock);
  // A handshake answers one attempt only.
  ctx.runtime.srp.delete(secretBlock);
  if (!pending || pending.clientId !== clientId) throw errors.notAuthorized(INCORRECT_CREDENTIALS);
  if (pending.expiresAt <= ctx.now()) throw errors.notAuthorized('Invalid session for the user, session is expired.');
  const { pool, client } = clientById(ctx, clientId);
  const key = deriveKey(pending.A, pending, pending.verifier);
  const ok =
    key !== null &&
    isValidTimestamp(timestamp) &&
    signatureMatches(expectedSignature(key, srpRealm(pool), pending.userIdForSrp, secretBlock, timestamp), signature);
  const user = pending.username ? pool.users[pending.username] : undefined;
  if (!ok || !user) throw errors.notAuthorized(INCORRECT_CREDENTIALS);
  return completeSignIn(ctx, pool, client, user);
}

export const RespondToAuthChallenge: Handler = (input: Input, ctx) => {
  const clientId = requiredString(input, 'ClientId', { min: 1, max: 128 });
  const challengeName = requiredString(input, 'ChallengeName');
  const responses = stringMap(input, 'ChallengeResponses', false);
  optionalString(input, 'Session', { min: 20, max: 2048 });
  switch (challengeName) {
    case 'PASSWORD_VERIFIER':
      return verifyPassword(ctx, clientId, responses);
    default:
      throw errors.invalidParameter(`Unsupported challenge ${challengeName}.`);
  }
};
