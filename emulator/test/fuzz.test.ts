/**
 * Request fuzzing from the services' own shapes: the AWS SDK ships a schema for
 * every operation's input, so each request here is one of the SDK's operations
 * with a body built from its input shape and then damaged — members of the
 * wrong type, missing, oversized or unknown, bodies that are not JSON or not
 * objects, wrong targets and headers. Whatever comes in, the pool must answer
 * in Cognito's error shape, never with a 5xx, and keep serving.
 */
import * as identityModels from '@aws-sdk/client-cognito-identity';
import * as userPoolModels from '@aws-sdk/client-cognito-identity-provider';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { services } from '../src/operations/index.ts';
import { useEmulator } from './harness.ts';

const pool = useEmulator();

type Shape =
  | { kind: 'string' | 'number' | 'boolean' | 'timestamp' | 'blob' | 'document' }
  | { kind: 'list'; member: Shape }
  | { kind: 'map'; value: Shape }
  | { kind: 'structure'; members: [string, Shape][] };

type SchemaRef = unknown;

/** Reads the SDK's compact schema arrays: [kind, namespace, name, traits, ...]. */
function readShape(ref: SchemaRef, depth = 0): Shape {
  if (depth > 6) return { kind: 'document' };
  if (typeof ref === 'function') return readShape((ref as () => SchemaRef)(), depth);
  if (typeof ref === 'number') {
    if (ref & 64) return { kind: 'list', member: readShape(ref & ~64, depth + 1) };
    if (ref & 128) return { kind: 'map', value: readShape(ref & ~128, depth + 1) };
    if (ref === 1) return { kind: 'number' };
    if (ref === 2) return { kind: 'boolean' };
    if (ref >= 4 && ref <= 7) return { kind: 'timestamp' };
    if (ref === 21 || ref === 42) return { kind: 'blob' };
    if (ref === 15) return { kind: 'document' };
    return { kind: 'string' };
  }
  if (!Array.isArray(ref)) return { kind: 'document' };
  if (ref.length === 2) return readShape(ref[0], depth);
  switch (ref[0]) {
    case 0:
      return readShape(ref[4], depth);
    case 1:
      return { kind: 'list', member: readShape(ref[4], depth + 1) };
    case 2:
      return { kind: 'map', value: readShape(ref[5], depth + 1) };
    case 3:
    case -3: {
      const names = ref[4] as string[];
      const members = ref[5] as SchemaRef[];
      return { kind: 'structure', members: names.map((name, i) => [name, readShape(members[i], depth + 1)]) };
    }
    default:
      return { kind: 'document' };
  }
}

interface Operation {
  target: string;
  input: Shape;
}

function operationsOf(models: Record<string, unknown>, service: string): Operation[] {
  return Object.entries(models)
    .filter(([name, value]) => name.endsWith('$') && Array.isArray(value) && value[0] === 9)
    .map(([, value]) => {
      const schema = value as [number, string, string, number, () => SchemaRef];
      return { target: `${service}.${schema[2]}`, input: readShape(schema[4]) };
    });
}

const operations = [
  ...operationsOf(userPoolModels, 'AWSCognitoIdentityProviderService'),
  ...operationsOf(identityModels, 'AWSCognitoIdentityService'),
];
// Most requests go to operations the pool serves, so they reach its handlers; the rest to all of the SDK's.
const served = operations.filter(({ target }) => {
  const [service, name] = target.split('.') as [string, string];
  return services[service]?.[name] !== undefined;
});

// Values that reach past the first checks: real ids, enum values, parameter names.
const PLAUSIBLE = [
  '',
  'customerareaclient00000001',
  'eu-west-1_LocalPool',
  'eu-west-1:5eeded00-0000-4000-8000-000000000001',
  'eu-west-1:00000000-0000-4000-8000-000000000000',
  'fuzz@example.com',
  'Sup3r-secret!',
  'USER_SRP_AUTH',
  'USER_PASSWORD_AUTH',
  'CUSTOM_AUTH',
  'REFRESH_TOKEN_AUTH',
  'PASSWORD_VERIFIER',
  'SMS_MFA',
  'SOFTWARE_TOKEN_MFA',
  'NEW_PASSWORD_REQUIRED',
  'DEVICE_SRP_AUTH',
  'remembered',
  'OPTIONAL',
  'ON',
  'email',
  'phone_number',
  'a.b.c',
  'eyJhbGciOiJSUzI1NiJ9.e30.AAAA',
  '123456',
  'ffff',
  'x'.repeat(3000),
  '\u0000',
  '__proto__',
  'constructor',
  'toString',
  'email ^= "a"',
  '__proto__ = "x"',
  'constructor ^= "a"',
];
const PARAMETER_NAMES = [
  'USERNAME',
  'PASSWORD',
  'SRP_A',
  'SECRET_HASH',
  'REFRESH_TOKEN',
  'DEVICE_KEY',
  'CHALLENGE_NAME',
  'ANSWER',
  'NEW_PASSWORD',
  'SMS_MFA_CODE',
  'SOFTWARE_TOKEN_MFA_CODE',
  'PASSWORD_CLAIM_SIGNATURE',
  'PASSWORD_CLAIM_SECRET_BLOCK',
  'TIMESTAMP',
  'userAttributes.email',
];

const anyJson = fc.jsonValue({ maxDepth: 3 });
const wrongValue = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.string({ maxLength: 20 }),
  fc.array(anyJson, { maxLength: 3 }),
  fc.object({ maxDepth: 2 }),
);
const stringValue = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PLAUSIBLE) },
  { weight: 2, arbitrary: fc.string({ maxLength: 60, unit: 'binary' }) },
);

function valueOf(shape: Shape, depth = 0): fc.Arbitrary<unknown> {
  switch (shape.kind) {
    case 'string':
    case 'blob':
      return stringValue;
    case 'number':
    case 'timestamp':
      return fc.oneof(fc.integer({ min: -5, max: 100_000 }), fc.double(), fc.constant(1e308));
    case 'boolean':
      return fc.boolean();
    case 'document':
      return anyJson;
    case 'list':
      return depth > 3 ? fc.constant([]) : fc.array(valueOf(shape.member, depth + 1), { maxLength: 3 });
    case 'map':
      return fc.dictionary(
        fc.oneof(fc.constantFrom(...PARAMETER_NAMES), fc.string({ maxLength: 10 })),
        depth > 3 ? stringValue : valueOf(shape.value, depth + 1),
        { maxKeys: 5 },
      );
    case 'structure': {
      if (depth > 3) return fc.constant({});
      const members = Object.fromEntries(shape.members.map(([name, member]) => [name, valueOf(member, depth + 1)]));
      return fc.record(members, { requiredKeys: [] });
    }
  }
}

const damagedJson = (body: string) =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constant(body) },
    fc.nat({ max: Math.max(0, body.length - 1) }).map((cut) => body.slice(0, cut)),
    fc.constant(`${body}}`),
    fc.constant(body.replace(/"/, "'")),
  );

const rawBodies = fc.oneof(
  fc.constantFrom(
    '',
    'null',
    '[]',
    '[{}]',
    '"text"',
    '123',
    'true',
    '{',
    '{"a":}',
    '{"ClientId": "a", "ClientId": 5}',
    '\u0000\u0001',
    '{"__proto__": {"x": 1}}',
  ),
  fc.string({ maxLength: 200, unit: 'binary' }),
  fc.integer({ min: 1, max: 50_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.integer({ min: 1, max: 5_000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
  fc.constant(Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]).toString('latin1')),
);

/** Damages one member of a well-typed body: a wrong type, or gone. */
function damage(value: unknown): fc.Arbitrary<unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return fc.constant(value);
  const keys = Object.keys(value);
  if (keys.length === 0) return fc.constant(value);
  return fc.tuple(fc.constantFrom(...keys), fc.option(wrongValue, { nil: undefined })).map(([key, wrong]) => ({ ...value, [key]: wrong }));
}

const request = fc
  .record({
    operation: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...served) }, { weight: 1, arbitrary: fc.constantFrom(...operations) }),
    body: fc.constant(null as string | null),
    shaped: fc.constantFrom(true, true, true, false),
    signed: fc.constantFrom(true, true, true, false),
    target: fc.oneof({ weight: 12, arbitrary: fc.constant('right') }, fc.constantFrom('none', 'no-service', 'lower-case', 'extra-dots')),
    contentType: fc.constantFrom('application/x-amz-json-1.1', 'application/x-amz-json-1.1', 'application/json', 'text/plain'),
  })
  .chain((base) =>
    (base.shaped
      ? valueOf(base.operation.input)
          .chain((value) => fc.oneof(fc.constant(value), damage(value)))
          .chain((value) => damagedJson(JSON.stringify(value)))
      : rawBodies
    ).map((body) => ({ ...base, body })),
  );

function targetFor(kind: string, target: string): string | undefined {
  const [service, name] = target.split('.') as [string, string];
  if (kind === 'none') return undefined;
  if (kind === 'no-service') return name;
  if (kind === 'lower-case') return `${service}.${name.toLowerCase()}`;
  if (kind === 'extra-dots') return `${target}.Extra`;
  return target;
}

describe('request fuzzing', () => {
  it(
    `answers ${1200} malformed requests from the services' shapes with Cognito errors, never a 5xx, and keeps serving`,
    { timeout: 120_000 },
    async () => {
      expect(operations.length).toBeGreaterThan(100);
      // Every operation the pool serves is one of the SDK's, by the same name.
      expect(served.length).toBe(Object.values(services).reduce((count, table) => count + Object.keys(table).length, 0));
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(request, async ({ operation, body, signed, target, contentType }) => {
          const headers: Record<string, string> = { 'content-type': contentType };
          const amzTarget = targetFor(target, operation.target);
          if (amzTarget) headers['x-amz-target'] = amzTarget;
          if (signed)
            headers.authorization =
              'AWS4-HMAC-SHA256 Credential=fuzz/20260101/eu-west-1/cognito-idp/aws4_request, SignedHeaders=host, Signature=00';
          const response = await fetch(pool.url, { method: 'POST', headers, body });
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          const text = await response.text();
          expect(response.status, `${amzTarget} ${body?.slice(0, 200)} → ${text}`).toBeLessThan(500);
          const answer = JSON.parse(text) as { __type?: unknown };
          if (response.status !== 200) expect(typeof answer.__type).toBe('string');
        }),
        { numRuns: 1200 },
      );
      // A few bodies over the 1 MiB limit, too.
      for (let i = 0; i < 3; i++) {
        expect(
          (await pool.raw('AWSCognitoIdentityProviderService.SignUp', JSON.stringify({ ClientId: 'x'.repeat(1024 * 1024 + i) }))).status,
        ).toBe(400);
      }
      expect(statuses.get(200) ?? 0).toBeLessThan(1200);
      expect([...statuses.keys()].every((status) => status < 500)).toBe(true);
      // Still serving, and correctly.
      const email = await pool.verifiedUser();
      expect((await pool.tokens(email)).AccessToken).toBeDefined();
    },
  );
});
