/**
 * The local Cognito test pool's figures: how long it takes to start, and how
 * many SRP sign-ins per second it serves over HTTP.
 *
 *   npm run bench:emulator [-- --seconds 5 --starts 5]
 *
 * The pool runs as a child process (`emulator/main.ts --memory`), as the test
 * suites run it. Sign-ins are driven by bench/srpClient.ts, a lean Node client
 * whose exponentiations go through OpenSSL, so the figure is the pool's; a
 * shorter run with cognito-srp-helper (pure JavaScript big integers) shows what
 * a slow client gets. Client and pool share the machine's cores.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { type AddressInfo, createServer } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createSrpSession, signSrpSession, wrapAuthChallenge, wrapInitiateAuth } from 'cognito-srp-helper';
import { type Pool, srpSignIn } from './srpClient.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    starts: { type: 'string', default: '5' },
    users: { type: 'string', default: '50' },
  },
});
const SECONDS = Number(values.seconds);
const STARTS = Number(values.starts);
const USERS = Number(values.users);
const PASSWORD = 'Bench-passw0rd!';

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

async function start(port: number): Promise<Started> {
  const begun = performance.now();
  const child = spawn(process.execPath, ['--import', LOADER, MAIN, '--port', String(port), '--memory', '--quiet'], {
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
  const session = createSrpSession(username, PASSWORD, pool.userPoolId, false);
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

console.log(`Test pool benchmark — ${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(2)} at start\n`);

const starts: Started[] = [];
for (let i = 0; i < STARTS; i++) {
  const started = await start(await freePort());
  starts.push(started);
  if (i < STARTS - 1) await stop(started.child);
}
const running = starts.at(-1)!;
console.log(
  `Start time (${STARTS} starts, median): ${Math.round(median(starts.map((s) => s.wallMs)))} ms from spawn to the first answer, ` +
    `${Math.round(median(starts.map((s) => s.readyMs)))} ms of it the pool's own start (after loading its modules)`,
);

const config = (await (await fetch(`${running.url}/_emulator/config`)).json()) as { userPoolId: string; userPoolClientId: string };
const pool: Pool = { endpoint: running.url, userPoolId: config.userPoolId, clientId: config.userPoolClientId };
const users = Array.from({ length: USERS }, (_, i) => `bench.${i}@example.com`);
for (const Username of users) {
  await admin(running.url, 'AdminCreateUser', { UserPoolId: pool.userPoolId, Username, MessageAction: 'SUPPRESS' });
  await admin(running.url, 'AdminSetUserPassword', { UserPoolId: pool.userPoolId, Username, Password: PASSWORD, Permanent: true });
}
const user = (index: number) => users[index % users.length]!;

await throughput(4, 1, (i) => srpSignIn(pool, user(i), PASSWORD));
console.log(`\nSRP sign-ins per second (InitiateAuth + RespondToAuthChallenge over HTTP, ${SECONDS} s each):`);
for (const concurrency of [1, 4, 16]) {
  const rate = await throughput(concurrency, SECONDS, (i) => srpSignIn(pool, user(i), PASSWORD));
  console.log(`  Node client (OpenSSL maths), ${String(concurrency).padStart(2)} at a time: ${rate.toFixed(1)}/s`);
}
const helperRate = await throughput(4, SECONDS, (i) => helperSignIn(pool, user(i)));
console.log(`  cognito-srp-helper client,      4 at a time: ${helperRate.toFixed(1)}/s (client-bound)`);

await stop(running.child);
