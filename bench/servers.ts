/**
 * What the benchmarks share: starting and stopping the test pool and the app's servers, Chromium as the e2e suite
 * launches it, polling an in-page condition, and the figures' arithmetic.
 */
import { type Browser, chromium, type Page } from '@playwright/test';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchPool } from './amplify/amplifyConfig.ts';

export const ROOT = resolve(import.meta.dirname, '..');
const SYSTEM_CHROMIUM = '/usr/bin/chromium';
const TSX_LOADER = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const VITE = join(ROOT, 'node_modules/vite/bin/vite.js');

/** The password of every user the benchmarks create on their test pools. */
export const BENCH_PASSWORD = 'Bench-passw0rd!';

export const median = (numbers: number[]) => [...numbers].sort((x, y) => x - y)[Math.floor(numbers.length / 2)]!;
export const ms = (value: number) => `${Math.round(value)} ms`;

/** Runs a command to its end (a build), in this tree or in `cwd`. */
export function run(command: string, args: string[], env: Record<string, string> = {}, cwd = ROOT): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

/** Starts a server; its output is dropped but for errors. */
export function start(command: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } });
}

/**
 * The project's production build into dist/, or into `outDir`; `env` adds build-time settings (VITE_FIRST_FACTORS).
 * `tree`: another checkout of the project (a git worktree) to build rather than this one.
 */
export const buildApp = (env: Record<string, string> = {}, { tree = ROOT, outDir }: { tree?: string; outDir?: string } = {}) =>
  run(
    process.execPath,
    [join(tree, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', ...(outDir ? ['--outDir', outDir, '--emptyOutDir'] : [])],
    env,
    tree,
  );

/** The Amplify reference app (bench/amplify/), its build written for `pool`, and its preview on `port`. */
const AMPLIFY_CONFIG = 'bench/amplify/vite.config.ts';
export const buildAmplifyApp = (pool: BenchPool) =>
  run(process.execPath, [VITE, 'build', '--config', AMPLIFY_CONFIG, '--logLevel', 'warn'], { BENCH_AMPLIFY_POOL: JSON.stringify(pool) });
export const startAmplifyPreview = (port: number) =>
  start(process.execPath, [VITE, 'preview', '--config', AMPLIFY_CONFIG], { APP_PORT: String(port) });

/** A test pool in memory on `port`. */
export const startTestPool = (port: number) =>
  start(process.execPath, ['--import', TSX_LOADER, 'emulator/main.ts', '--port', String(port), '--memory', '--quiet'], {});

/** `vite` (the dev server) or `vite preview` (of dist/, or of the build in `outDir`) on `port`, against the test pool at `emulatorUrl`. */
export const startVite = (kind: 'dev' | 'preview', port: number, emulatorUrl: string, outDir?: string) =>
  start(process.execPath, [VITE, ...(kind === 'preview' ? ['preview', ...(outDir ? ['--outDir', outDir] : [])] : [])], {
    APP_PORT: String(port),
    EMULATOR_URL: emulatorUrl,
  });

export async function waitFor(url: string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const up = await fetch(url).then(
      (answer) => answer.ok,
      () => false,
    );
    if (up) return;
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error(`${url} did not answer.`);
}

export const stop = (child: ChildProcess) =>
  new Promise<void>((done) => {
    if (child.exitCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });

/** Chromium as the e2e suite starts it: Debian's where installed, with the flags this machine's closed network needs. */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });

/** Polls an in-page condition (waitForFunction would evaluate it with eval, which the production CSP forbids). */
export async function until(page: Page, condition: string): Promise<void> {
  for (let attempt = 0; attempt < 1500; attempt++) {
    if (await page.evaluate(condition)) return;
    await new Promise((wait) => setTimeout(wait, 10));
  }
  throw new Error(`Never true: ${condition}`);
}
