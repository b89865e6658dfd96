/**
 * The server side of the two SRP handshakes: the user's password
 * (PASSWORD_VERIFIER) and a remembered device's secret (DEVICE_PASSWORD_VERIFIER).
 * Both hand out B with a one-use SECRET_BLOCK and later check the client's
 * signature over it.
 */
import { randomBytes } from 'node:crypto';
import type { Context } from './context.ts';
import { type Account, decoyCredentials } from './decoys.ts';
import { INCORRECT_CREDENTIALS, SESSION_EXPIRED, errors } from './errors.ts';
import { N, deriveKey, expectedSignature, isValidTimestamp, signatureMatches, startHandshake } from './srp.ts';
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

function open(ctx: Context, pending: Omit<PendingSrp, 'b' | 'B' | 'expiresAt'>) {
  const handshake = startHandshake(pending.verifier);
  const secretBlock = randomBytes(64).toString('base64');
  const client = ctx.state.pools[pending.poolId]?.clients[pending.clientId];
  const ttlMs = (client?.authSessionValidity ?? 180) * 1000;
  ctx.runtime.srp.set(secretBlock, { ...pending, b: handshake.b, B: handshake.B, expiresAt: ctx.now() + ttlMs });
  return { secretBlock, B: handshake.B.toString(16) };
}

/**
 * InitiateAuth USER_SRP_AUTH (and CUSTOM_AUTH with SRP_A): the PASSWORD_VERIFIER
 * challenge's parameters. A name that is no user gets a handshake all the
 * same, with its decoy's salt and verifier, so the answer looks the same every
 * time and the failure only comes, as "Incorrect username or password.", at
 * the end; the decoy's credentials are derived for users too, so that both
 * take the same steps.
 */
export function startPasswordHandshake(ctx: Context, account: Account, loginName: string, srpA: string, progress: SignInProgress) {
  const { pool } = account;
  const decoy = decoyCredentials(pool, loginName);
  const user = account.kind === 'user' ? account.user : null;
  const known = user?.password ? { userIdForSrp: user.username, ...user.password } : decoy;
  const who = account.kind === 'user' ? { username: account.user.username } : { username: null, decoyKey: account.key };
  const { secretBlock, B } = open(ctx, {
    poolId: pool.id,
    clientId: progress.clientId,
    ...who,
    realm: srpRealm(pool),
    userIdForSrp: known.userIdForSrp,
    salt: known.salt,
    verifier: known.verifier,
    A: srpA,
    kind: 'user',
    progress: { ...progress, ...who },
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
