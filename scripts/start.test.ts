/**
 * `npm start` as a newcomer meets it: once the app answers it says where to go (the dashboard, the mailbox, the
 * request log and the ports), and nothing it prints is a warning they must wonder about.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator } from '../emulator/src/server.ts';
import { freePort, ROOT } from '../emulator/test/child.ts';

describe('npm start', () => {
  let pool: Awaited<ReturnType<typeof createEmulator>>;
  let start: ChildProcess;
  let appPort: number;
  let output = '';

  beforeAll(async () => {
    // A pool already running is reused (so this test starts only the dev server, and leaves .emulator/ alone).
    pool = await createEmulator({ port: 0 });
    appPort = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, EMULATOR_PORT: String(new URL(pool.url).port), APP_PORT: String(appPort) };
    // As a newcomer's shell has it: no switch of the test runner's own that hides the SDK's notice.
    delete env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED;
    start = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    start.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    start.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    for (let waited = 0; !output.includes('Ctrl-C stops both.') && waited < 90_000; waited += 100) {
      if (start.exitCode !== null) throw new Error(`npm start exited: ${output}`);
      await new Promise((wait) => setTimeout(wait, 100));
    }
  }, 100_000);

  afterAll(async () => {
    if (start.exitCode === null) await new Promise((done) => (start.once('exit', done), start.kill('SIGTERM')));
    await pool.close();
    rmSync(join(ROOT, 'node_modules/.vite', String(appPort)), { recursive: true, force: true });
  });

  it('says where to open the app and read the codes, where the requests go, and how to change the ports', () => {
    expect(output).toContain(`app       http://localhost:${appPort}/dashboard`);
    expect(output).toContain(`mailbox   http://localhost:${new URL(pool.url).port}/_emulator/`);
    expect(output).toContain('requests  .emulator/requests.log');
    expect(output).toContain(`APP_PORT=${appPort} EMULATOR_PORT=${new URL(pool.url).port}`);
    // The pool this test started serves no TLS port, and the banner says so rather than naming one.
    expect(output).toContain('hosted UI plain HTTP only');
  });

  it('prints no warning', () => {
    expect(output).not.toMatch(/warning/i);
  });
});
