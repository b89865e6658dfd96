/**
 * Findings of the security review (issue 19): requests that stopped the pool.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Child, freePort, startChild, stopChild } from './child.ts';

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
