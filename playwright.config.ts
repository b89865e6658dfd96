import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { checkQaPool } from './e2e/qa/preflight.ts';
import { QaSetupError, appConfig, appEnvironment, realPool, stopRun } from './e2e/realPool.ts';

// The SDK warns, over ten lines, that its releases after January 2027 need Node 22; the lock file pins one that
// runs on 20 (as vitest.config.ts says). Not in every run's output, nor before QA mode's one line (workers inherit this).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

// QA mode (e2e/realPool.ts, README "QA against a real Cognito pool"): wrong variables have already stopped the
// run, as that module was read. Credentials the pool refuses stop it here, before any server or test starts.
// Only the runner asks: the workers read this file again, and need not.
if (realPool && process.env.TEST_WORKER_INDEX === undefined) {
  await checkQaPool(realPool).catch((error: unknown) => {
    if (error instanceof QaSetupError) stopRun(error);
    throw error;
  });
}

// The suite starts its own test pool and app on ports apart from `npm start`'s,
// so it can run while a developer has the app open.
const emulatorPort = Number(process.env.E2E_EMULATOR_PORT ?? 9329);
const appPort = Number(process.env.E2E_APP_PORT ?? 5273);
const emulatorUrl = `http://127.0.0.1:${emulatorPort}`;
// The production build (e2e/production-*.spec.ts) is served by `vite preview` on a port of its own, from a
// directory of its own, against the same test pool.
const previewPort = Number(process.env.E2E_PREVIEW_PORT ?? 4273);
/** where the suite's production build goes (the production specs deploy a new version there) */
const PRODUCTION_DIR = `node_modules/.e2e-dist/${previewPort}`;

/**
 * Specs that need the dev server: the sign-in widget's dev-only harness page
 * (providers, sign-up attributes, the QR code failing), and private test pools
 * on ports of their own, which the production build's Content-Security-Policy
 * rightly refuses to connect to. Every other spec runs on the production
 * build, as customers get the app: on the dev server each page load fetches
 * some two hundred modules, which made the suite a quarter slower.
 */
const DEV_SPECS = [
  'auth-language.spec.ts',
  'auth-layout.spec.ts',
  'auth-mfa.spec.ts',
  'account-security.spec.ts',
  'auth-sign-up.spec.ts',
  'reliability-hostile-mfa.spec.ts',
  'reliability-pool-clock.spec.ts',
  // The designers' studio, which only the dev server serves.
  'studio-scenarios.spec.ts',
];
const isDevSpec = (file: string) => DEV_SPECS.some((spec) => file.endsWith(spec));

/**
 * Whether this run includes the production project: building takes a while, so a run that names only the dev
 * project or only dev specs does not build. (The web servers are shared by all projects.)
 */
function runsProduction(argv: string[]): boolean {
  const projects = argv.flatMap((arg, i) =>
    arg.startsWith('--project=') ? [arg.slice(10)] : arg === '--project' ? [argv[i + 1] ?? ''] : [],
  );
  if (projects.length > 0 && !projects.includes('production')) return false;
  const files = argv.slice(2).filter((arg, i, rest) => !arg.startsWith('-') && rest[i - 1] !== '--project' && /\.spec\.ts|e2e\//.test(arg));
  return files.length === 0 || files.some((file) => !isDevSpec(file));
}

const testPoolServer = {
  // The seeded client accepts the hosted UI's callback on both app servers (federated sign-in).
  command: `node_modules/.bin/tsx emulator/main.ts --port ${emulatorPort} --memory --quiet --app-url http://localhost:${appPort} --app-url http://localhost:${previewPort}`,
  url: `${emulatorUrl}/_emulator/config`,
  reuseExistingServer: false,
  stdout: 'pipe' as const,
  timeout: 30_000,
};

// Playwright cannot download its browser here; Debian's Chromium stands in when installed.
const systemChromium = '/usr/bin/chromium';
const executablePath = existsSync(systemChromium) ? systemChromium : undefined;

const launchOptions = {
  executablePath,
  args: executablePath
    ? ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync']
    : [],
};

// The production build and its preview server (headers, /config.json from the test pool, service worker).
// In QA mode the build is deployed as docs/deploy.md says, with a config.json beside index.html naming the pool
// (without one, a host that answers unknown paths with index.html would hand the app HTML for its configuration).
const deployConfig = realPool
  ? ` && node -e "require('node:fs').writeFileSync(process.argv[1], process.env.QA_APP_CONFIG)" ${PRODUCTION_DIR}/config.json`
  : '';
const productionServer = {
  command: `node_modules/.bin/vite build --outDir ${PRODUCTION_DIR} --emptyOutDir --logLevel warn${deployConfig} && node_modules/.bin/vite preview --outDir ${PRODUCTION_DIR}`,
  url: `http://localhost:${previewPort}/index.html`,
  env: {
    APP_PORT: String(previewPort),
    ...(realPool ? { ...appEnvironment(realPool), QA_APP_CONFIG: JSON.stringify(appConfig(realPool)) } : { EMULATOR_URL: emulatorUrl }),
  },
  reuseExistingServer: false,
  timeout: 180_000,
};

export default defineConfig({
  testDir: 'e2e',
  // e2e/qa/*.test.ts are Vitest's.
  testMatch: '**/*.spec.ts',
  // The studio's pictures are the docs' (e2e/studio-scenarios.spec.ts compares, `npm run screenshots` writes them).
  snapshotPathTemplate: '{testDir}/../docs/screens/{arg}{ext}',
  // QA mode: a ledger of the users the run creates, and their deletion at the end.
  ...(realPool ? { globalSetup: './e2e/qa/globalSetup.ts', globalTeardown: './e2e/qa/globalTeardown.ts' } : {}),
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${appPort}`,
    // A trace records every step's DOM and screenshots: a third of the time of a test that opens twenty pages on the
    // 2-core machine (the menu's UI Components, 41 s with it, 29 s without). CI keeps the screenshot and the page's
    // ARIA snapshot of a failure, which cost nothing until then; `--trace retain-on-failure` records traces there too.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'dev',
      testMatch: DEV_SPECS.map((spec) => `**/${spec}`),
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
    {
      name: 'production',
      testIgnore: DEV_SPECS.map((spec) => `**/${spec}`),
      // The service worker's own tests open contexts that allow it (production-app.spec.ts); elsewhere it would
      // answer requests from its cache, past the routes the tests set.
      use: { ...devices['Desktop Chrome'], launchOptions, baseURL: `http://localhost:${previewPort}`, serviceWorkers: 'block' },
    },
  ],
  webServer: [
    ...(realPool ? [] : [testPoolServer]),
    {
      command: 'node_modules/.bin/vite',
      url: `http://localhost:${appPort}`,
      env: { APP_PORT: String(appPort), ...(realPool ? appEnvironment(realPool) : { EMULATOR_URL: emulatorUrl }) },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    ...(runsProduction(process.argv) ? [productionServer] : []),
  ],
});
