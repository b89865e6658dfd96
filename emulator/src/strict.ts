/**
 * Strict mode: the pool as a stand-in for AWS, so QA mode can be proven here
 * (`npm run emulator -- --strict --credentials <accessKeyId>:<secretAccessKey>`).
 * Two differences from the everyday test pool, both what AWS does:
 *
 * - no test controls: every `/_emulator/` path answers like any unknown path;
 * - the admin and configuration calls (those AWS signs with IAM credentials,
 *   `signed` in operations/index.ts) need a valid SigV4 signature by the one
 *   key given on the command line (sigv4.ts); the calls customers make stay
 *   unsigned, as on AWS.
 *
 * Each accepted signed call can be reported as its IAM action
 * (`cognito-idp:AdminCreateUser`), which is how the QA pass proves the README's
 * IAM policy lists every action the suite needs.
 */
import type { IncomingMessage } from 'node:http';
import { type SigningCredentials, verifySignature } from './sigv4.ts';

export type { SigningCredentials } from './sigv4.ts';

export interface StrictOptions {
  credentials: SigningCredentials;
  /** Called with the IAM action of each signed call whose signature was accepted. */
  onSignedCall?: (action: string) => void;
  /** epoch ms of the real time signatures are judged by (tests move it); the pool's own clock plays no part */
  now?: () => number;
}

export interface StrictGate {
  /** Whether a path is one of the test controls, which AWS does not have. */
  hides(pathname: string): boolean;
  /** Resolves when the call carries a valid signature; throws AWS's refusal otherwise. */
  authorize(req: IncomingMessage, body: string): Promise<void>;
}

/** The signing name of each service, by the prefix of its X-Amz-Target. */
const SIGNING_NAMES: Record<string, string> = {
  AWSCognitoIdentityProviderService: 'cognito-idp',
  AWSCognitoIdentityService: 'cognito-identity',
};

/**
 * `<accessKeyId>:<secretAccessKey>` or `<accessKeyId>:<secretAccessKey>:<sessionToken>`, as given on the command
 * line; null when it is not that. AWS key ids are letters and digits; secrets and tokens are base64 (no colon).
 */
export function parseCredentials(text: string): SigningCredentials | null {
  const parts = text.split(':');
  if (parts.length < 2 || parts.length > 3 || parts.some((part) => part === '')) return null;
  const [accessKeyId, secretAccessKey, sessionToken] = parts as [string, string, string | undefined];
  if (!/^[A-Za-z0-9]{4,128}$/.test(accessKeyId)) return null;
  return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
}

export function strictGate(options: StrictOptions, region: () => string): StrictGate {
  const now = options.now ?? Date.now;
  return {
    hides: (pathname) => pathname.startsWith('/_emulator'),
    async authorize(req, body) {
      const [service = '', operation = ''] = String(req.headers['x-amz-target'] ?? '').split('.');
      const signingName = Object.hasOwn(SIGNING_NAMES, service) ? SIGNING_NAMES[service]! : '';
      const verdict = await verifySignature(
        { method: req.method ?? 'POST', url: req.url ?? '/', headers: req.headers, body },
        { credentials: options.credentials, region: region(), service: signingName, now: now() },
      );
      if (!verdict.ok) throw verdict.error;
      options.onSignedCall?.(`${signingName}:${operation}`);
    },
  };
}
