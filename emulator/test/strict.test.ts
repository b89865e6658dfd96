/**
 * Strict mode: the pool standing in for AWS. No test controls answer, admin
 * calls need a real SigV4 signature by the one key the pool was given, and
 * each way of getting the signature wrong gets AWS's own refusal. Requests
 * are signed by the AWS SDK and, to check the check, by a signer written
 * here from the SigV4 specification (it shares nothing with @smithy's).
 */
import { spawn } from 'node:child_process';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminListUserSessionsCommand,
  GetUserPoolSessionConfigurationCommand,
  SetUserPoolSessionConfigurationCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { CognitoIdentityClient, DescribeIdentityPoolCommand, GetIdCommand } from '@aws-sdk/client-cognito-identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../src/server.ts';
import { INVALID_TOKEN, SIGNATURE_MISMATCH } from '../src/sigv4.ts';
import { parseCredentials } from '../src/strict.ts';
import { PASSWORD, failure, newEmail } from './harness.ts';

const credentials = {
  accessKeyId: `AKIA${randomBytes(8).toString('hex').toUpperCase()}`,
  secretAccessKey: randomBytes(30).toString('base64'),
};
const IDP = 'AWSCognitoIdentityProviderService';

let emulator: Emulator;
/** The real time as the pool judges signatures; a test may move it. */
let now = Date.now();
const recorded: string[] = [];

beforeAll(async () => {
  emulator = await createEmulator({
    port: 0,
    strict: { credentials, onSignedCall: (action) => recorded.push(action), now: () => now },
  });
});
afterAll(() => emulator.close());

const idp = (signingCredentials = credentials, region = 'eu-west-1') =>
  new CognitoIdentityProviderClient({ region, endpoint: emulator.url, credentials: signingCredentials, maxAttempts: 1 });

interface ServiceError extends Error {
  $metadata: { httpStatusCode?: number };
}
/** The refusal as the SDK saw it: the exception's name, its message and the HTTP status. */
const refusal = async (promise: Promise<unknown>) => {
  const error = (await failure(promise)) as ServiceError;
  return { type: error.name, message: error.message, status: error.$metadata.httpStatusCode };
};

const sha256 = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const amzDate = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

interface HandSigned {
  target: string;
  body: string;
  headers: Record<string, string>;
}

/** SigV4 by hand: canonical request, string to sign, derived key, HMAC. */
function signByHand(
  target: string,
  body: string,
  options: {
    at?: number;
    region?: string;
    service?: string;
    key?: typeof credentials;
    extra?: Record<string, string>;
    /** headers sent but left out of SignedHeaders */
    unsigned?: string[];
    url?: string;
  } = {},
): HandSigned {
  const { at = now, region = 'eu-west-1', service = 'cognito-idp', key = credentials, extra = {}, unsigned = [] } = options;
  const stamp = amzDate(at);
  const day = stamp.slice(0, 8);
  const headers: Record<string, string> = {
    'content-type': 'application/x-amz-json-1.1',
    host: new URL(options.url ?? emulator.url).host,
    'x-amz-date': stamp,
    'x-amz-target': target,
    ...extra,
  };
  const names = Object.keys(headers)
    .filter((name) => !unsigned.includes(name))
    .sort();
  const canonical = ['POST', '/', '', ...names.map((name) => `${name}:${headers[name]!.trim()}`), '', names.join(';'), sha256(body)].join(
    '\n',
  );
  const scope = `${day}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256(canonical)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${key.secretAccessKey}`, day), region), service), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(toSign, 'utf8').digest('hex');
  return {
    target,
    body,
    headers: {
      ...headers,
      authorization: `AWS4-HMAC-SHA256 Credential=${key.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
    },
  };
}

/** Sends a request as given (the host header is the URL's, as fetch always sends it). */
async function send(request: { headers: Record<string, string>; body: string }, url = emulator.url) {
  const { host: _host, ...headers } = request.headers;
  const response = await fetch(`${url}/`, { method: 'POST', headers, body: request.body });
  return { status: response.status, ...((await response.json()) as { __type?: string; message?: string }) };
}

const poolId = () => emulator.config.userPoolId;
const getUser = (email: string) => JSON.stringify({ UserPoolId: poolId(), Username: email });

async function createUser(email: string) {
  await idp().send(new AdminCreateUserCommand({ UserPoolId: poolId(), Username: email, MessageAction: 'SUPPRESS' }));
}

describe('strict mode: only what AWS serves', () => {
  it('answers 404 on every test control, mailbox and reset included, and a reset changes nothing', async () => {
    const kept = newEmail('kept');
    await createUser(kept);
    const controls: [string, string, unknown?][] = [
      ['GET', '/_emulator/config'],
      ['GET', '/_emulator/'],
      ['GET', '/_emulator'],
      ['GET', `/_emulator/outbox?to=${encodeURIComponent(kept)}`],
      ['GET', '/_emulator/clock'],
      ['POST', '/_emulator/clock', { advanceMs: 86_400_000 }],
      ['GET', '/_emulator/faults'],
      ['POST', '/_emulator/faults', { operation: 'InitiateAuth', status: 503 }],
      ['DELETE', '/_emulator/faults'],
      ['GET', '/_emulator/token-validity'],
      ['POST', '/_emulator/token-validity', { accessTokenSeconds: 1 }],
      ['GET', '/_emulator/totp?secret=JBSWY3DPEHPK3PXP'],
      ['GET', `/_emulator/totp?username=${encodeURIComponent(kept)}`],
      ['POST', '/_emulator/reset', {}],
    ];
    for (const [method, path, body] of controls) {
      const response = await fetch(`${emulator.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.json(), `${method} ${path}`).toEqual({
        __type: 'ResourceNotFoundException',
        message: `No route for ${method} ${new URL(path, 'http://x').pathname}.`,
      });
    }
    // The reset was refused: the user is still there, and the clock did not move.
    expect((await idp().send(new AdminGetUserCommand({ UserPoolId: poolId(), Username: kept }))).Username).toBeTruthy();
    expect(emulator.state.clockOffsetMs).toBe(0);
  });

  it('still serves the JSON web keys, as AWS does', async () => {
    const response = await fetch(`${emulator.url}/${poolId()}/.well-known/jwks.json`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { keys: unknown[] }).keys).toHaveLength(1);
  });

  it('leaves the calls customers make unsigned, as on AWS', async () => {
    const email = newEmail('public');
    const signUp = await new CognitoIdentityProviderClient({ region: 'eu-west-1', endpoint: emulator.url, maxAttempts: 1 }).send(
      new SignUpCommand({ ClientId: emulator.config.userPoolClientId, Username: email, Password: PASSWORD }),
    );
    expect(signUp.UserConfirmed).toBe(false);
    const identity = new CognitoIdentityClient({ region: 'eu-west-1', endpoint: emulator.url, maxAttempts: 1 });
    expect((await identity.send(new GetIdCommand({ IdentityPoolId: emulator.config.identityPoolId! }))).IdentityId).toMatch(/^eu-west-1:/);
  });
});

describe('strict mode: admin calls need a valid signature by the pool’s key', () => {
  it('accepts the SDK signing with the right key, and reports each call as its IAM action', async () => {
    recorded.length = 0;
    const email = newEmail('signed');
    await createUser(email);
    const found = await idp().send(new ListUsersCommand({ UserPoolId: poolId(), Filter: `email = "${email}"` }));
    expect(found.Users).toHaveLength(1);
    const identity = new CognitoIdentityClient({ region: 'eu-west-1', endpoint: emulator.url, credentials, maxAttempts: 1 });
    await identity.send(new DescribeIdentityPoolCommand({ IdentityPoolId: emulator.config.identityPoolId! }));
    expect(recorded).toEqual(['cognito-idp:AdminCreateUser', 'cognito-idp:ListUsers', 'cognito-identity:DescribeIdentityPool']);
  });

  it('accepts a request signed by an independent SigV4 implementation', async () => {
    const email = newEmail('by-hand');
    await createUser(email);
    const answer = await send(signByHand(`${IDP}.AdminGetUser`, getUser(email)));
    expect(answer.status).toBe(200);
  });

  it('refuses an unknown key id with UnrecognizedClientException', async () => {
    recorded.length = 0;
    const wrongKey = { ...credentials, accessKeyId: `AKIA${randomBytes(8).toString('hex').toUpperCase()}` };
    expect(await refusal(idp(wrongKey).send(new ListUsersCommand({ UserPoolId: poolId() })))).toEqual({
      type: 'UnrecognizedClientException',
      message: 'The security token included in the request is invalid.',
      status: 400,
    });
    expect(recorded).toEqual([]);
  });

  it('refuses the right key id with the wrong secret with InvalidSignatureException', async () => {
    const wrongSecret = { ...credentials, secretAccessKey: randomBytes(30).toString('base64') };
    const email = newEmail('never');
    expect(await refusal(idp(wrongSecret).send(new AdminCreateUserCommand({ UserPoolId: poolId(), Username: email })))).toEqual({
      type: 'InvalidSignatureException',
      message:
        'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
      status: 400,
    });
    expect(await send(signByHand(`${IDP}.AdminGetUser`, getUser(email)))).toMatchObject({ __type: 'UserNotFoundException' });
  });

  it('refuses a body changed after signing, and does nothing', async () => {
    const victim = newEmail('victim');
    const signed = signByHand(`${IDP}.AdminGetUser`, JSON.stringify({ UserPoolId: poolId(), Username: newEmail('other') }));
    await createUser(victim);
    expect(await send({ ...signed, body: getUser(victim) })).toEqual({
      status: 400,
      __type: 'InvalidSignatureException',
      message: SIGNATURE_MISMATCH,
    });
    // A payload hash sent along must be the body's own, or the signer would trust it.
    const claimed = signByHand(`${IDP}.AdminGetUser`, getUser(victim), { extra: { 'x-amz-content-sha256': sha256('{}') } });
    expect(await send(claimed)).toMatchObject({ status: 400, __type: 'InvalidSignatureException' });
  });

  it('refuses a signed header changed after signing: a read does not become a delete', async () => {
    const email = newEmail('kept-user');
    await createUser(email);
    const signed = signByHand(`${IDP}.AdminGetUser`, getUser(email));
    const asDelete = { ...signed, headers: { ...signed.headers, 'x-amz-target': `${IDP}.AdminDeleteUser` } };
    expect(await send(asDelete)).toEqual({ status: 400, __type: 'InvalidSignatureException', message: SIGNATURE_MISMATCH });
    expect(await send(signByHand(`${IDP}.AdminGetUser`, getUser(email)))).toMatchObject({ status: 200 });
  });

  it('refuses a signature that leaves X-Amz-Target, Content-Type or X-Amz-Date out of its signed headers', async () => {
    const email = newEmail('unsigned-target');
    await createUser(email);
    // Signed as a read, sent as a delete: the target was never part of the signature.
    const signed = signByHand(`${IDP}.AdminGetUser`, getUser(email), { unsigned: ['x-amz-target'] });
    const asDelete = { ...signed, headers: { ...signed.headers, 'x-amz-target': `${IDP}.AdminDeleteUser` } };
    expect(await send(asDelete)).toEqual({
      status: 400,
      __type: 'InvalidSignatureException',
      message: "'X-Amz-Target' must be a 'SignedHeader' in the AWS Authorization.",
    });
    expect(await send(signByHand(`${IDP}.AdminGetUser`, getUser(email), { unsigned: ['content-type'] }))).toEqual({
      status: 400,
      __type: 'InvalidSignatureException',
      message: "'Content-Type' must be a 'SignedHeader' in the AWS Authorization.",
    });
    expect(await send(signByHand(`${IDP}.AdminGetUser`, getUser(email), { unsigned: ['x-amz-date'] }))).toEqual({
      status: 400,
      __type: 'InvalidSignatureException',
      message: "'X-Amz-Date' must be a 'SignedHeader' in the AWS Authorization.",
    });
    expect(await send(signByHand(`${IDP}.AdminGetUser`, getUser(email)))).toMatchObject({ status: 200 });
  });

  it('refuses the session API’s admin calls signed with the wrong secret, and serves them signed right', async () => {
    const wrongSecret = { ...credentials, secretAccessKey: randomBytes(30).toString('base64') };
    const email = newEmail('sessions');
    await createUser(email);
    const client = idp(wrongSecret);
    const calls = [
      () => client.send(new AdminListUserSessionsCommand({ UserPoolId: poolId(), Username: email })),
      () => client.send(new GetUserPoolSessionConfigurationCommand({ UserPoolId: poolId() })),
      () =>
        client.send(
          new SetUserPoolSessionConfigurationCommand({
            UserPoolId: poolId(),
            UserSessionTracking: 'ENABLED',
            TokenSession: { MaxPerUser: 20 },
          }),
        ),
    ];
    for (const call of calls) expect((await refusal(call())).type).toBe('InvalidSignatureException');
    expect((await idp().send(new AdminListUserSessionsCommand({ UserPoolId: poolId(), Username: email }))).Sessions).toEqual([]);
  });

  it('refuses an admin call with no signature as AWS does', async () => {
    const { authorization: _none, ...unsigned } = signByHand(`${IDP}.ListUsers`, JSON.stringify({ UserPoolId: poolId() })).headers;
    expect(await send({ headers: unsigned, body: JSON.stringify({ UserPoolId: poolId() }) })).toEqual({
      status: 400,
      __type: 'MissingAuthenticationTokenException',
      message: 'Missing Authentication Token',
    });
  });

  it('names what is missing from a malformed Authorization header', async () => {
    const body = JSON.stringify({ UserPoolId: poolId() });
    const signed = signByHand(`${IDP}.ListUsers`, body);
    const withAuthorization = (authorization: string) => send({ body, headers: { ...signed.headers, authorization } });
    expect(await withAuthorization('AWS4-HMAC-SHA256 Credential=x/y')).toEqual({
      status: 400,
      __type: 'IncompleteSignatureException',
      message:
        "Authorization header requires 'Signature' parameter. Authorization header requires 'SignedHeaders' parameter. Authorization=AWS4-HMAC-SHA256 Credential=x/y",
    });
    expect(await withAuthorization(signed.headers.authorization!.replace(/Credential=[^/]+\//, 'Credential='))).toMatchObject({
      __type: 'IncompleteSignatureException',
      message: expect.stringMatching(/^Credential must have exactly 5 slash-delimited elements/),
    });
    expect(await withAuthorization(signed.headers.authorization!.replace('AWS4-HMAC-SHA256', 'AWS4-HMAC-SHA1'))).toMatchObject({
      __type: 'IncompleteSignatureException',
      message: "Unsupported AWS 'algorithm': 'AWS4-HMAC-SHA1'.",
    });
    expect(await withAuthorization(signed.headers.authorization!.replace(/Signature=\w+/, 'Signature=00'))).toEqual({
      status: 400,
      __type: 'InvalidSignatureException',
      message: SIGNATURE_MISMATCH,
    });
  });

  it('refuses a signature made more than 5 minutes from now, either way', async () => {
    const body = JSON.stringify({ UserPoolId: poolId() });
    const at = Date.UTC(2026, 0, 2, 3, 4, 5);
    now = at;
    try {
      expect(await send(signByHand(`${IDP}.ListUsers`, body, { at: at - 4 * 60_000 }))).toMatchObject({ status: 200 });
      expect(await send(signByHand(`${IDP}.ListUsers`, body, { at: at - 6 * 60_000 }))).toEqual({
        status: 400,
        __type: 'InvalidSignatureException',
        message: 'Signature expired: 20260102T025805Z is now earlier than 20260102T025905Z (20260102T030405Z - 5 min.)',
      });
      expect(await send(signByHand(`${IDP}.ListUsers`, body, { at: at + 6 * 60_000 }))).toEqual({
        status: 400,
        __type: 'InvalidSignatureException',
        message: 'Signature not yet current: 20260102T031005Z is still later than 20260102T030905Z (20260102T030405Z + 5 min.)',
      });
    } finally {
      now = Date.now();
    }
  });

  it('refuses a signature scoped to another region or service', async () => {
    const body = JSON.stringify({ UserPoolId: poolId() });
    expect(await send(signByHand(`${IDP}.ListUsers`, body, { region: 'us-east-1' }))).toEqual({
      status: 400,
      __type: 'InvalidSignatureException',
      message: "Credential should be scoped to a valid region, not 'us-east-1'. ",
    });
    expect(await send(signByHand(`${IDP}.ListUsers`, body, { service: 'cognito-identity' }))).toEqual({
      status: 400,
      __type: 'InvalidSignatureException',
      message: "Credential should be scoped to correct service: 'cognito-idp'. ",
    });
    expect(await refusal(idp(credentials, 'us-east-1').send(new ListUsersCommand({ UserPoolId: poolId() })))).toMatchObject({
      type: 'InvalidSignatureException',
    });
  });
});

describe('strict mode with temporary credentials', () => {
  const session = { ...credentials, sessionToken: randomBytes(48).toString('base64') };
  let sessionPool: Emulator;
  beforeAll(async () => {
    sessionPool = await createEmulator({ port: 0, strict: { credentials: session } });
  });
  afterAll(() => sessionPool.close());
  const client = (signing: { accessKeyId: string; secretAccessKey: string; sessionToken?: string }) =>
    new CognitoIdentityProviderClient({ region: 'eu-west-1', endpoint: sessionPool.url, credentials: signing, maxAttempts: 1 });

  it('accepts the key with its session token, and refuses it without or with another', async () => {
    const UserPoolId = sessionPool.config.userPoolId;
    expect((await client(session).send(new ListUsersCommand({ UserPoolId }))).Users).toEqual([]);
    for (const signing of [credentials, { ...session, sessionToken: randomBytes(48).toString('base64') }])
      expect(await refusal(client(signing).send(new ListUsersCommand({ UserPoolId })))).toEqual({
        type: 'UnrecognizedClientException',
        message: INVALID_TOKEN,
        status: 400,
      });
  });

  it('refuses a session token sent but left out of the signed headers', async () => {
    const body = JSON.stringify({ UserPoolId: sessionPool.config.userPoolId });
    const request = (unsigned: string[]) =>
      signByHand(`${IDP}.ListUsers`, body, {
        key: session,
        url: sessionPool.url,
        extra: { 'x-amz-security-token': session.sessionToken },
        unsigned,
      });
    expect(await send(request(['x-amz-security-token']), sessionPool.url)).toEqual({
      status: 400,
      __type: 'InvalidSignatureException',
      message: "'X-Amz-Security-Token' must be a 'SignedHeader' in the AWS Authorization.",
    });
    expect(await send(request([]), sessionPool.url)).toMatchObject({ status: 200 });
  });
});

describe('the credentials given on the command line', () => {
  it('are a key id and a secret, with an optional session token', () => {
    expect(parseCredentials('AKIAEXAMPLE1:c2VjcmV0/+=')).toEqual({ accessKeyId: 'AKIAEXAMPLE1', secretAccessKey: 'c2VjcmV0/+=' });
    expect(parseCredentials('ASIAEXAMPLE1:c2VjcmV0:dG9rZW4=')).toEqual({
      accessKeyId: 'ASIAEXAMPLE1',
      secretAccessKey: 'c2VjcmV0',
      sessionToken: 'dG9rZW4=',
    });
    for (const bad of ['', 'AKIAEXAMPLE1', 'AKIAEXAMPLE1:', ':secret', 'AKIA EXAMPLE:secret', 'a:b:c:d'])
      expect(parseCredentials(bad), bad).toBeNull();
  });
});

describe('npm run emulator -- --strict', () => {
  const run = (args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string; kill: () => void; json: Promise<Record<string, string>> }>(
      (resolve) => {
        const child = spawn('node_modules/.bin/tsx', ['emulator/main.ts', '--port', '0', '--memory', '--quiet', ...args], {
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stdout = '';
        let stderr = '';
        let found: (value: Record<string, string>) => void = () => {};
        const json = new Promise<Record<string, string>>((resolveJson) => (found = resolveJson));
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          const line = stdout.split('\n').find((candidate) => candidate.startsWith('{'));
          if (line && stdout.includes(`${line}\n`)) {
            found(JSON.parse(line) as Record<string, string>);
            resolve({ code: null, stdout, stderr, kill: () => child.kill('SIGTERM'), json });
          }
        });
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('exit', (code) => resolve({ code, stdout, stderr, kill: () => {}, json }));
      },
    );

  it('prints the configuration it would have published as one line of JSON, and records the signed calls', async () => {
    const record = join(mkdtempSync(join(tmpdir(), 'strict-')), 'actions.txt');
    const started = await run([
      '--strict',
      '--credentials',
      `${credentials.accessKeyId}:${credentials.secretAccessKey}`,
      '--record',
      record,
    ]);
    try {
      const config = await started.json;
      expect(Object.keys(config).sort()).toEqual([
        'endpoint',
        'identityPoolId',
        'mfaMethods',
        'region',
        'userPoolClientId',
        'userPoolId',
        'userSessions',
      ]);
      expect(config.endpoint).toMatch(/^http:\/\/localhost:\d+$/);
      expect(started.stdout).not.toContain(credentials.secretAccessKey);
      expect((await fetch(`${config.endpoint}/_emulator/config`)).status).toBe(404);
      const sdk = new CognitoIdentityProviderClient({ region: config.region, endpoint: config.endpoint, credentials, maxAttempts: 1 });
      await sdk.send(new ListUsersCommand({ UserPoolId: config.userPoolId }));
      await failure(
        new CognitoIdentityProviderClient({
          region: config.region,
          endpoint: config.endpoint,
          credentials: { ...credentials, secretAccessKey: 'x' },
          maxAttempts: 1,
        }).send(new ListUsersCommand({ UserPoolId: config.userPoolId })),
      );
      expect(readFileSync(record, 'utf8')).toBe('cognito-idp:ListUsers\n');
    } finally {
      started.kill();
    }
  });

  it('refuses to start strict without credentials, or with malformed ones, or credentials without --strict', async () => {
    for (const [args, message] of [
      [['--strict'], '--strict needs --credentials'],
      [['--strict', '--credentials', 'no-colon-here'], '--credentials must be'],
      [['--credentials', 'AKIAEXAMPLE1:secret'], '--credentials and --record belong to --strict'],
    ] as const) {
      const outcome = await run([...args]);
      expect(outcome.code, args.join(' ')).toBe(2);
      expect(outcome.stderr, args.join(' ')).toContain(message);
    }
  });
});
