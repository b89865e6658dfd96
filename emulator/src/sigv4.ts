/**
 * Checks an AWS Signature Version 4 the way AWS does, for the strict mode
 * (strict.ts): the signature is computed again from the request as it
 * arrived, with the secret of the one key this pool knows, by the same signer
 * the AWS SDK uses (@smithy/signature-v4), and compared in constant time.
 * Each refusal carries the `__type` and message AWS answers with.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { SignatureV4 } from '@smithy/signature-v4';
import { CognitoError } from './errors.ts';

export interface SigningCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  /** Temporary credentials (an STS session) also carry a token, sent as X-Amz-Security-Token. */
  sessionToken?: string;
}

/** A request as it reached the server: nothing normalised, so the signature is checked on what was sent. */
export interface ArrivedRequest {
  method: string;
  /** the path and query exactly as requested, e.g. `/` */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Expected {
  credentials: SigningCredentials;
  region: string;
  /** the signing name of the service the call is for: cognito-idp, cognito-identity */
  service: string;
  /** epoch ms; AWS accepts a signature made up to 5 minutes either side of its own time */
  now: number;
}

export type Verdict = { ok: true; accessKeyId: string } | { ok: false; error: CognitoError };

const ALGORITHM = 'AWS4-HMAC-SHA256';

/** Headers a signature must cover besides Host (strict.ts asks more than AWS's minimum; see docs/test-pool.md). */
const REQUIRED_SIGNED = [
  { name: 'x-amz-target', spelled: 'X-Amz-Target' },
  { name: 'content-type', spelled: 'Content-Type' },
  { name: 'x-amz-date', spelled: 'X-Amz-Date' },
] as const;
const SECURITY_TOKEN = { name: 'x-amz-security-token', spelled: 'X-Amz-Security-Token' } as const;
const SKEW_MS = 5 * 60 * 1000;

export const SIGNATURE_MISMATCH =
  'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.';
export const INVALID_TOKEN = 'The security token included in the request is invalid.';

const refuse = (type: string, message: string): Verdict => ({ ok: false, error: new CognitoError(type, message) });
const mismatch = (message = SIGNATURE_MISMATCH) => refuse('InvalidSignatureException', message);

/** What the signer hands the hash: text or bytes in any of their forms. */
type Data = string | ArrayBuffer | ArrayBufferView;
const bytes = (data: Data): string | Uint8Array =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : new Uint8Array(data);

/** The SHA-256 (or HMAC-SHA-256 when given a key) the signer asks for, on Node's crypto. */
class Sha256 {
  private readonly hash;
  constructor(secret?: Data) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }
  update(data: Data): void {
    this.hash.update(bytes(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
}

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

interface Authorization {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
  signedHeaders: string[];
  signature: string;
}

/** Splits `AWS4-HMAC-SHA256 Credential=…, SignedHeaders=…, Signature=…`, or names what is missing as AWS does. */
function parseAuthorization(value: string, amzDate: string | undefined): Authorization | Verdict {
  const space = value.indexOf(' ');
  const algorithm = space < 0 ? value : value.slice(0, space);
  if (algorithm !== ALGORITHM) return refuse('IncompleteSignatureException', `Unsupported AWS 'algorithm': '${algorithm}'.`);
  const parameters = new Map<string, string>();
  for (const part of value.slice(space + 1).split(',')) {
    const pair = part.trim();
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    if (equals < 0)
      return refuse(
        'IncompleteSignatureException',
        `'${pair}' not a valid key=value pair (missing equal-sign) in Authorization header: '${value}'.`,
      );
    parameters.set(pair.slice(0, equals), pair.slice(equals + 1));
  }
  const missing = [
    ...['Credential', 'Signature', 'SignedHeaders']
      .filter((name) => !parameters.get(name))
      .map((name) => `Authorization header requires '${name}' parameter.`),
    ...(amzDate ? [] : ["Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header."]),
  ];
  if (missing.length > 0) return refuse('IncompleteSignatureException', `${missing.join(' ')} Authorization=${value}`);
  const credential = parameters.get('Credential')!;
  const scope = credential.split('/');
  if (scope.length !== 5 || scope.some((part) => part === ''))
    return refuse(
      'IncompleteSignatureException',
      `Credential must have exactly 5 slash-delimited elements, e.g. keyid/date/region/service/term, got '${credential}'`,
    );
  const [accessKeyId, date, region, service, terminator] = scope as [string, string, string, string, string];
  if (terminator !== 'aws4_request')
    return refuse(
      'IncompleteSignatureException',
      `Credential should be scoped with a valid terminator: 'aws4_request', not '${terminator}'. `,
    );
  return {
    accessKeyId,
    date,
    region,
    service,
    signedHeaders: parameters.get('SignedHeaders')!.toLowerCase().split(';'),
    signature: parameters.get('Signature')!,
  };
}

/** `20260102T030405Z` as a Date, or null when it is not one. */
function parseAmzDate(value: string): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return date.getUTCDate() === d && date.getUTCMonth() === mo - 1 ? date : null;
}

const amzDate = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Whether the request carries a valid signature for `expected`: the refusal AWS would answer otherwise. */
export async function verifySignature(request: ArrivedRequest, expected: Expected): Promise<Verdict> {
  const authorization = header(request.headers, 'authorization');
  if (!authorization) return refuse('MissingAuthenticationTokenException', 'Missing Authentication Token');
  const dateHeader = header(request.headers, 'x-amz-date');
  const parsed = parseAuthorization(authorization, dateHeader);
  if ('ok' in parsed) return parsed;

  const { credentials } = expected;
  if (parsed.accessKeyId !== credentials.accessKeyId) return refuse('UnrecognizedClientException', INVALID_TOKEN);
  // A session token belongs to its key: one that is missing, extra or different is an unknown token.
  if ((header(request.headers, 'x-amz-security-token') ?? '') !== (credentials.sessionToken ?? ''))
    return refuse('UnrecognizedClientException', INVALID_TOKEN);

  const signedAt = parseAmzDate(dateHeader!);
  if (!signedAt)
    return refuse(
      'IncompleteSignatureException',
      `Date must be in ISO-8601 'basic format'. Got '${dateHeader}'. See http://en.wikipedia.org/wiki/ISO_8601`,
    );
  if (signedAt.getTime() < expected.now - SKEW_MS)
    return mismatch(
      `Signature expired: ${dateHeader} is now earlier than ${amzDate(expected.now - SKEW_MS)} (${amzDate(expected.now)} - 5 min.)`,
    );
  if (signedAt.getTime() > expected.now + SKEW_MS)
    return mismatch(
      `Signature not yet current: ${dateHeader} is still later than ${amzDate(expected.now + SKEW_MS)} (${amzDate(expected.now)} + 5 min.)`,
    );
  if (parsed.date !== dateHeader!.slice(0, 8))
    return mismatch(
      `Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from HTTP: '${parsed.date}' != '${dateHeader!.slice(0, 8)}', from '${dateHeader}'.`,
    );
  if (parsed.region !== expected.region) return mismatch(`Credential should be scoped to a valid region, not '${parsed.region}'. `);
  if (parsed.service !== expected.service) return mismatch(`Credential should be scoped to correct service: '${expected.service}'. `);
  if (!parsed.signedHeaders.includes('host')) return mismatch();
  // What the call is (its target), how its body reads and when it was signed must be covered, or a
  // signed AdminGetUser could be replayed as AdminDeleteUser; so must a session token that is sent.
  const required = [...REQUIRED_SIGNED, ...(header(request.headers, 'x-amz-security-token') === undefined ? [] : [SECURITY_TOKEN])];
  const unsigned = required.find(({ name }) => !parsed.signedHeaders.includes(name));
  if (unsigned) return mismatch(`'${unsigned.spelled}' must be a 'SignedHeader' in the AWS Authorization.`);

  // The payload hash a client may send must be the body's own: the signer would otherwise trust it.
  const bodyHash = createHash('sha256').update(request.body, 'utf8').digest('hex');
  const claimedHash = header(request.headers, 'x-amz-content-sha256');
  if (claimedHash !== undefined && claimedHash !== bodyHash) return mismatch();

  // Sign again what the client said it signed, as it arrived, and compare.
  const signedHeaders: Record<string, string> = {};
  for (const name of parsed.signedHeaders) {
    const value = header(request.headers, name);
    if (value === undefined) return mismatch();
    signedHeaders[name] = value;
  }
  const url = new URL(request.url, 'http://signed.invalid');
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of url.searchParams) {
    const seen = query[key];
    query[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  const signer = new SignatureV4({ credentials, region: parsed.region, service: parsed.service, sha256: Sha256, applyChecksum: false });
  const resigned = await signer.sign(
    {
      method: request.method,
      protocol: 'https:',
      hostname: signedHeaders.host!,
      path: url.pathname,
      query,
      headers: signedHeaders,
      body: request.body,
    },
    { signingDate: signedAt, signableHeaders: new Set(parsed.signedHeaders) },
  );
  const ours = /Signature=([0-9a-f]{64})$/.exec(String(resigned.headers.authorization))?.[1] ?? '';
  const theirs = parsed.signature;
  const same = /^[0-9a-f]{64}$/.test(theirs) && timingSafeEqual(Buffer.from(ours, 'hex'), Buffer.from(theirs, 'hex'));
  return same ? { ok: true, accessKeyId: parsed.accessKeyId } : mismatch();
}
