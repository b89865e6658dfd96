/**
 * The designers' studio exists in development only (scripts/vite/studio.ts):
 * the production build holds none of its code or its scenarios, and its
 * addresses are ordinary pages of the app there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCENARIOS } from '../machines/authenticator/scenarios.ts';
import { expect, test } from './fixtures.ts';

const SERVED_DIR = join('node_modules/.e2e-dist', process.env.E2E_PREVIEW_PORT ?? '4273');

/** Every file of the build, by path. */
function builtFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

test('the production build holds nothing of the studio', () => {
  const texts = builtFiles(SERVED_DIR).map((file) => ({ file, text: readFileSync(file, 'latin1') }));
  const containing = (marker: string) => texts.filter(({ text }) => text.includes(marker)).map(({ file }) => file);
  // The search reads the build: the sign-in card's heading is in it.
  expect(containing('Acceso para clientes')).not.toEqual([]);
  // Words only the studio and its scenarios write: its title, its messages' source, the names of scenario variants.
  const variants = SCENARIOS.map((scenario) => scenario.name).filter((name) => name.includes('-'));
  const markers = ['Authenticator studio', 'authenticator-studio', 'scenarioReady', ...variants];
  expect(markers.flatMap((marker) => containing(marker).map((file) => `${file}: ${marker}`))).toEqual([]);
});

test('/studio and ?scenario= are ordinary addresses of the app in production', async ({ page }) => {
  await page.goto('/studio');
  await expect(page).toHaveURL(/\/notfound$/);
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
  await page.goto('/dashboard?scenario=confirmSignIn-choice');
  // The real sign-in, not the scenario's second-factor choice.
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose your second step' })).toHaveCount(0);
});
