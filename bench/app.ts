/**
 * The production build's figures (issue 8): builds, serves dist/ with `vite
 * preview` against a local test pool it starts, and measures in Chromium.
 *
 *   npm run bench [-- --runs 5 --no-build --files]
 *
 * Printed: the gzip bytes of JS and CSS loaded before the sign-in form is
 * visible and interactive, and for a whole SRP sign-in; the Cognito requests
 * of one sign-in; and the medians of cold loads to a visible form and of
 * submit-to-dashboard; then what the dashboard's home page fetches after the
 * sign-in; with --files, each file of both and its bytes, largest first. Bytes are the build's files as Chromium fetched them,
 * each compressed with gzip -9 (scripts/vite/budget.ts); every load is cold
 * (new browser context: no cache, no service worker). The ports are
 * BENCH_APP_PORT (4461) and BENCH_EMULATOR_PORT (9462).
 */
import type { Page, Request } from '@playwright/test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createTestPool } from '../e2e/testPool.ts';
import { BUDGET, gzipSize, kb, measureBuild, startupScriptBytes } from '../scripts/vite/budget.ts';
import { BENCH_PASSWORD, buildApp, launchChromium, median, ms, ROOT, startTestPool, startVite, stop, until, waitFor } from './servers.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'no-build': { type: 'boolean', default: false },
    files: { type: 'boolean', default: false },
  },
});
const RUNS = Math.max(5, Number(values.runs));
const OUT_DIR = join(ROOT, 'dist');
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 4461);
const EMULATOR_PORT = Number(process.env.BENCH_EMULATOR_PORT ?? 9462);
const APP_URL = `http://localhost:${APP_PORT}`;
const EMULATOR_URL = `http://127.0.0.1:${EMULATOR_PORT}`;

/** The build's own JS and CSS files a page fetched, as paths under dist/. */
const builtFiles = (urls: string[]) => urls.map((url) => new URL(url).pathname.slice(1)).filter((path) => /\.(?:js|css)$/.test(path));

/** Each built file a path fetched, with its gzip bytes, largest first. */
function filesOf(urls: string[]): { file: string; bytes: number }[] {
  const files = [...new Set(builtFiles(urls))].filter((file) => existsSync(join(OUT_DIR, file)));
  return files.map((file) => ({ file, bytes: gzipSize(OUT_DIR, file) })).sort((a, b) => b.bytes - a.bytes);
}

function bytesOf(urls: string[]): { js: number; css: number } {
  const files = [...new Set(builtFiles(urls))].filter((file) => existsSync(join(OUT_DIR, file)));
  const sum = (ext: string) => files.filter((file) => file.endsWith(ext)).reduce((total, file) => total + gzipSize(OUT_DIR, file), 0);
  return { js: sum('.js'), css: sum('.css') };
}

interface Run {
  /** navigation start to the prerendered card's first contentful paint */
  cardPaintMs: number;
  /** navigation start to the live form (the app's first screen) */
  formMs: number;
  submitToDashboardMs: number;
  beforeForm: string[];
  signIn: string[];
  /** after the sign-in, the dashboard's home page */
  dashboard: string[];
  cognito: string[];
}

/** The live form is up: the prerendered card has handed over (src/app/AppRoutes.tsx). */
const liveFormShown = (page: Page) =>
  until(
    page,
    `document.documentElement.getAttribute('data-sign-in-card') !== 'shown' && document.querySelector('#root input[autocomplete="current-password"]') !== null`,
  );

async function measureOnce(email: string): Promise<Run> {
  const browser = await launchChromium();
  try {
    // No service worker: every run is a first visit.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const fetched: string[] = [];
    const cognito: { operation: string; at: number }[] = [];
    // The sign-in is over when the last Cognito answer arrives; what the page asks for after it is the dashboard.
    let signIn: string[] = [];
    page.on('request', (request: Request) => {
      fetched.push(request.url());
      const target = request.headers()['x-amz-target'];
      if (target) cognito.push({ operation: target.split('.')[1]!, at: fetched.length });
    });
    page.on('response', (response) => {
      if (response.request().headers()['x-amz-target']?.endsWith('.RespondToAuthChallenge')) signIn = [...fetched];
    });

    await page.goto(`${APP_URL}/dashboard`);
    await liveFormShown(page);
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      form: performance.getEntriesByName('app:first-screen')[0]?.startTime ?? NaN,
    }));
    // What was asked for before the first screen showed, by the page's own clock: the poll above may see the form
    // late on a busy machine, by when the fetches of the idle moment after it have begun.
    const beforeForm = await page.evaluate(
      (form) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime <= form)
          .map((entry) => entry.name),
      timing.form,
    );

    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(BENCH_PASSWORD);
    const firstCall = cognito.length;
    const submitted = performance.now();
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The home page itself, not the shell's frame that names it while it loads (src/layout/ShellFrame.tsx).
    await page.locator('main:not([aria-busy="true"])').getByRole('heading', { name: 'Dashboard' }).waitFor();
    const submitToDashboardMs = performance.now() - submitted;
    // Then what the dashboard's home page fetches, until the network is quiet.
    await page.waitForLoadState('networkidle');
    const dashboard = fetched.slice(signIn.length);
    await context.close();
    return {
      cardPaintMs: timing.paint,
      formMs: timing.form,
      submitToDashboardMs,
      beforeForm,
      signIn,
      dashboard,
      cognito: cognito.slice(firstCall).map((call) => call.operation),
    };
  } finally {
    await browser.close();
  }
}

function verdict(bytes: number, budget: number): string {
  return bytes <= budget ? `within ${kb(budget)}` : `OVER ${kb(budget)} by ${kb(bytes - budget)}`;
}

async function main(): Promise<void> {
  if (!values['no-build']) await buildApp();
  const emulator = startTestPool(EMULATOR_PORT);
  const preview = startVite('preview', APP_PORT, EMULATOR_URL);
  try {
    await waitFor(`${EMULATOR_URL}/_emulator/config`);
    await waitFor(`${APP_URL}/index.html`);
    const pool = createTestPool({ kind: 'emulator', url: EMULATOR_URL });
    const email = pool.newEmail('bench');
    await pool.createUser(email, BENCH_PASSWORD);

    // One warm-up run (the preview server and the pool compile their code on first use), then the measured ones.
    await measureOnce(email);
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measureOnce(email));

    const last = runs.at(-1)!;
    // The start-up scripts come in index.html, not as files: counted with what the page fetched before the form.
    const startupScripts = startupScriptBytes(OUT_DIR).js;
    const withStartup = ({ js, css }: { js: number; css: number }) => ({ js: js + startupScripts, css });
    const beforeForm = withStartup(bytesOf(last.beforeForm));
    const signIn = withStartup(bytesOf(last.signIn));
    const build = measureBuild(OUT_DIR);

    console.log(`\nProduction build, ${RUNS} cold loads in Chromium (gzip -9 bytes of the files fetched)\n`);
    console.log(
      `Before the prerendered form paints:   JS ${kb(startupScripts)} (the two start-up scripts in index.html, no app code), CSS ${kb(beforeForm.css)} (the entry's stylesheet)`,
    );
    console.log(
      `Before the live form is interactive:  JS ${kb(beforeForm.js)} (${verdict(beforeForm.js, BUDGET.interactiveJs)}), CSS ${kb(beforeForm.css)} (${verdict(beforeForm.css, BUDGET.signInCss)})`,
    );
    console.log(
      `Whole SRP sign-in, SDK included:      JS ${kb(signIn.js)} (${verdict(signIn.js, BUDGET.signInJs)}), CSS ${kb(signIn.css)}`,
    );
    console.log(
      `  (from the manifest, start-up scripts included: entry ${kb(build.interactive.js)} JS (${kb(build.interactive.rawJs)} uncompressed, ${verdict(build.interactive.rawJs, BUDGET.interactiveRawJs)}) / ${kb(build.interactive.css)} CSS; with the SDK ${kb(build.signIn.js)} JS; with the dashboard's frame ${kb(build.dashboard.js)} JS / ${kb(build.dashboard.css)} CSS)`,
    );
    if (values.files) {
      const before = new Set(builtFiles(last.beforeForm));
      for (const { file, bytes } of filesOf(last.signIn)) {
        console.log(`    ${kb(bytes).padStart(9)}  ${file}${before.has(file) ? '' : '  (after the live form)'}`);
      }
    }
    const dashboard = bytesOf(last.dashboard);
    console.log(
      `After the sign-in, the dashboard:     JS ${kb(dashboard.js)}, CSS ${kb(dashboard.css)} (to its home page, the network quiet)`,
    );
    if (values.files) for (const { file, bytes } of filesOf(last.dashboard)) console.log(`    ${kb(bytes).padStart(9)}  ${file}`);
    const sameCalls = runs.every((one) => one.cognito.join() === last.cognito.join());
    console.log(
      `Cognito requests per sign-in:         ${last.cognito.length} (${last.cognito.join(', ')})${sameCalls ? '' : ' — differed between runs!'}`,
    );
    console.log(`Cold load to the prerendered form:    median ${ms(median(runs.map((one) => one.cardPaintMs)))} (first contentful paint)`);
    console.log(`Cold load to the live sign-in form:   median ${ms(median(runs.map((one) => one.formMs)))}`);
    console.log(`Submit to dashboard:                  median ${ms(median(runs.map((one) => one.submitToDashboardMs)))}`);
    console.log(`  runs: ${runs.map((one) => `${ms(one.formMs)} / ${ms(one.submitToDashboardMs)}`).join(', ')}`);
  } finally {
    await Promise.all([stop(preview), stop(emulator)]);
  }
}

await main();
