/**
 * The local Cognito test pool's figures: how long it takes to start, how
 * many SRP sign-ins per second it serves over HTTP, and whether a pool kept
 * on disk stays as fast once it is full.
 *
 *   npm run bench:emulator [-- --seconds 5 --starts 5 --users 50 --rounds 400 --fill 100000 --only start,srp,existence,state]
 *
 * The pool runs as a child process (`emulator/main.ts --memory`), as the test
 * suites run it. Sign-ins are driven by bench/srpClient.ts, a lean Node client
 * whose exponentiations go through OpenSSL, so the figure is the pool's; a
 * shorter run with cognito-srp-helper (pure JavaScript big integers) shows what
 * a slow client gets. Client and pool share the machine's cores.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createSrpSession, signSrpSession, wrapAuthChallenge, wrapInitiateAuth } from 'cognito-srp-helper';
import { type Pool, call, passwordSignIn, srpSignIn } from './srpClient.ts';
import { BENCH_PASSWORD } from './servers.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    starts: { type: 'string', default: '5' },
    users: { type: 'string', default: '50' },
    fill: { type: 'string', default: '100000' },
    only: { type: 'string', default: 'start,srp,existence,state' },
    rounds: { type: 'string', default: '400' },
  },
});
const SECTIONS = new Set(values.only.split(','));
const FILL = Number(values.fill);
const ROUNDS = Number(values.rounds);
const SECONDS = Number(values.seconds);
const STARTS = Number(values.starts);
const USERS = Number(values.users);

const ROOT = resolve(import.meta.dirname, '..');
const LOADER = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const MAIN = join(ROOT, 'emulator/main.ts');

const median = (numbers: number[]) => [...numbers].sort((x, y) => x - y)[Math.floor(numbers.length / 2)]!;

interface Started {
  child: ChildProcess;
  url: string;
  /** spawn to first answer of /_emulator/config, as `npm start` waits for it */
  wallMs: number;
  /** what the pool reports: module loading done to listening */
  readyMs: number;
}

async function start(port: number, storage: string[] = ['--memory']): Promise<Started> {
  const begun = performance.now();
  const child = spawn(process.execPath, ['--import', LOADER, MAIN, '--port', String(port), ...storage, '--quiet'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The pool exited: ${output}`);
    if (
      await fetch(`${url}/_emulator/config`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((wait) => setTimeout(wait, 5));
  }
  const wallMs = performance.now() - begun;
  const readyMs = Number(/ready on \S+ in (\d+) ms/.exec(output)?.[1] ?? NaN);
  return { child, url, wallMs, readyMs };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

async function admin(url: string, operation: string, body: unknown): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      // The pool accepts any SigV4 signature on admin calls.
      authorization: 'AWS4-HMAC-SHA256 Credential=bench/20260101/eu-west-1/cognito-idp/aws4_request, SignedHeaders=host, Signature=00',
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${operation}: ${await response.text()}`);
}

/** Runs `signIn` from `concurrency` loops for the bench's duration; sign-ins per second. */
async function throughput(concurrency: number, seconds: number, signIn: (index: number) => Promise<unknown>): Promise<number> {
  const deadline = performance.now() + seconds * 1000;
  let done = 0;
  let next = 0;
  const begun = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        await signIn(next++);
        done += 1;
      }
    }),
  );
  return done / ((performance.now() - begun) / 1000);
}

async function helperSignIn(pool: Pool, username: string): Promise<void> {
  const session = createSrpSession(username, BENCH_PASSWORD, pool.userPoolId, false);
  const call = async (operation: string, body: unknown) => {
    const response = await fetch(pool.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${operation}: ${await response.text()}`);
    return (await response.json()) as {
      ChallengeParameters: Record<string, string>;
      Session?: string;
      AuthenticationResult?: { AccessToken?: string };
    };
  };
  const started = await call(
    'InitiateAuth',
    wrapInitiateAuth(session, { ClientId: pool.clientId, AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: username } }),
  );
  const signed = signSrpSession(session, started);
  const done = await call(
    'RespondToAuthChallenge',
    wrapAuthChallenge(signed, {
      ClientId: pool.clientId,
      ChallengeName: 'PASSWORD_VERIFIER',
      Session: started.Session,
      ChallengeResponses: { USERNAME: started.ChallengeParameters.USERNAME! },
    }),
  );
  if (!done.AuthenticationResult) throw new Error('No tokens');
}

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
  });
}

async function createUsers(url: string, userPoolId: string): Promise<(index: number) => string> {
  const users = Array.from({ length: USERS }, (_, i) => `bench.${i}@example.com`);
  for (const Username of users) {
    await admin(url, 'AdminCreateUser', { UserPoolId: userPoolId, Username, MessageAction: 'SUPPRESS' });
    await admin(url, 'AdminSetUserPassword', { UserPoolId: userPoolId, Username, Password: BENCH_PASSWORD, Permanent: true });
  }
  return (index) => users[index % users.length]!;
}

async function poolOf(url: string): Promise<Pool> {
  const config = (await (await fetch(`${url}/_emulator/config`)).json()) as { userPoolId: string; userPoolClientId: string };
  return { endpoint: url, userPoolId: config.userPoolId, clientId: config.userPoolClientId };
}

console.log(`Test pool benchmark — ${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(2)} at start\n`);

if (SECTIONS.has('start')) {
  const starts: Started[] = [];
  for (let i = 0; i < STARTS; i++) {
    const started = await start(await freePort());
    starts.push(started);
    await stop(started.child);
  }
  console.log(
    `Start time (${STARTS} starts, median): ${Math.round(median(starts.map((s) => s.wallMs)))} ms from spawn to the first answer, ` +
      `${Math.round(median(starts.map((s) => s.readyMs)))} ms of it the pool's own start (after loading its modules)`,
  );
}

if (SECTIONS.has('srp')) {
  const running = await start(await freePort());
  const pool = await poolOf(running.url);
  const user = await createUsers(running.url, pool.userPoolId);
  await throughput(4, 1, (i) => srpSignIn(pool, user(i), BENCH_PASSWORD));
  console.log(`\nSRP sign-ins per second (InitiateAuth + RespondToAuthChallenge over HTTP, in memory, ${SECONDS} s each):`);
  for (const concurrency of [1, 4, 16]) {
    const rate = await throughput(concurrency, SECONDS, (i) => srpSignIn(pool, user(i), BENCH_PASSWORD));
    console.log(`  Node client (OpenSSL maths), ${String(concurrency).padStart(2)} at a time: ${rate.toFixed(1)}/s`);
  }
  const helperRate = await throughput(4, SECONDS, (i) => helperSignIn(pool, user(i)));
  console.log(`  cognito-srp-helper client,      4 at a time: ${helperRate.toFixed(1)}/s (client-bound)`);
  await stop(running.child);
}

if (SECTIONS.has('existence')) {
  // With user-existence errors prevented, an unknown name must not answer faster or slower than a
  // real one. Requests alternate between the two so that a change in the machine's load hits both.
  const A = (2n ** 3000n + 12345n).toString(16);
  for (const storage of ['memory', 'disk'] as const) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-pool-'));
    const running = await start(await freePort(), storage === 'memory' ? ['--memory'] : ['--state', join(dir, 'state.json')]);
    const pool = await poolOf(running.url);
    const user = await createUsers(running.url, pool.userPoolId);
    const paths = {
      'InitiateAuth USER_SRP_AUTH': (name: string) =>
        call(pool.endpoint, 'InitiateAuth', {
          ClientId: pool.clientId,
          AuthFlow: 'USER_SRP_AUTH',
          AuthParameters: { USERNAME: name, SRP_A: A },
        }),
      'InitiateAuth USER_PASSWORD_AUTH, wrong password': (name: string) =>
        call(pool.endpoint, 'InitiateAuth', {
          ClientId: pool.clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: name, PASSWORD: 'Not-the-passw0rd!' },
        }).catch(() => undefined),
    };
    console.log(
      `\nA real user and an unknown name, median of ${ROUNDS} requests each (${storage === 'memory' ? 'in memory' : 'kept on disk'}, one at a time):`,
    );
    for (const [label, request] of Object.entries(paths)) {
      const times = { real: [] as number[], unknown: [] as number[] };
      for (let i = 0; i < ROUNDS + 20; i++) {
        for (const kind of i % 2 === 0 ? (['real', 'unknown'] as const) : (['unknown', 'real'] as const)) {
          // A different unknown name each time, as the real users take turns.
          const name = kind === 'real' ? user(i) : `nobody.${i}.${Date.now()}@example.com`;
          const begun = performance.now();
          await request(name);
          if (i >= 20) times[kind].push(performance.now() - begun);
          // The real user's failures start again from nought, as a fresh name's do (five in a row would lock
          // it); the same untimed sign-in follows the unknown name's request, so both are timed after the same work.
          if (label.includes('wrong')) await passwordSignIn(pool, user(i), BENCH_PASSWORD);
        }
      }
      const [real, unknown] = [median(times.real), median(times.unknown)];
      console.log(
        `  ${label.padEnd(48)} real ${real.toFixed(2)} ms, unknown ${unknown.toFixed(2)} ms, difference ${(unknown - real).toFixed(2)} ms`,
      );
    }
    await stop(running.child);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Bytes of the pool's files on disk (the state and its journal). */
function bytesOnDisk(dir: string): number {
  return readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
}
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

if (SECTIONS.has('state')) {
  // A pool kept on disk, as `npm start` runs it: password sign-ins (one exponentiation and two
  // RSA signatures each, so the figure shows the cost of keeping the state) at 4 at a time, fresh
  // and again after FILL sign-ins, each of which left a grant (a refresh token) in the state.
  const dir = mkdtempSync(join(tmpdir(), 'bench-pool-'));
  const storage = ['--state', join(dir, 'state.json')];
  const port = await freePort();
  let running = await start(port, storage);
  const pool = await poolOf(running.url);
  const user = await createUsers(running.url, pool.userPoolId);
  let signIns = 0;
  const signIn = async (i: number) => {
    await passwordSignIn(pool, user(i), BENCH_PASSWORD);
    signIns += 1;
  };
  // Warm up as long as we measure: a 1 s warm-up left the JIT cold, and the fresh figure came out at a
  // quarter of the rate the same pool kept up while it filled.
  await throughput(4, SECONDS, signIn);
  const fresh = await throughput(4, SECONDS, signIn);
  console.log(`\nA pool kept on disk (--state), password sign-ins (USER_PASSWORD_AUTH over HTTP), 4 at a time, ${SECONDS} s:`);
  console.log(`  fresh pool (${mb(bytesOnDisk(dir))} on disk): ${fresh.toFixed(1)}/s`);
  if (FILL > 0) {
    const begun = performance.now();
    let reported = signIns;
    const step = Math.max(1, Math.round(FILL / 5));
    while (signIns < FILL) {
      const before = signIns;
      const stepBegun = performance.now();
      const target = Math.min(FILL, before + step);
      let next = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (signIns < target) await signIn(next++);
        }),
      );
      const rate = (signIns - before) / ((performance.now() - stepBegun) / 1000);
      console.log(`  ${String(signIns).padStart(7)} sign-ins, ${mb(bytesOnDisk(dir))} on disk: ${rate.toFixed(1)}/s at 8 at a time`);
      reported = signIns;
    }
    const after = await throughput(4, SECONDS, signIn);
    console.log(
      `  after ${reported.toLocaleString('en')} sign-ins (${mb(bytesOnDisk(dir))} on disk, filled in ${Math.round((performance.now() - begun) / 1000)} s): ` +
        `${after.toFixed(1)}/s, ${Math.round((after / fresh) * 100)} % of the fresh pool's rate`,
    );
    await stop(running.child);
    running = await start(port, storage);
    console.log(`  restart with that state: ${Math.round(running.wallMs)} ms from spawn to the first answer`);
  }
  await stop(running.child);
  rmSync(dir, { recursive: true, force: true });
}
