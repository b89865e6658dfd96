/**
 * The server side of the two SRP handshakes: the user's password
 * (PASSWORD_VERIFIER) and a remembered device's secret (DEVICE_PASSWORD_VERIFIER).
 * Both hand out B with a one-use SECRET_BLOCK and later check the client's
 * signature over it.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Context } from './context.ts';
import { INCORRECT_CREDENTIALS, SESSION_EXPIRED, errors } from './errors.ts';
import { N, deriveKey, expectedSignature, g, isValidTimestamp, modPow, padHex, signatureMatches, startHandshake } from './srp.ts';
import type { Device, PendingSrp, SignInProgress, User, UserPool } from './state.ts';
import { srpRealm } from './users.ts';

export function requireParameter(parameters: Record<string, string>, name: string): string {
  const value = parameters[name];
  if (!value) throw errors.invalidParameter(`Missing required parameter ${name}`);
  return value;
}

/** The hex digits of a number below N, plus the zero byte clients put in front when the top bit is set. */
const SRP_A_MAX_DIGITS = N.toString(16).length + 2;

/** The client's SRP_A: a number of the group, 1 ≤ A < N (a handshake keeps it until it is answered or expires). */
export function readSrpA(parameters: Record<string, string>): string {
  const srpA = requireParameter(parameters, 'SRP_A');
  if (srpA.length > SRP_A_MAX_DIGITS || !/^[0-9a-fA-F]+$/.test(srpA)) throw errors.invalidParameter('Invalid SRP_A value.');
  const A = BigInt(`0x${srpA}`);
  if (A === 0n || A >= N) throw errors.invalidParameter('Invalid SRP_A value.');
  return srpA;
}

/**
 * For a user that does not exist the handshake still runs, with a salt and
 * verifier derived from the name, so the answer looks the same every time and
 * the failure only comes, as "Incorrect username or password.", at the end.
 */
const decoySeed = (pool: UserPool, label: string, loginName: string) =>
  createHmac('sha256', pool.signingKey.kid).update(`${label}:${loginName.toLowerCase()}`).digest('hex');

/** A user name in the shape of a real one (a UUID), the same every time for the same login name. */
export function decoyUsername(pool: UserPool, loginName: string): string {
  const id = decoySeed(pool, 'id', loginName);
  return `${id.slice(0, 8)}-${id.slice(8, 12)}-4${id.slice(13, 16)}-a${id.slice(17, 20)}-${id.slice(20, 32)}`;
}

function decoyFor(pool: UserPool, loginName: string) {
  const seed = (label: string) => decoySeed(pool, label, loginName);
  return {
    userIdForSrp: decoyUsername(pool, loginName),
    salt: seed('salt').slice(0, 32),
    verifier: padHex(modPow(g, BigInt(`0x${seed('x')}`))),
  };
}

function open(ctx: Context, pending: Omit<PendingSrp, 'b' | 'B' | 'expiresAt'>) {
  const handshake = startHandshake(pending.verifier);
  const secretBlock = randomBytes(64).toString('base64');
  const client = ctx.state.pools[pending.poolId]?.clients[pending.clientId];
  const ttlMs = (client?.authSessionValidity ?? 180) * 1000;
  ctx.runtime.srp.set(secretBlock, { ...pending, b: handshake.b, B: handshake.B, expiresAt: ctx.now() + ttlMs });
  return { secretBlock, B: handshake.B.toString(16) };
}

/** InitiateAuth USER_SRP_AUTH (and CUSTOM_AUTH with SRP_A): the PASSWORD_VERIFIER challenge's parameters. */
export function startPasswordHandshake(
  ctx: Context,
  pool: UserPool,
  user: User | undefined,
  loginName: string,
  srpA: string,
  progress: SignInProgress,
) {
  const known = user?.password ? { userIdForSrp: user.username, ...user.password } : decoyFor(pool, loginName);
  const { secretBlock, B } = open(ctx, {
    poolId: pool.id,
    clientId: progress.clientId,
    username: user?.password ? user.username : null,
    realm: srpRealm(pool),
    userIdForSrp: known.userIdForSrp,
    salt: known.salt,
    verifier: known.verifier,
    A: srpA,
    kind: 'user',
    progress: { ...progress, username: user?.password ? user.username : null },
  });
  return { SALT: known.salt, SECRET_BLOCK: secretBlock, SRP_B: B, USERNAME: known.userIdForSrp, USER_ID_FOR_SRP: known.userIdForSrp };
}

/** DEVICE_SRP_AUTH answered: the DEVICE_PASSWORD_VERIFIER challenge's parameters, using the device's verifier. */
export function startDeviceHandshake(
  ctx: Context,
  pool: UserPool,
  user: User,
  device: Device & { verifier: NonNullable<Device['verifier']> },
  srpA: string,
  progress: SignInProgress,
) {
  const { secretBlock, B } = open(ctx, {
    poolId: pool.id,
    clientId: progress.clientId,
    username: user.username,
    realm: device.groupKey,
    userIdForSrp: device.key,
    salt: device.verifier.salt,
    verifier: device.verifier.verifier,
    A: srpA,
    kind: 'device',
    progress,
  });
  return { SALT: device.verifier.salt, SECRET_BLOCK: secretBlock, SRP_B: B, USERNAME: user.username, DEVICE_KEY: device.key };
}

/**
 * Checks a PASSWORD_CLAIM_SIGNATURE. The handshake answers one attempt only.
 * Returns the handshake and whether the claim holds; throws only for a claim
 * that names no handshake of this kind and client.
 */
export function checkClaim(
  ctx: Context,
  clientId: string,
  kind: PendingSrp['kind'],
  responses: Record<string, string>,
): { pending: PendingSrp; ok: boolean } {
  const secretBlock = requireParameter(responses, 'PASSWORD_CLAIM_SECRET_BLOCK');
  const signature = requireParameter(responses, 'PASSWORD_CLAIM_SIGNATURE');
  const timestamp = requireParameter(responses, 'TIMESTAMP');
  const pending = ctx.runtime.srp.get(secretBlock);
  ctx.runtime.srp.delete(secretBlock);
  if (!pending || pending.clientId !== clientId || pending.kind !== kind) throw errors.notAuthorized(INCORRECT_CREDENTIALS);
  if (pending.expiresAt <= ctx.now()) throw errors.notAuthorized(SESSION_EXPIRED);
  const key = deriveKey(pending.A, pending, pending.verifier);
  const ok =
    key !== null &&
    isValidTimestamp(timestamp) &&
    signatureMatches(expectedSignature(key, pending.realm, pending.userIdForSrp, secretBlock, timestamp), signature);
  return { pending, ok: ok && pending.username !== null };
}
