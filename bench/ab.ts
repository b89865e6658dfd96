/**
 * The project against itself at another commit: is a change faster? (issue 30). The working tree and `--base` (a
 * commit, built from a temporary git worktree that borrows this tree's node_modules) are built as bench:compare builds
 * the project (projectBuildEnv: the test pool's first factors), served side by side against one test pool, and
 * visited in alternation, the order turned each pair (ABBA), with the press-at-once password sign-in: a cold load of
 * the sign-in page, the e-mail and password filled on the prerendered card and "Sign in" clicked as soon as they take
 * input. For each build it prints the median of each moment of the visit (from navigation) and of each stretch between
 * them, and the difference (the first less the second).
 *
 *   npm run bench:ab -- --base <commit> [--pairs 30 --profile loopback|mobile]
 *   npm run bench:ab -- --builds <dir>,<dir> [--pairs 30 --profile loopback|mobile]
 *
 * With `--builds`, two builds made already take the place of the two it would make: a build of some commit, or a
 * copy of one changed by hand (its index.html, say) to try an idea before writing it. Build each as bench:compare
 * builds the project, with the pool's first factors and no passkey offer:
 * `VITE_FIRST_FACTORS=PASSWORD,EMAIL_OTP,WEB_AUTHN VITE_OFFER_PASSKEY=false npx vite build --outDir <dir>`.
 *
 * Within one run the two builds meet the same machine; across runs the times move with its load (the stretches move
 * less than the moments). bench:compare says how the project stands against Amplify; this, what one change did.
 * Small differences want many pairs: on the 2-core machine two runs of the same build differ by up to 10 ms in the
 * signed-in median at 40 pairs. It prints figures; nothing asserts a time.
 * Ports: BENCH_AB_PORT (4481, the working tree; the base on the next), BENCH_EMULATOR_PORT (9481).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { createTestPool } from '../e2e/testPool.ts';
import {
  awaitMark,
  cognitoRequests,
  describePool,
  lastMark,
  openPage,
  pressAtOnce,
  type ProfileName,
  PROFILE_WORDS,
  projectApp,
  projectBuildEnv,
  read,
  type VisitSetup,
} from './compareApps.ts';
import { BENCH_PASSWORD, buildApp, launchChromium, median, ROOT, startTestPool, startVite, stop, waitFor } from './servers.ts';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    builds: { type: 'string' },
    pairs: { type: 'string', default: '30' },
    profile: { type: 'string', default: 'loopback' },
  },
});
const BUILDS = values.builds?.split(',').filter(Boolean);
if (BUILDS && (BUILDS.length !== 2 || values.base))
  throw new Error('--builds takes two build folders, comma-separated, e.g. --builds /tmp/a,/tmp/b (and no --base).');
for (const dir of BUILDS ?? [])
  if (!existsSync(join(dir, 'index.html'))) throw new Error(`--builds: ${dir} holds no build (no index.html).`);
if (!values.base && !BUILDS)
  throw new Error('--base takes the commit to compare the working tree with, e.g. --base HEAD~1; or --builds two build folders.');
const PAIRS = Number(values.pairs);
if (!Number.isInteger(PAIRS) || PAIRS < 1) throw new Error(`--pairs takes a whole number, got "${values.pairs}".`);
if (values.profile !== 'loopback' && values.profile !== 'mobile')
  throw new Error(`--profile takes loopback or mobile, got "${values.profile}".`);
const PROFILE: ProfileName = values.profile;

const PORT = Number(process.env.BENCH_AB_PORT ?? 4481);
const EMULATOR_PORT = Number(process.env.BENCH_EMULATOR_PORT ?? 9481);
const EMULATOR_URL = `http://127.0.0.1:${EMULATOR_PORT}`;

/** The moments of a visit, in the order they come, as the page records them. */
const MOMENTS = ['paint', 'press', 'first request', 'first answer', 'proof sent', 'last answer', 'signed in', 'page itself'] as const;
type Moment = (typeof MOMENTS)[number];
type Visit = Record<Moment, number>;

/** The stretches between consecutive moments, each named by where it ends. */
const STRETCHES = MOMENTS.slice(1).map((to, index) => ({ from: MOMENTS[index]!, to }));

/**
 * Builds the working tree and `base` into a temporary folder, with `env` (what bench:compare builds the project with);
 * returns the two builds' folders and a cleanup.
 */
async function buildBoth(base: string, env: Record<string, string>): Promise<{ dirs: [string, string]; cleanup: () => void }> {
  const scratch = mkdtempSync(join(tmpdir(), 'bench-ab-'));
  const worktree = join(scratch, 'base');
  const dirs: [string, string] = [join(scratch, 'this'), join(scratch, 'base-build')];
  const cleanup = () => {
    if (existsSync(worktree)) execFileSync('git', ['worktree', 'remove', '--force', worktree], { cwd: ROOT, stdio: 'ignore' });
    rmSync(scratch, { recursive: true, force: true });
  };
  try {
    execFileSync('git', ['worktree', 'add', '--detach', worktree, base], { cwd: ROOT, stdio: 'ignore' });
    symlinkSync(join(ROOT, 'node_modules'), join(worktree, 'node_modules'), 'dir');
    // One after the other: two builds at once on two cores only slow each other.
    await buildApp(env, { outDir: dirs[0] });
    await buildApp(env, { tree: worktree, outDir: dirs[1] });
    return { dirs, cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}

/** One press-at-once password sign-in on `origin`, its moments from navigation. */
async function visit(setup: VisitSetup, origin: string, outDir: string, email: string): Promise<Visit> {
  const app = projectApp(origin, outDir);
  const { context, page } = await openPage(setup);
  try {
    await pressAtOnce(app, page, email, BENCH_PASSWORD);
    await awaitMark(page, 'bench:page');
    const record = await read(page);
    const [initiate, proof] = cognitoRequests(record, setup.endpoint);
    return {
      paint: record.paint ?? NaN,
      // The automation's own click: the first (where the app draws before the sign-in ends, its hand-over clicks again).
      press: record.marks.find((mark) => mark.name === 'bench:press')?.at ?? NaN,
      'first request': initiate?.start ?? NaN,
      'first answer': initiate?.end ?? NaN,
      'proof sent': proof?.start ?? NaN,
      'last answer': proof?.end ?? NaN,
      'signed in': lastMark(record, 'bench:signed-in'),
      'page itself': lastMark(record, 'bench:page'),
    };
  } finally {
    await context.close();
  }
}

function report(names: [string, string], visits: [Visit[], Visit[]]): void {
  // Each column as wide as its heading (a folder's path can be long), and at least 9.
  const width = Math.max(9, ...names.map((name) => name.length + 1));
  const cell = (value: number) => `${Math.round(value)} ms`.padStart(width);
  const signed = (value: number) => `${value > 0 ? '+' : ''}${Math.round(value)} ms`.padStart(9);
  const row = (words: string, of: (visit: Visit) => number) => {
    const [mine, theirs] = visits.map((list) => median(list.map(of).filter(Number.isFinite)));
    console.log(`${words.padEnd(34)}${cell(mine!)}${cell(theirs!)}${signed(mine! - theirs!)}`);
  };
  console.log(`\n${''.padEnd(34)}${names[0].padStart(width)}${names[1].padStart(width)}${'change'.padStart(9)}`);
  console.log('from navigation, medians');
  for (const moment of MOMENTS) row(moment, (one) => one[moment]);
  console.log("stretches, medians of each visit's own");
  for (const { from, to } of STRETCHES) row(`${from} -> ${to}`, (one) => one[to] - one[from]);
}

const shortCommit = (commit: string) => execFileSync('git', ['rev-parse', '--short', commit], { cwd: ROOT, encoding: 'utf8' }).trim();

/** Two build folders by their last names, or by their paths where those are the same (two dist/ folders, say). */
function buildNames([first, second]: string[]): [string, string] {
  return basename(first!) === basename(second!) ? [first!, second!] : [basename(first!), basename(second!)];
}

async function main(): Promise<void> {
  const names: [string, string] = BUILDS ? buildNames(BUILDS) : ['this', shortCommit(values.base!)];
  const servers = [startTestPool(EMULATOR_PORT)];
  let cleanup = () => {};
  const browser = await launchChromium();
  try {
    await waitFor(`${EMULATOR_URL}/_emulator/config`);
    const pool = await describePool(EMULATOR_URL);
    let dirs: [string, string];
    if (BUILDS) dirs = [BUILDS[0]!, BUILDS[1]!];
    else {
      const built = await buildBoth(values.base!, projectBuildEnv(pool));
      dirs = built.dirs;
      cleanup = built.cleanup;
    }
    servers.push(...dirs.map((dir, index) => startVite('preview', PORT + index, EMULATOR_URL, dir)));
    const origins = dirs.map((_, index) => `http://localhost:${PORT + index}`);
    await Promise.all(origins.map((origin) => waitFor(`${origin}/dashboard`)));
    const setup: VisitSetup = { browser, profile: PROFILE, endpoint: pool.endpoint, emulatorUrl: EMULATOR_URL };
    const users = createTestPool({ kind: 'emulator', url: EMULATOR_URL });
    const email = users.newEmail('bench-ab');
    await users.createUser(email, BENCH_PASSWORD);
    const against = BUILDS ? `${dirs[0]} against ${dirs[1]}` : `The working tree against ${names[1]}`;
    console.log(`${against}: the press-at-once password sign-in, ${PROFILE_WORDS[PROFILE]}, ${PAIRS} pairs`);
    // One round not counted: the preview servers and the pool compile their code on first use.
    for (const [index, dir] of dirs.entries()) await visit(setup, origins[index]!, dir, email);
    const visits: [Visit[], Visit[]] = [[], []];
    for (let pair = 0; pair < PAIRS; pair++) {
      const order = pair % 2 === 0 ? [0, 1] : [1, 0];
      for (const index of order) visits[index as 0 | 1].push(await visit(setup, origins[index]!, dirs[index]!, email));
    }
    report(names, visits);
  } finally {
    await browser.close();
    await Promise.all(servers.map(stop));
    cleanup();
  }
}

await main();
