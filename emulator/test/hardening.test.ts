/**
 * Findings of the security review (issue 19): requests that stopped the pool,
 * pages of other origins driving the test controls, a clock moved out of
 * range, and an SRP_A of any size.
 */
import { InitiateAuthCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator } from '../src/server.ts';
import { type Child, freePort, startChild, stopChild } from './child.ts';
import { PASSWORD, failure, newEmail, useEmulator } from './harness.ts';

const pool = useEmulator();

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: { __type?: string; message?: string } & Record<string, unknown>;
}

/** One HTTP request with exactly these headers (fetch would not send a Host or Origin of our choosing). */
function send(url: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, method, path, headers, agent: false }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        let parsed: Answer['body'] = {};
        try {
          parsed = text === '' ? {} : (JSON.parse(text) as Answer['body']);
        } catch {
          parsed = { text };
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const JSON_TYPE = { 'content-type': 'application/json' };

describe('requests that used to stop the pool (finding 1)', () => {
  let child: Child;
  beforeAll(async () => {
    child = await startChild(['--port', String(await freePort()), '--memory']);
  }, 30_000);
  afterAll(() => stopChild(child));

  it('answers prototype names and malformed escapes in a path or a query, and keeps serving', async () => {
    for (const path of [
      '/__proto__/.well-known/jwks.json',
      '/constructor/.well-known/jwks.json',
      '/hasOwnProperty/.well-known/jwks.json',
      '/%E0%A4%A/.well-known/jwks.json',
      '/%/.well-known/jwks.json',
    ]) {
      const answer = await send(child.url, 'GET', path);
      expect(answer, path).toMatchObject({ status: 404, body: { __type: 'ResourceNotFoundException' } });
    }
    for (const poolId of ['__proto__', 'constructor', 'toString']) {
      const answer = await send(child.url, 'GET', `/_emulator/totp?userPoolId=${poolId}&username=a@example.com`);
      expect(answer, poolId).toMatchObject({ status: 400, body: { __type: 'ResourceNotFoundException' } });
    }
    expect(child.child.exitCode).toBeNull();
    expect((await send(child.url, 'GET', '/eu-west-1_LocalPool/.well-known/jwks.json')).status).toBe(200);
  });
});

describe('browser pages of other origins and rebound host names (finding 2)', () => {
  const outboxSize = async () => (await pool.control<unknown[]>('outbox')).length;

  it('refuses a control request from an origin that is neither loopback nor allowed, and changes nothing', async () => {
    const email = await pool.signUp();
    for (const origin of ['https://evil.example', 'null', 'http://localhost.evil.example', 'http://127.0.0.1.evil.example:9229']) {
      for (const [method, path] of [
        ['POST', '/_emulator/reset'],
        ['POST', '/_emulator/clock'],
        ['POST', '/_emulator/faults'],
        ['DELETE', '/_emulator/faults'],
        ['POST', '/_emulator/token-validity'],
        ['GET', '/_emulator/outbox'],
        ['GET', '/_emulator/totp?secret=JBSWY3DPEHPK3PXP'],
      ] as const) {
        const body =
          method === 'POST' ? JSON.stringify({ advanceMs: 1, operation: 'SignUp', error: 'X', accessTokenSeconds: 1 }) : undefined;
        const answer = await send(pool.url, method, path, { ...JSON_TYPE, origin }, body);
        expect(answer, `${origin} ${method} ${path}`).toMatchObject({ status: 403, body: { __type: 'AccessDeniedException' } });
        expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      }
    }
    expect((await pool.outbox(email)).length).toBe(1);
    expect(await pool.control('clock')).toMatchObject({ offsetMs: 0 });
    expect(await pool.control('faults')).toEqual({ faults: [] });
    expect(await pool.control('token-validity')).toMatchObject({ accessTokenSeconds: 3600 });
  });

  it('refuses the preflight and the calls of another origin to the Cognito API too', async () => {
    const preflight = await send(pool.url, 'OPTIONS', '/', { origin: 'https://evil.example', 'access-control-request-method': 'POST' });
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const signUp = JSON.stringify({ ClientId: pool.clientId, Username: newEmail(), Password: PASSWORD });
    const answer = await send(
      pool.url,
      'POST',
      '/',
      {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp',
        origin: 'https://evil.example',
      },
      signUp,
    );
    expect(answer).toMatchObject({ status: 403, body: { __type: 'AccessDeniedException' } });
  });

  it('serves loopback origins and requests without an Origin (Node, curl)', async () => {
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:4173', 'http://[::1]:5273', 'https://localhost']) {
      const answer = await send(pool.url, 'GET', '/_emulator/clock', { origin });
      expect(answer.status, origin).toBe(200);
      expect(answer.headers['access-control-allow-origin']).toBe(origin);
    }
    expect((await send(pool.url, 'GET', '/_emulator/clock')).status).toBe(200);
  });

  it('needs Content-Type: application/json on control POSTs and DELETEs, so a page cannot send them without a preflight', async () => {
    const before = await outboxSize();
    await pool.signUp();
    for (const headers of [{}, { 'content-type': 'text/plain' }, { 'content-type': 'application/x-www-form-urlencoded' }] as Record<
      string,
      string
    >[]) {
      for (const [method, path, body] of [
        ['POST', '/_emulator/reset', ''],
        ['POST', '/_emulator/clock', '{"advanceMs": 86400000}'],
        ['POST', '/_emulator/faults', '{"operation": "SignUp", "error": "X"}'],
        ['DELETE', '/_emulator/faults', ''],
        ['POST', '/_emulator/token-validity', '{"accessTokenSeconds": 1}'],
      ] as const) {
        const answer = await send(pool.url, method, path, headers, body);
        expect(answer, `${JSON.stringify(headers)} ${method} ${path}`).toMatchObject({
          status: 415,
          body: { __type: 'UnsupportedMediaTypeException' },
        });
      }
    }
    expect(await outboxSize()).toBe(before + 1);
    expect(await pool.control('clock')).toMatchObject({ offsetMs: 0 });
    expect(await pool.control('token-validity')).toMatchObject({ accessTokenSeconds: 3600 });
    const charset = await send(
      pool.url,
      'POST',
      '/_emulator/clock',
      { 'content-type': 'application/json; charset=utf-8' },
      '{"offsetMs": 0}',
    );
    expect(charset.status).toBe(200);
  });

  it('answers only requests addressed to a loopback host name, so a rebound domain cannot read the outbox or call the API', async () => {
    const { port } = new URL(pool.url);
    for (const host of [`rebind.example:${port}`, 'rebind.example', `localhost.rebind.example:${port}`, `192.168.1.20:${port}`]) {
      const outbox = await send(pool.url, 'GET', '/_emulator/outbox', { host });
      expect(outbox, host).toMatchObject({ status: 403, body: { __type: 'AccessDeniedException' } });
      expect(JSON.stringify(outbox.body)).not.toContain('"code"');
      const page = await send(pool.url, 'GET', '/_emulator/', { host });
      expect(page.status).toBe(403);
      const api = await send(
        pool.url,
        'POST',
        '/',
        { host, 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp' },
        '{}',
      );
      expect(api).toMatchObject({ status: 403, body: { __type: 'AccessDeniedException' } });
    }
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'localhost', 'LOCALHOST:1']) {
      expect((await send(pool.url, 'GET', '/_emulator/outbox', { host })).status, host).toBe(200);
    }
  });

  it('lets the origins given with --allow-origin call it from a browser, and no other', async () => {
    const child = await startChild(['--port', String(await freePort()), '--memory', '--allow-origin', 'https://qa.example.com']);
    try {
      const allowed = await send(child.url, 'GET', '/_emulator/config', { origin: 'https://qa.example.com' });
      expect(allowed.status).toBe(200);
      expect(allowed.headers['access-control-allow-origin']).toBe('https://qa.example.com');
      const other = await send(child.url, 'GET', '/_emulator/config', { origin: 'https://other.example.com' });
      expect(other).toMatchObject({ status: 403, body: { __type: 'AccessDeniedException' } });
    } finally {
      await stopChild(child);
    }
  });

  it('takes further browser origins from its options', async () => {
    const other = await createEmulator({ port: 0, allowedOrigins: ['https://app.example.com'] });
    try {
      const allowed = await send(
        other.url,
        'POST',
        '/_emulator/clock',
        { ...JSON_TYPE, origin: 'https://app.example.com' },
        '{"offsetMs": 0}',
      );
      expect(allowed.status).toBe(200);
      expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.com');
      expect((await send(other.url, 'GET', '/_emulator/config', { origin: 'https://app.example.com.evil' })).status).toBe(403);
    } finally {
      await other.close();
    }
  });
});

describe('clock offsets (finding 3)', () => {
  const post = (body: unknown) => send(pool.url, 'POST', '/_emulator/clock', JSON_TYPE, JSON.stringify(body));
  const HUNDRED_YEARS_MS = 3_155_760_000_000;

  it('refuses offsets beyond a hundred years either way with a 400, and keeps serving', async () => {
    for (const body of [
      { offsetMs: 8_640_000_000_000_000 },
      { offsetMs: HUNDRED_YEARS_MS + 1 },
      { offsetMs: -HUNDRED_YEARS_MS - 1 },
      { advanceMs: 8_640_000_000_000_000 },
      { advanceMs: Number.MAX_SAFE_INTEGER },
    ]) {
      expect(await post(body), JSON.stringify(body)).toMatchObject({ status: 400, body: { __type: 'InvalidParameterException' } });
    }
    expect(await post({ offsetMs: HUNDRED_YEARS_MS })).toMatchObject({ status: 200 });
    expect(await post({ advanceMs: 1 })).toMatchObject({ status: 400, body: { __type: 'InvalidParameterException' } });
    expect(await post({ offsetMs: -HUNDRED_YEARS_MS })).toMatchObject({ status: 200 });
    expect(await post({ offsetMs: 0 })).toMatchObject({ status: 200, body: { offsetMs: 0 } });
    expect((await send(pool.url, 'GET', '/_emulator/clock')).status).toBe(200);
    await pool.sdk.send(new SignUpCommand({ ClientId: pool.clientId, Username: newEmail(), Password: PASSWORD }));
  });
});

describe('SRP_A (finding 5)', () => {
  const N_HEX_DIGITS = 768;

  it('refuses a value longer than the 3072-bit group allows, and one not below N', async () => {
    const start = (SRP_A: string) =>
      failure(
        pool.sdk.send(
          new InitiateAuthCommand({ ClientId: pool.clientId, AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: newEmail(), SRP_A } }),
        ),
      );
    for (const SRP_A of [
      '1'.repeat(700 * 1024),
      '1'.repeat(N_HEX_DIGITS + 1),
      `00${'f'.repeat(N_HEX_DIGITS)}`,
      '0'.repeat(N_HEX_DIGITS + 3) + '5',
    ]) {
      expect(await start(SRP_A), `${SRP_A.length} digits`).toMatchObject({
        name: 'InvalidParameterException',
        message: 'Invalid SRP_A value.',
      });
    }
  });

  it('still takes an A with the leading zero byte clients add', async () => {
    const email = await pool.verifiedUser();
    // cognito-srp-helper pads A like Java's BigInteger.toByteArray (a leading 00 when the top bit is set).
    await pool.tokens(email);
    const answer = await pool.sdk.send(
      new InitiateAuthCommand({
        ClientId: pool.clientId,
        AuthFlow: 'USER_SRP_AUTH',
        AuthParameters: { USERNAME: email, SRP_A: `00${'8'.padEnd(N_HEX_DIGITS - 1, '0')}1` },
      }),
    );
    expect(answer.ChallengeName).toBe('PASSWORD_VERIFIER');
  });
});
