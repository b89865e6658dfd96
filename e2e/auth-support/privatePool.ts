/**
 * A test pool of one spec file's own. MFA is a pool-wide setting (OFF, ON,
 * OPTIONAL), and so are faults and the clock; Playwright runs the other
 * spec files at the same time against the shared pool, where turning MFA on
 * would send their customers to set up an authenticator app. A test that
 * needs such settings says `needsPrivatePool('why')` as its first line (needs.ts);
 * the file's own emulator (the same program as the shared one, in memory)
 * then serves its page a /config.json that points at it: the app, its
 * client and the pool are all real, only the address differs. The file's
 * other tests use the shared pool as usual.
 *
 * In QA mode no private pool starts: the tests that need one are skipped,
 * because QA runs against the configured pool alone and never changes its
 * settings.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { test } from '../fixtures.ts';
import { hasNeed, requireNeed } from '../needs.ts';
import { isRealPool } from '../realPool.ts';
import { createTestPool, type PoolConfig, type TestPool } from '../testPool.ts';
import { type PoolAdmin, poolAdmin } from './admin.ts';

export interface PrivatePool {
  url: string;
  config: PoolConfig;
  pool: TestPool;
  /** the pool's own settings too: it is this file's alone */
  admin: PoolAdmin;
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
  const pool = createTestPool({ kind: 'emulator', url });
  const config = await pool.config();
  return {
    url,
    config,
    pool,
    admin: poolAdmin(config),
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
 * The calling spec file's private pool: started before its first test (not in
 * QA mode), served to the page of each test that says needsPrivatePool(), and
 * stopped after the last (`beforeStop` first, e.g. to put pool settings back).
 * Call it at the top of the file, which should run its tests serially so that
 * they share the one pool.
 */
export function privatePoolForThisFile(options: { beforeStop?: (pool: PrivatePool) => Promise<void> } = {}): () => PrivatePool {
  let privatePool: PrivatePool | undefined;
  test.beforeAll(async () => {
    if (!isRealPool) privatePool = await startPrivatePool();
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
    const started = privatePool;
    if (!started) return;
    // Decided per request: the test's first line, after this hook, says whether it runs on the private pool.
    // Asked afresh each time, as the dev server does: it says which factors the pool's MFA settings offer now.
    await page.route('**/config.json', async (route) =>
      hasNeed('private pool')
        ? route.fulfill({ json: await control(started, 'config'), headers: { 'cache-control': 'no-store' } })
        : route.fallback(),
    );
  });
  return () => {
    requireNeed(['private pool'], 'uses the private test pool');
    if (!privatePool) throw new Error('The private test pool is not started: QA mode should have skipped this test.');
    return privatePool;
  };
}

/** An afterEach for the tests that ran on the private pool (a skipped or shared-pool test has nothing to put back). */
export function afterEachOnPrivatePool(privatePool: () => PrivatePool, putBack: (pool: PrivatePool) => Promise<void>): void {
  test.afterEach(async () => {
    if (hasNeed('private pool') && !isRealPool) await putBack(privatePool());
  });
}
