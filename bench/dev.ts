/**
 * The dev server against the production build, side by side (issue 25): what a newcomer under `npm start` waits
 * for once the dev server has served its first page, against the same steps on the build.
 *
 *   npm run bench:dev [-- --runs 5 --no-build]
 *
 * Starts one test pool, the dev server and `vite preview` of a fresh build, loads one page from the dev server
 * (its first page, not counted), then alternates the two apps, each run in a new browser context: the sign-in
 * page, a password sign-in (submit to the dashboard's heading), then a reload signed in (navigation to the
 * heading). Prints the medians, the dev/build ratio for each, and what the dev server's reload requested.
 * Ports: BENCH_DEV_PORT (5491), BENCH_PREVIEW_PORT (4491), BENCH_EMULATOR_PORT (9491).
 */
import type { Browser } from '@playwright/test';
import { parseArgs } from 'node:util';
import { createTestPool } from '../e2e/testPool.ts';
import { BENCH_PASSWORD, buildApp, launchChromium, median, ms, startTestPool, startVite, stop, until, waitFor } from './servers.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, 'no-build': { type: 'boolean', default: false } } });
const RUNS = Math.max(3, Number(values.runs));
const DEV_PORT = Number(process.env.BENCH_DEV_PORT ?? 5491);
const PREVIEW_PORT = Number(process.env.BENCH_PREVIEW_PORT ?? 4491);
const EMULATOR_PORT = Number(process.env.BENCH_EMULATOR_PORT ?? 9491);
const EMULATOR_URL = `http://127.0.0.1:${EMULATOR_PORT}`;

type App = 'dev' | 'build';
const URLS: Record<App, string> = { dev: `http://localhost:${DEV_PORT}`, build: `http://localhost:${PREVIEW_PORT}` };

interface Run {
  signInMs: number;
  reloadMs: number;
  /** requests of the signed-in reload, and how many of them the server answered with a body (not 304, not cached) */
  reloadRequests: number;
  reloadFetched: number;
}

const dashboardShown = `[...document.querySelectorAll('h1,h2,h3')].some((heading) => heading.textContent === 'Dashboard')`;

async function measureOnce(browser: Browser, app: App, email: string): Promise<Run> {
  // The worker would answer the build's reload from its cache: both apps are measured from the network.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto(`${URLS[app]}/dashboard`);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(BENCH_PASSWORD);
    // The live form, not the prerendered card: the press must reach the app.
    await until(page, `document.documentElement.getAttribute('data-sign-in-card') !== 'shown'`);
    const submitted = performance.now();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await until(page, dashboardShown);
    const signInMs = performance.now() - submitted;

    let reloadRequests = 0;
    let reloadFetched = 0;
    page.on('response', (response) => {
      reloadRequests++;
      if (response.status() === 200) reloadFetched++;
    });
    const reloaded = performance.now();
    await page.reload({ waitUntil: 'commit' });
    await until(page, dashboardShown);
    const reloadMs = performance.now() - reloaded;
    return { signInMs, reloadMs, reloadRequests, reloadFetched };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  if (!values['no-build']) await buildApp();
  const emulator = startTestPool(EMULATOR_PORT);
  const dev = startVite('dev', DEV_PORT, EMULATOR_URL);
  const preview = startVite('preview', PREVIEW_PORT, EMULATOR_URL);
  const browser = await launchChromium();
  try {
    await waitFor(`${EMULATOR_URL}/_emulator/config`);
    await Promise.all([waitFor(`${URLS.dev}/`), waitFor(`${URLS.build}/index.html`)]);
    const pool = createTestPool({ kind: 'emulator', url: EMULATOR_URL });
    const email = pool.newEmail('bench');
    await pool.createUser(email, BENCH_PASSWORD);

    // The dev server's first page (and the build's, for fairness) is not counted: the issue is every page after it.
    const firstPage = performance.now();
    await measureOnce(browser, 'dev', email);
    const firstDevMs = performance.now() - firstPage;
    await measureOnce(browser, 'build', email);

    const runs: Record<App, Run[]> = { dev: [], build: [] };
    for (let i = 0; i < RUNS; i++) {
      const order: App[] = i % 2 === 0 ? ['dev', 'build'] : ['build', 'dev'];
      for (const app of order) runs[app].push(await measureOnce(browser, app, email));
    }

    const medianOf = (app: App, key: 'signInMs' | 'reloadMs') => median(runs[app].map((one) => one[key]));
    const ratio = (key: 'signInMs' | 'reloadMs') => (medianOf('dev', key) / medianOf('build', key)).toFixed(2);
    const [load1] = (await import('node:os')).loadavg();
    console.log(`\nDev server against the production build, ${RUNS} alternating runs each (load average ${load1!.toFixed(2)})\n`);
    console.log(`First dev page (sign-in and reload, not counted): ${ms(firstDevMs)}`);
    console.log(
      `Sign-in, submit to dashboard:  dev ${ms(medianOf('dev', 'signInMs'))}, build ${ms(medianOf('build', 'signInMs'))}, dev/build ${ratio('signInMs')}`,
    );
    console.log(
      `Signed-in reload to dashboard: dev ${ms(medianOf('dev', 'reloadMs'))}, build ${ms(medianOf('build', 'reloadMs'))}, dev/build ${ratio('reloadMs')}`,
    );
    const last = (app: App) => runs[app].at(-1)!;
    console.log(
      `Requests of the signed-in reload: dev ${last('dev').reloadRequests} (${last('dev').reloadFetched} with a body), build ${last('build').reloadRequests} (${last('build').reloadFetched} with a body)`,
    );
    for (const app of ['dev', 'build'] as const) {
      console.log(`  ${app} runs (sign-in / reload): ${runs[app].map((one) => `${ms(one.signInMs)} / ${ms(one.reloadMs)}`).join(', ')}`);
    }
  } finally {
    await browser.close();
    await Promise.all([stop(preview), stop(dev), stop(emulator)]);
  }
}

await main();
