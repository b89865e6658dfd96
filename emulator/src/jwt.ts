/**
 * RS256 JSON Web Tokens with node:crypto alone. One key pair per pool; its
 * public half is published as a JWKS so any verifier can check our tokens
 * exactly as it would check AWS's.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID, sign, verify, type KeyObject } from 'node:crypto';

export interface SigningKey {
  kid: string;
  /** PKCS#8 PEM, so the key can be persisted with the rest of the state. */
  privatePem: string;
}

export function generateSigningKey(): SigningKey {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { kid: randomUUID(), privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
}

const keyCache = new Map<string, { privateKey: KeyObject; publicKey: KeyObject }>();

function keysOf(key: SigningKey) {
  let keys = keyCache.get(key.kid);
  if (!keys) {
    const privateKey = createPrivateKey(key.privatePem);
    keys = { privateKey, publicKey: createPublicKey(privateKey) };
    keyCache.set(key.kid, keys);
  }
  return keys;
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

export type Claims = Record<string, unknown>;

export function signJwt(claims: Claims, key: SigningKey): string {
  const header = b64url(JSON.stringify({ kid: key.kid, alg: 'RS256' }));
  const payload = b64url(JSON.stringify(claims));
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), keysOf(key).privateKey);
  return `${header}.${payload}.${b64url(signature)}`;
}

/** The claims of a token we signed, or null when the token is malformed or the signature is not ours. */
export function verifyJwt(token: string, key: SigningKey): Claims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { kid?: unknown; alg?: unknown };
    if (head.kid !== key.kid || head.alg !== 'RS256') return null;
    const ok = verify('sha256', Buffer.from(`${header}.${payload}`), keysOf(key).publicKey, Buffer.from(signature, 'base64url'));
    if (!ok) return null;
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as Claims) : null;
  } catch {
    return null;
  }
}

export function jwks(keys: SigningKey[]) {
  return {
    keys: keys.map((key) => {
      const jwk = keysOf(key).publicKey.export({ format: 'jwk' });
      return { alg: 'RS256', e: jwk.e, kid: key.kid, kty: 'RSA', n: jwk.n, use: 'sig' };
    }),
  };
}
