/**
 * Token refresh while the app is open: the session keeper refreshes ahead of
 * expiry; two tabs share one refresh; an outage during a refresh keeps the
 * session, and the refresh happens once the network is back. Time is moved
 * with Playwright's clock, so nothing waits an hour.
 */
import type { BrowserContext } from '@playwright/test';
import { expect, test, type LoggedRequest } from './fixtures.ts';
import { signIn } from './flows.ts';

const PASSWORD = 'Kept-fr3sh-session!';
const MINUTE = 60_000;

/** Refreshes the pages asked for, told apart by their AuthFlow. */
const refreshes = (requests: LoggedRequest[]) =>
  requests.filter((r) => r.operation === 'InitiateAuth' && r.body.includes('"REFRESH_TOKEN_AUTH"')).length;

const accessToken = (context: BrowserContext) =>
  context.pages()[0]!.evaluate(() => {
    const storage = (globalThis as unknown as { localStorage: { length: number; key(i: number): string | null; getItem(k: string): string | null } })
      .localStorage;
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i)!;
      if (key.endsWith('.accessToken')) return storage.getItem(key);
    }
    return null;
  });

test('two tabs share one refresh ahead of expiry, and both carry on', async ({ context, page, pool, requests }) => {
  const email = pool.newEmail('refresh');
  await pool.createUser(email, PASSWORD);
  const other = await context.newPage();
  for (const tab of [page, other]) await tab.clock.install();
  await page.goto('/dashboard');
  await other.goto('/dashboard');
  await signIn(page, email, PASSWORD);
  await expect(other.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const before = await accessToken(context);
  expect(refreshes(requests)).toBe(0);

  // 59 minutes on: both tabs' keepers come due together; the lock lets one refresh, the other reads its tokens.
  await Promise.all([page.clock.fastForward(59 * MINUTE + 30_000), other.clock.fastForward(59 * MINUTE + 30_000)]);
  await expect.poll(() => refreshes(requests)).toBe(1);
  await page.waitForTimeout(1_000);
  expect(refreshes(requests)).toBe(1);
  expect(await accessToken(context)).not.toBe(before);
  for (const tab of [page, other]) await expect(tab.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('an outage during a refresh keeps the session, and the refresh happens when the network is back', async ({ context, page, pool, requests }) => {
  const email = pool.newEmail('outage');
  await pool.createUser(email, PASSWORD);
  await page.clock.install();
  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const before = await accessToken(context);

  await context.setOffline(true);
  await page.clock.fastForward(59 * MINUTE + 30_000);
  // The planned refresh failed offline: still signed in, same tokens.
  await page.waitForTimeout(500);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  expect(await accessToken(context)).toBe(before);

  await context.setOffline(false);
  // The keeper tries again 30 s after an offline failure.
  await page.clock.fastForward(31_000);
  await expect.poll(() => accessToken(context)).not.toBe(before);
  expect(refreshes(requests)).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});
