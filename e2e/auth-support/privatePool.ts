/**
 * A test pool of one spec file's own. MFA is a pool-wide setting (OFF, ON,
 * OPTIONAL), and so are faults and the clock; Playwright runs the other
 * spec files at the same time against the shared pool, where turning MFA on
 * would send their customers to set up an authenticator app. A spec that
 * needs such settings starts its own emulator (the same program as the
 * shared one, in memory) and serves the app a /config.json that points at it:
 * the app, its client and the pool are all real, only the address differs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import { test } from '../fixtures.ts';
import { createTestPool, type PoolConfig, type TestPool } from '../testPool.ts';

export interface PrivatePool {
  url: string;
  config: PoolConfig;
  pool: TestPool;
  /** Serves this pool's configuration to the app in this page (call before the first goto). */
  attach(page: Page): Promise<void>;
  stop(): Promise<void>;
}

const READY = /ready on (http:\/\/\S+)/;

function waitForUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`The private test pool did not start:\n${output}`)), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = READY.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The private test pool exited with ${code}:\n${output}`));
    });
  });
}

/** Starts an emulator on a free port (the system picks it). */
export async function startPrivatePool(): Promise<PrivatePool> {
  const child = spawn('node_modules/.bin/tsx', ['emulator/main.ts', '--port', '0', '--memory', '--quiet'], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await waitForUrl(child);
  const pool = createTestPool(url);
  const config = await pool.config();
  return {
    url,
    config,
    pool,
    attach: async (page) => {
      await page.route('**/config.json', (route) => route.fulfill({ json: config, headers: { 'cache-control': 'no-store' } }));
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The emulator's test controls on a private pool: its clock and its faults (GET to read, POST with a body, DELETE to clear). */
export async function control(
  pool: PrivatePool,
  path: string,
  body?: unknown,
  method = body === undefined ? 'GET' : 'POST',
): Promise<unknown> {
  const response = await fetch(`${pool.url}/_emulator/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`/_emulator/${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/**
 * A private pool for every test of the calling spec file: started before the
 * first, served to each test's page, stopped after the last (`beforeStop`
 * first, e.g. to put pool settings back). Call it at the top of the file,
 * which should run its tests serially so that they share the one pool.
 */
export function privatePoolForThisFile(options: { beforeStop?: (pool: PrivatePool) => Promise<void> } = {}): () => PrivatePool {
  let privatePool: PrivatePool | undefined;
  test.beforeAll(async () => {
    privatePool = await startPrivatePool();
  });
  test.afterAll(async () => {
    if (!privatePool) return;
    try {
      await options.beforeStop?.(privatePool);
    } finally {
      await privatePool.stop();
    }
  });
  test.beforeEach(async ({ page }) => {
    await privatePool!.attach(page);
  });
  return () => {
    if (!privatePool) throw new Error('The private test pool is not started yet: use it inside a test.');
    return privatePool;
  };
}
