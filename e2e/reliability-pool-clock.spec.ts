/**
 * Time passing on the pool's own clock (the emulator's, moved through its
 * test control) and in the browser (Playwright's clock) together: an hour
 * on, the access token is refreshed and the customer carries on; a month
 * on, the refresh token has expired too, and the customer is back on the
 * sign-in screen with the pool's message. The clock is pool-wide, so the
 * spec has a pool of its own.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { refreshRequests, storedAccessToken } from './flows.ts';
import { afterEachOnPrivatePool, control, privatePoolForThisFile } from './auth-support/privatePool.ts';
import { expectDashboard, submitSignIn } from './auth-support/screens.ts';
import { needsPrivatePool } from './needs.ts';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const privatePool = privatePoolForThisFile();
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const PASSWORD = 'Time-fl1es-here!';

/** Moves the pool's clock and the page's by the same amount: time passes for both sides. */
async function timePasses(page: Page, ms: number) {
  await control(privatePool(), 'clock', { advanceMs: ms });
  await page.clock.fastForward(ms);
}

// Put the pool's clock back for the next test.
afterEachOnPrivatePool(privatePool, (pool) => control(pool, 'clock', { offsetMs: 0 }).then(() => undefined));
const MOVES_THE_CLOCK = "moves the pool's clock, which is pool-wide";

test("an hour on the pool's clock: the access token is refreshed and the customer carries on", async ({ page, requests, secrets }) => {
  needsPrivatePool(MOVES_THE_CLOCK);
  secrets.add(PASSWORD);
  const email = privatePool().pool.newEmail('hour');
  await privatePool().pool.createUser(email, PASSWORD);
  await page.clock.install();
  await page.goto('/dashboard');
  await submitSignIn(page, email, PASSWORD);
  await expectDashboard(page);
  const before = await storedAccessToken(page);

  await timePasses(page, 60 * MINUTE);
  await expect.poll(() => refreshRequests(requests).length).toBe(1);
  await expect.poll(() => storedAccessToken(page)).not.toBe(before);
  await expectDashboard(page);
});

test("a month on: the refresh token has expired, and the customer is asked to sign in with the pool's message", async ({
  page,
  requests,
  secrets,
}) => {
  needsPrivatePool(MOVES_THE_CLOCK);
  secrets.add(PASSWORD);
  const email = privatePool().pool.newEmail('month');
  await privatePool().pool.createUser(email, PASSWORD);
  await page.clock.install();
  await page.goto('/dashboard');
  await submitSignIn(page, email, PASSWORD);
  await expectDashboard(page);

  // The refresh token lasts 30 days: 31 days on, the keeper's refresh is refused.
  await timePasses(page, 31 * DAY);
  await expect(page.getByRole('alert')).toHaveText('Refresh Token has expired');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(refreshRequests(requests).length).toBe(1);
  expect(await storedAccessToken(page)).toBeNull();

  // Signing in again works on the same (moved) clock.
  await submitSignIn(page, email, PASSWORD);
  await expectDashboard(page);
});
