/**
 * Helpers for the client's tests: a fresh client on the emulator that Vitest's
 * global setup started, unique addresses, and the emulator's outbox.
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { expect, inject } from 'vitest';
import { AuthError } from './errors.ts';
import { createAuthClient, type AuthClientOptions } from './client.ts';
import type { RefreshLocks } from './context.ts';
import { createMemoryStorage, type KeyValueStorage } from './tokenStore.ts';

export const emulator = () => inject('emulator');

export function testClient(overrides: Partial<AuthClientOptions> = {}) {
  const { region, userPoolId, userPoolClientId, endpoint } = emulator();
  const storage = overrides.storage ?? createMemoryStorage();
  return { storage, client: createAuthClient({ config: { region, userPoolId, userPoolClientId, endpoint }, ...overrides, storage }) };
}

let counter = 0;
export const uniqueEmail = (label = 'user') => `${label}.${Date.now().toString(36)}.${counter++}@example.com`;

export const PASSWORD = 'Sup3r-secret!';

export async function latestCode(email: string): Promise<string> {
  const response = await fetch(`${emulator().endpoint}/_emulator/outbox?to=${encodeURIComponent(email)}`);
  const messages = (await response.json()) as { code: string }[];
  const last = messages.at(-1);
  if (!last) throw new Error(`No message was sent to ${email}`);
  return last.code;
}

/** A confirmed user, made through the same public calls a customer would use. */
export async function confirmedUser(client = testClient().client) {
  const email = uniqueEmail();
  await client.signUp({ username: email, password: PASSWORD });
  await client.confirmSignUp({ username: email, confirmationCode: await latestCode(email) });
  return email;
}

/** The SDK with (fake) credentials, for arranging users with admin calls as QA would. */
export function adminSdk() {
  const { region, endpoint } = emulator();
  return new CognitoIdentityProviderClient({ region, endpoint, credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
}

/** The AuthError a call fails with; fails the test when the call succeeds. */
export async function rejection(promise: Promise<unknown>): Promise<AuthError> {
  const error = await promise.then(
    () => expect.fail('expected the call to fail'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AuthError);
  return error as AuthError;
}

export interface IsolatedEmulator {
  config: ReturnType<typeof emulator>;
  /** POST a test control, e.g. control('clock', { advanceMs: 30_000 }) */
  control(path: string, body?: unknown, method?: string): Promise<unknown>;
  admin: CognitoIdentityProviderClient;
  close(): Promise<void>;
}

/**
 * A test pool of this test file's own, in a child process, for tests that
 * move the clock, inject faults or change pool settings: those are global to
 * a pool and would disturb the files that share Vitest's emulator.
 */
export async function isolatedEmulator(): Promise<IsolatedEmulator> {
  const { spawn } = await import('node:child_process');
  const child = spawn('node_modules/.bin/tsx', ['emulator/main.ts', '--port', '0', '--memory', '--quiet'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /ready on (http:\/\/\S+)/.exec(output);
      if (ready) resolve(ready[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the emulator exited with ${code} before it was ready:\n${output}`)));
  });
  const config = (await (await fetch(`${url}/_emulator/config`)).json()) as ReturnType<typeof emulator>;
  return {
    config,
    async control(path, body, method = 'POST') {
      const response = await fetch(`${url}/_emulator/${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer: unknown = await response.json();
      if (!response.ok) throw new Error(`/_emulator/${path} answered ${response.status}: ${JSON.stringify(answer)}`);
      return answer;
    },
    admin: new CognitoIdentityProviderClient({
      region: config.region,
      endpoint: url,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    }),
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface CountingProxy {
  /** the proxy's address, to use as the client's endpoint */
  endpoint: string;
  /** every request that went through: its operation (X-Amz-Target without the service) and body */
  requests: { operation: string; body: string }[];
  /** how many token refreshes (InitiateAuth with REFRESH_TOKEN_AUTH) went through, the SDK's retries included */
  refreshes(): number;
  close(): Promise<void>;
}

/** An answer a proxy gives itself instead of forwarding the request. */
export interface StandInAnswer {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

/**
 * A plain HTTP proxy in front of the emulator that writes down each request,
 * so a test can count what the client really sent (the SDK's own retries
 * included) without touching the client. `answer`, where it gives an answer
 * for a request (the n-th, counted from 0), stands in for the target's.
 */
export async function countingProxy(
  target = emulator().endpoint,
  answer: (request: { operation: string; body: string }, index: number) => StandInAnswer | undefined = () => undefined,
): Promise<CountingProxy> {
  const { createServer } = await import('node:http');
  const requests: CountingProxy['requests'] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const operation =
        String(incoming.headers['x-amz-target'] ?? '')
          .split('.')
          .pop() ?? '';
      requests.push({ operation, body });
      const standIn = answer({ operation, body }, requests.length - 1);
      if (standIn) {
        outgoing.writeHead(standIn.status, { 'content-type': 'application/x-amz-json-1.1', ...standIn.headers }).end(standIn.body);
        return;
      }
      const headers = Object.fromEntries(
        Object.entries(incoming.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'host'),
      );
      fetch(`${target}${incoming.url ?? '/'}`, { method: incoming.method, headers, body: incoming.method === 'GET' ? undefined : body })
        .then(async (answer) => {
          outgoing.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
          outgoing.end(Buffer.from(await answer.arrayBuffer()));
        })
        .catch(() => outgoing.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    refreshes: () => requests.filter((r) => r.operation === 'InitiateAuth' && r.body.includes('REFRESH_TOKEN_AUTH')).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The storage of two tabs of one origin, as Chromium gives it: each tab reads
 * and writes its own copy at once, and the other tab's copy follows change by
 * change, each `stepMs` (or `stepMs(key)`) after the one before. Until it has
 * caught up, the other tab can read a half-copied set of tokens.
 */
export function laggingStoragePair(stepMs: number | ((key: string) => number)): [KeyValueStorage, KeyValueStorage] {
  const step = typeof stepMs === 'number' ? () => stepMs : stepMs;
  const [a, b] = [createMemoryStorage(), createMemoryStorage()];
  const tab = (own: KeyValueStorage, other: KeyValueStorage): KeyValueStorage => {
    let copied = Promise.resolve();
    const copyLater = (key: string, change: () => void) => {
      copied = copied.then(() => new Promise((resolve) => setTimeout(() => resolve(change()), step(key))));
    };
    return {
      getItem: (key) => own.getItem(key),
      setItem: (key, value) => {
        own.setItem(key, value);
        copyLater(key, () => other.setItem(key, value));
      },
      removeItem: (key) => {
        own.removeItem(key);
        copyLater(key, () => other.removeItem(key));
      },
    };
  };
  return [tab(a, b), tab(b, a)];
}

/** Exclusive locks by name, granted in the order asked: the Web Locks every tab of an origin shares. */
export function sharedLocks(): RefreshLocks {
  const queues = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const held = queues.get(name) ?? Promise.resolve();
      const mine = held.then(callback);
      const released = mine.catch(() => undefined);
      queues.set(name, released);
      void released.then(() => {
        if (queues.get(name) === released) queues.delete(name);
      });
      return mine;
    },
  };
}
