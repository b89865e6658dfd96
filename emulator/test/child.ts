/**
 * The emulator's CLI as a child process, as `npm start` runs it: for tests
 * that kill it, restart it, or must survive it falling over.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const ROOT = resolve(import.meta.dirname, '../..');
// tsx's loader in this very process: the tsx CLI would run the emulator in a grandchild that SIGKILL cannot reach.
const TSX_LOADER = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const MAIN = join(ROOT, 'emulator/main.ts');
export const CONFIG = {
  region: 'eu-west-1',
  userPoolId: 'eu-west-1_LocalPool',
  userPoolClientId: 'customerareaclient00000001',
  mfaMethods: [],
  userSessions: true,
};

export function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

export interface Child {
  child: ChildProcess;
  url: string;
  /** everything the child printed so far */
  output(): string;
}

/** Starts `emulator/main.ts --quiet <args>` (which must include `--port`) and waits for it to answer. */
export async function startChild(args: string[], cwd = ROOT): Promise<Child> {
  const port = Number(args[args.indexOf('--port') + 1]);
  const child = spawn(process.execPath, ['--import', TSX_LOADER, MAIN, '--quiet', ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) throw new Error(`The emulator exited: ${output}`);
    const up = await fetch(`${url}/_emulator/config`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { child, url, output: () => output };
    await new Promise((wait) => setTimeout(wait, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`The emulator did not start: ${output}`);
}

export const exited = (child: ChildProcess) =>
  new Promise<void>((done) => (child.exitCode !== null || child.signalCode !== null ? done() : child.once('exit', () => done())));

/** Stops a child started here, whatever state it is in. */
export async function stopChild({ child }: Child): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await exited(child);
}
