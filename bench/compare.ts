/**
 * The project against a plain AWS Amplify `<Authenticator>` app (issue 30):
 * both production builds served side by side against one test pool, and cold
 * loads of each (a new browser context: no cache, no service worker) taken in
 * alternation, in two profiles.
 *
 *   npm run bench:compare [-- --pairs 7 --profile loopback|mobile|both --no-build]
 *
 * Both apps are built for what the pool allows (its sign-in policy: password,
 * e-mailed code, passkey): the project with VITE_FIRST_FACTORS (and no passkey
 * offer after a password sign-in, as Amplify makes none by default), the Amplify
 * app (bench/amplify/) with the same factors in its configuration. For each
 * path, the median of the pairs for each app, the project/Amplify ratio, the
 * Cognito calls of the path, and the JS each app had fetched before the path's
 * first Cognito request (gzip -9 bytes of the build's files, and the same files
 * uncompressed: what the browser parsed and ran). It prints figures; nothing
 * asserts a time. Each pair also visits the project's prerendered card with none
 * of the app's code (writeCardAlone) and presses "Sign in" on it at once: the
 * earliest the automation's own fills and click can reach any press on a page
 * that paints when the project's does, the floor under the press-at-once row.
 * Ports: BENCH_APP_PORT (4471, the project), BENCH_AMPLIFY_PORT (4472),
 * BENCH_CARD_PORT (4473, the card alone), BENCH_EMULATOR_PORT (9471).
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createTestPool } from '../e2e/testPool.ts';
import { kb } from '../scripts/vite/budget.ts';
import { AMPLIFY_OUT_DIR } from './amplify/vite.config.ts';
import {
  type AppName,
  type AppUnderTest,
  amplifyApp,
  cardAloneVisit,
  codeVisit,
  describePool,
  passkeyVisit,
  passwordVisit,
  type PathFigure,
  type PathName,
  PROFILE_WORDS,
  type ProfileName,
  projectApp,
  projectBuildEnv,
  type VisitFigures,
  type VisitSetup,
  writeCardAlone,
} from './compareApps.ts';
import { registerPasskey } from './passkey.ts';
import {
  BENCH_PASSWORD,
  buildAmplifyApp,
  buildApp,
  launchChromium,
  median,
  ms,
  ROOT,
  startAmplifyPreview,
  startTestPool,
  startVite,
  stop,
  waitFor,
} from './servers.ts';

const { values } = parseArgs({
  options: {
    pairs: { type: 'string', default: '7' },
    profile: { type: 'string', default: 'both' },
    'no-build': { type: 'boolean', default: false },
  },
});
const PAIRS = Math.max(1, Number(values.pairs));
if (!Number.isInteger(PAIRS)) throw new Error(`--pairs takes a whole number, got "${values.pairs}".`);
const PROFILES: Record<string, ProfileName[]> = { loopback: ['loopback'], mobile: ['mobile'], both: ['loopback', 'mobile'] };
function profilesOf(given: string): ProfileName[] {
  const chosen = PROFILES[given];
  if (!chosen) throw new Error(`--profile takes loopback, mobile or both, got "${given}".`);
  return chosen;
}
const profiles = profilesOf(values.profile);

const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 4471);
const AMPLIFY_PORT = Number(process.env.BENCH_AMPLIFY_PORT ?? 4472);
const CARD_PORT = Number(process.env.BENCH_CARD_PORT ?? 4473);
const CARD_ALONE_DIR = join(ROOT, 'node_modules/.bench/card-alone');
const EMULATOR_PORT = Number(process.env.BENCH_EMULATOR_PORT ?? 9471);
const EMULATOR_URL = `http://127.0.0.1:${EMULATOR_PORT}`;

/** The paths of issue 30's table; `answered`: also printed to the sign-in's last Cognito answer. */
const PATHS: { path: PathName; words: string; answered?: true }[] = [
  { path: 'paint', words: 'first contentful paint' },
  { path: 'firstRequest', words: 'press at once -> first Cognito request' },
  { path: 'passwordSignIn', words: 'navigation -> signed in (password)', answered: true },
  { path: 'codeScreen', words: '"E-mail me a code" -> code screen' },
  { path: 'codeSignIn', words: 'code submitted -> signed in', answered: true },
  { path: 'passkeySignIn', words: 'passkey pressed -> signed in', answered: true },
];

type Figures = Record<AppName, VisitFigures[]>;

/** The card alone's press against Amplify's first request: how low the press-at-once row can go, whatever the app does. */
function printFloor(floors: { press: number; paint: number }[], amplify: VisitFigures[]): void {
  const press = median(floors.map((floor) => floor.press));
  const paint = median(floors.map((floor) => floor.paint));
  const amplifyFirst = median(figuresOf(amplify, 'firstRequest').map((figure) => figure.ms));
  console.log(
    `The prerendered card alone, none of the app's code, "Sign in" pressed at once: paint ${ms(paint)}, the click ${ms(press)}, ${(press / amplifyFirst).toFixed(2)} of Amplify's first request (no page's first request can come before its click; runs (ms): ${floors.map((floor) => Math.round(floor.press)).join(' ')})`,
  );
}

const load = () => loadavg()[0]!.toFixed(2);
const pad = (text: string, width: number) => text.padEnd(width);
const figuresOf = (runs: VisitFigures[], path: PathName) => runs.flatMap((run) => (run[path] ? [run[path]] : []));

function summary(figures: PathFigure[]): { median: number; answered: number; page: number; last: PathFigure | undefined } {
  const medianOf = (numbers: number[]) => (numbers.length > 0 ? median(numbers) : NaN);
  return {
    median: medianOf(figures.map((figure) => figure.ms)),
    answered: medianOf(figures.map((figure) => figure.answeredMs)),
    page: medianOf(figures.map((figure) => figure.pageMs)),
    last: figures.at(-1),
  };
}

function printProfile(profile: ProfileName, figures: Figures, loadBefore: string, loadAfter: string): void {
  console.log(`\n${PROFILE_WORDS[profile]}; ${PAIRS} alternating pairs; load average ${loadBefore} before, ${loadAfter} after\n`);
  const header = ['path', 'project', 'Amplify', 'project/Amplify', 'Cognito calls (p / A)', 'JS gzip (p / A)', 'JS uncompressed (p / A)'];
  const widths = [40, 9, 9, 16, 22, 20, 24];
  console.log(header.map((cell, i) => pad(cell, widths[i]!)).join(' '));
  const notes: string[] = [];
  for (const { path, words, answered } of PATHS) {
    const project = summary(figuresOf(figures.project, path));
    const amplify = summary(figuresOf(figures.amplify, path));
    const calls = path === 'paint' ? '-' : `${project.last?.calls.length ?? '?'} / ${amplify.last?.calls.length ?? '?'}`;
    const row = [
      words,
      ms(project.median),
      ms(amplify.median),
      (project.median / amplify.median).toFixed(2),
      calls,
      `${kb(project.last?.js.gzip ?? 0)} / ${kb(amplify.last?.js.gzip ?? 0)}`,
      `${kb(project.last?.js.raw ?? 0)} / ${kb(amplify.last?.js.raw ?? 0)}`,
    ];
    console.log(row.map((cell, i) => pad(cell, widths[i]!)).join(' '));
    if (answered) {
      const after = (app: typeof project) => app.last?.jsAfterAnswer ?? { gzip: 0, raw: 0 };
      const answeredRow = [
        '  ... to the last Cognito answer',
        ms(project.answered),
        ms(amplify.answered),
        (project.answered / amplify.answered).toFixed(2),
        '',
        `+${kb(after(project).gzip)} / +${kb(after(amplify).gzip)}`,
        `+${kb(after(project).raw)} / +${kb(after(amplify).raw)}`,
      ];
      console.log(answeredRow.map((cell, i) => pad(cell, widths[i]!)).join(' '));
      const pageRow = ['  ... to the page itself', ms(project.page), ms(amplify.page), (project.page / amplify.page).toFixed(2)];
      console.log(pageRow.map((cell, i) => pad(cell, widths[i]!)).join(' '));
    }
    const named = (app: { last: PathFigure | undefined }) => app.last?.calls.join(', ') || 'none';
    notes.push(`  ${words}${path === 'paint' ? ' (no Cognito call)' : `: project ${named(project)}; Amplify ${named(amplify)}`}`);
    const runs = (app: AppName) => figuresOf(figures[app], path).map((figure) => Math.round(figure.ms));
    notes.push(`    runs (ms): project ${runs('project').join(' ')}; Amplify ${runs('amplify').join(' ')}`);
  }
  console.log(
    "\nJS: the build's files each app had fetched before the path's first Cognito request (before the paint, for the paint), gzip -9 and uncompressed, in the last pair; +: fetched after the sign-in's last Cognito answer, before the signed-in page itself. 'Signed in' is the signed-in page's heading: the project shows it first on the shell's frame, drawn the moment the sign-in ends, then on the page itself once that has arrived; Amplify's page is its heading, so its two are one.",
  );
  console.log('Cognito calls of each path in the last pair, and every run:');
  for (const note of notes) console.log(note);
}

async function main(): Promise<void> {
  const emulator = startTestPool(EMULATOR_PORT);
  const servers = [emulator];
  const browser = await launchChromium();
  try {
    await waitFor(`${EMULATOR_URL}/_emulator/config`);
    const pool = await describePool(EMULATOR_URL);
    if (!values['no-build']) {
      // One after the other: the machine is shared, and two builds at once only slow both.
      await buildApp(projectBuildEnv(pool));
      await buildAmplifyApp(pool);
    }
    writeCardAlone(join(ROOT, 'dist'), CARD_ALONE_DIR);
    servers.push(
      startVite('preview', APP_PORT, EMULATOR_URL),
      startAmplifyPreview(AMPLIFY_PORT),
      startVite('preview', CARD_PORT, EMULATOR_URL, CARD_ALONE_DIR),
    );
    const apps: AppUnderTest[] = [
      projectApp(`http://localhost:${APP_PORT}`, join(ROOT, 'dist')),
      amplifyApp(`http://localhost:${AMPLIFY_PORT}`, AMPLIFY_OUT_DIR),
    ];
    const cardAlone = projectApp(`http://localhost:${CARD_PORT}`, CARD_ALONE_DIR);
    await Promise.all([...apps, cardAlone].map((app) => waitFor(app.url)));

    const testPool = createTestPool({ kind: 'emulator', url: EMULATOR_URL });
    const passwordUser = testPool.newEmail('bench-password');
    await testPool.createUser(passwordUser, BENCH_PASSWORD);
    const passkeyUser = testPool.newEmail('bench-passkey');
    await testPool.createUser(passkeyUser, BENCH_PASSWORD);
    const passkey = await registerPasskey(
      { endpoint: pool.endpoint, userPoolId: pool.userPoolId, clientId: pool.userPoolClientId },
      passkeyUser,
      BENCH_PASSWORD,
      new URL(apps[0]!.url).origin,
    );
    /** A new user for each e-mailed code: the pool limits the codes one user is sent in an hour. */
    const codeUser = async () => {
      const email = testPool.newEmail('bench-code');
      await testPool.createUser(email, BENCH_PASSWORD);
      return email;
    };

    console.log(`\nThe project against AWS Amplify's Authenticator, first factors ${pool.firstFactors.join(', ')}`);
    for (const profile of profiles) {
      const setup: VisitSetup = { browser, profile, endpoint: pool.endpoint, emulatorUrl: EMULATOR_URL };
      const visit = async (app: AppUnderTest): Promise<VisitFigures> => ({
        ...(await passwordVisit(app, setup, passwordUser, BENCH_PASSWORD)),
        ...(await codeVisit(app, setup, await codeUser())),
        ...(await passkeyVisit(app, setup, passkeyUser, passkey)),
      });
      // One round not counted: the preview servers and the pool compile their code on first use.
      for (const app of apps) await visit(app);
      await cardAloneVisit(cardAlone, setup, passwordUser, BENCH_PASSWORD);
      const loadBefore = load();
      const figures: Figures = { project: [], amplify: [] };
      const floors: { press: number; paint: number }[] = [];
      for (let pair = 0; pair < PAIRS; pair++) {
        const order = pair % 2 === 0 ? apps : [...apps].reverse();
        for (const app of order) figures[app.name].push(await visit(app));
        floors.push(await cardAloneVisit(cardAlone, setup, passwordUser, BENCH_PASSWORD));
        process.stdout.write(`  ${profile}: pair ${pair + 1} of ${PAIRS} (load ${load()})\n`);
      }
      printProfile(profile, figures, loadBefore, load());
      printFloor(floors, figures.amplify);
    }
  } finally {
    await browser.close();
    await Promise.all(servers.map(stop));
  }
}

await main();
