import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { appEnvironment, realPool } from './e2e/realPool.ts';

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
const PRODUCTION_SPECS = /production-[^/]*\.spec\.ts$/;

/**
 * Whether this run includes the production project: building takes a while, so a run that names only other
 * projects or only other spec files does not build. (The web servers are shared by all projects.)
 */
function runsProduction(argv: string[]): boolean {
  const projects = argv.flatMap((arg, i) => (arg.startsWith('--project=') ? [arg.slice(10)] : arg === '--project' ? [argv[i + 1] ?? ''] : []));
  if (projects.length > 0 && !projects.includes('production')) return false;
  const files = argv.slice(2).filter((arg, i, rest) => !arg.startsWith('-') && rest[i - 1] !== '--project' && /\.spec\.ts|e2e\//.test(arg));
  return files.length === 0 || files.some((file) => PRODUCTION_SPECS.test(file) || !file.endsWith('.ts'));
}

// The local Cognito test pool, in memory so every run starts from the seeded pool.
const testPoolServer = {
  command: `node_modules/.bin/tsx emulator/main.ts --port ${emulatorPort} --memory --quiet`,
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
  args: executablePath ? ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'] : [],
};

// The production build and its preview server (headers, /config.json from the test pool, service worker).
const productionServer = {
  command: `node_modules/.bin/vite build --outDir ${PRODUCTION_DIR} --emptyOutDir --logLevel warn && node_modules/.bin/vite preview --outDir ${PRODUCTION_DIR}`,
  url: `http://localhost:${previewPort}/index.html`,
  env: { APP_PORT: String(previewPort), ...(realPool ? appEnvironment(realPool) : { EMULATOR_URL: emulatorUrl }) },
  reuseExistingServer: false,
  timeout: 180_000,
};

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${appPort}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: PRODUCTION_SPECS,
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
    {
      name: 'production',
      testMatch: PRODUCTION_SPECS,
      use: { ...devices['Desktop Chrome'], launchOptions, baseURL: `http://localhost:${previewPort}` },
    },
  ],
  // QA mode (QA_COGNITO_* set, see the README): a real Cognito pool instead of the local one.
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
