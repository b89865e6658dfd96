import { AuthError } from './errors.ts';

export interface JwtPayload {
  sub?: string;
  iss?: string;
  exp?: number;
  iat?: number;
  origin_jti?: string;
  username?: string;
  'cognito:username'?: string;
  email?: string;
  [claim: string]: unknown;
}

/** A token as the app sees it: the string to send and the claims to read. */
export interface Jwt {
  raw: string;
  payload: JwtPayload;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads a token's claims. The signature is the server's business; the client only needs the claims. */
export function decodeJwt(raw: string): Jwt {
  const parts = raw.split('.');
  if (parts.length !== 3) throw new AuthError('InvalidTokens', 'Invalid token', 'Sign in again.');
  try {
    const payload: unknown = JSON.parse(base64UrlDecode(parts[1]!));
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) throw new Error('not an object');
    return { raw, payload: payload as JwtPayload };
  } catch (cause) {
    throw new AuthError('InvalidTokens', 'Invalid token payload', 'Sign in again.', { cause });
  }
}
