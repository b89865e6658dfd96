/**
 * A browser whose clock is hours off the pool's: the client measures the
 * drift at sign-in and judges every expiry on the pool's time, so sign-in,
 * reloads and refreshes behave as if the clocks agreed.
 */
import { cognitoCalls, expect, test } from './fixtures.ts';
import { signIn } from './flows.ts';

const PASSWORD = 'Cl0ck-skewed!';
const HOUR = 3_600_000;

for (const [label, skew] of [
  ['three hours ahead of', 3 * HOUR],
  ['three hours behind', -3 * HOUR],
] as const) {
  test(`with the browser ${label} the pool, sign-in holds and refreshes only when the tokens really expire`, async ({
    page,
    pool,
    requests,
  }) => {
    const email = pool.newEmail('clock');
    await pool.createUser(email, PASSWORD);
    await page.clock.install({ time: Date.now() + skew });
    await signIn(page, email, PASSWORD);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

    // A reload with fresh tokens makes no refresh, though the browser's clock is far off.
    const refreshes = () => cognitoCalls(requests).filter((op) => op === 'InitiateAuth').length;
    const afterSignIn = refreshes();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(refreshes()).toBe(afterSignIn);

    // An hour and more later (the tokens last an hour on the pool's clock), a reload refreshes them once.
    await page.clock.setSystemTime(Date.now() + skew + HOUR + 5 * 60_000);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect.poll(refreshes).toBe(afterSignIn + 1);
  });
}
