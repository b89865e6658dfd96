import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { appEnvironment, realPool } from './e2e/realPool.ts';

// The suite starts its own test pool and app on ports apart from `npm start`'s,
// so it can run while a developer has the app open.
const emulatorPort = Number(process.env.E2E_EMULATOR_PORT ?? 9329);
const appPort = Number(process.env.E2E_APP_PORT ?? 5273);
const emulatorUrl = `http://127.0.0.1:${emulatorPort}`;

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
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath,
          args: executablePath
            ? ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync']
            : [],
        },
      },
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
  ],
});
