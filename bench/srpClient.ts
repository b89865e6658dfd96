/**
 * A lean USER_SRP_AUTH client for the benchmark, over plain fetch: the same
 * Cognito SRP the browser client speaks, with OpenSSL doing the modular
 * exponentiation (through the emulator's srp.ts helpers), so the figures
 * measure the test pool rather than a slow client.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { N, g, hexToBigInt, k, modPow, padHex, sha256 } from '../emulator/src/srp.ts';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** Cognito's `EEE MMM d HH:mm:ss UTC yyyy`, day not padded. */
function timestamp(at = new Date()): string {
  const time = `${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())}`;
  return `${DAYS[at.getUTCDay()]} ${MONTHS[at.getUTCMonth()]} ${at.getUTCDate()} ${time} UTC ${at.getUTCFullYear()}`;
}

const hashHex = (hex: string) => hexToBigInt(sha256(Buffer.from(hex, 'hex')).toString('hex'));

export async function call(endpoint: string, operation: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${operation}: ${String(answer.__type)} ${String(answer.message)}`);
  return answer;
}

export interface Pool {
  endpoint: string;
  userPoolId: string;
  clientId: string;
}

/** One full SRP sign-in; resolves with the access token. */
export async function srpSignIn(pool: Pool, username: string, password: string): Promise<string> {
  const a = hexToBigInt(randomBytes(32).toString('hex'));
  const A = modPow(g, a);
  const started = await call(pool.endpoint, 'InitiateAuth', {
    ClientId: pool.clientId,
    AuthFlow: 'USER_SRP_AUTH',
    AuthParameters: { USERNAME: username, SRP_A: A.toString(16) },
  });
  const parameters = started.ChallengeParameters as Record<string, string>;
  const B = hexToBigInt(parameters.SRP_B!);
  const userId = parameters.USER_ID_FOR_SRP!;
  const realm = pool.userPoolId.split('_')[1]!;
  const u = hashHex(padHex(A) + padHex(B));
  const inner = sha256(`${realm}${userId}:${password}`).toString('hex');
  const x = hashHex(padHex(hexToBigInt(parameters.SALT!)) + inner);
  const base = (((B - k * modPow(g, x)) % N) + N) % N;
  const S = modPow(base, a + u * x);
  const prk = createHmac('sha256', Buffer.from(padHex(u), 'hex'))
    .update(Buffer.from(padHex(S), 'hex'))
    .digest();
  const key = createHmac('sha256', prk)
    .update(Buffer.concat([Buffer.from('Caldera Derived Key'), Buffer.from([1])]))
    .digest()
    .subarray(0, 16);
  const now = timestamp();
  const signature = createHmac('sha256', key)
    .update(realm)
    .update(userId)
    .update(Buffer.from(parameters.SECRET_BLOCK!, 'base64'))
    .update(now)
    .digest('base64');
  const answered = await call(pool.endpoint, 'RespondToAuthChallenge', {
    ClientId: pool.clientId,
    ChallengeName: 'PASSWORD_VERIFIER',
    Session: started.Session,
    ChallengeResponses: {
      USERNAME: userId,
      PASSWORD_CLAIM_SECRET_BLOCK: parameters.SECRET_BLOCK,
      PASSWORD_CLAIM_SIGNATURE: signature,
      TIMESTAMP: now,
    },
  });
  const result = answered.AuthenticationResult as { AccessToken?: string } | undefined;
  if (!result?.AccessToken) throw new Error(`No tokens: ${JSON.stringify(answered).slice(0, 200)}`);
  return result.AccessToken;
}

/** One USER_PASSWORD_AUTH sign-in (the pool checks the password against its SRP verifier); resolves with the access token. */
export async function passwordSignIn(pool: Pool, username: string, password: string): Promise<string> {
  const answer = await call(pool.endpoint, 'InitiateAuth', {
    ClientId: pool.clientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: username, PASSWORD: password },
  });
  const result = answer.AuthenticationResult as { AccessToken?: string } | undefined;
  if (!result?.AccessToken) throw new Error(`No tokens: ${JSON.stringify(answer).slice(0, 200)}`);
  return result.AccessToken;
}
