/**
 * Token refresh while the app is open: the session keeper refreshes ahead of
 * expiry; two tabs share one refresh; an outage during a refresh keeps the
 * session, and the refresh happens once the network is back. Time is moved
 * with Playwright's clock, so nothing waits an hour.
 */
import { expect, test, type LoggedRequest } from './fixtures.ts';
import { refreshRequests, routeCognitoCalls, signIn, storedAccessToken } from './flows.ts';

const PASSWORD = 'Kept-fr3sh-session!';
const MINUTE = 60_000;

const refreshes = (requests: LoggedRequest[]) => refreshRequests(requests).length;

test('two tabs share one refresh ahead of expiry, and both carry on', async ({ context, page, pool, requests }) => {
  const email = pool.newEmail('refresh');
  await pool.createUser(email, PASSWORD);
  const other = await context.newPage();
  // One clock for the whole context: `page.clock` is the context's, so moving it once moves every tab.
  await context.clock.install();
  await page.goto('/dashboard');
  await other.goto('/dashboard');
  await signIn(page, email, PASSWORD);
  // A tab in the background gets no animation frames: look at each one in front. The second tab
  // fetches the dashboard's modules only now, which on a busy dev server takes a while.
  await other.bringToFront();
  await expect(other.getByRole('heading', { name: 'Dashboard' })).toBeVisible({ timeout: 30_000 });
  const before = await storedAccessToken(page);
  expect(refreshes(requests)).toBe(0);

  // 59 minutes on: both tabs' keepers come due together; the lock lets one refresh, the other reads its tokens.
  await context.clock.fastForward(59 * MINUTE + 30_000);
  await page.waitForTimeout(1_500);
  // On failure, say which tab asked and when: the one thing worth knowing about a second refresh.
  const asked = requests.filter((r) => r.operation === 'InitiateAuth' && r.body.includes('"REFRESH_TOKEN_AUTH"'));
  const who = asked.map((r) => `tab ${r.tab} at ${r.at} (${r.headers['amz-sdk-request'] ?? 'first attempt'})`).join(', ');
  expect(refreshes(requests), `refreshes asked: ${who}`).toBe(1);
  expect(await storedAccessToken(page)).not.toBe(before);
  for (const tab of [page, other]) {
    await tab.bringToFront();
    await expect(tab.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  }
});

test('an outage during a refresh keeps the session, and the refresh happens when the network is back', async ({
  context,
  page,
  pool,
  requests,
}) => {
  const email = pool.newEmail('outage');
  await pool.createUser(email, PASSWORD);
  await page.clock.install();
  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const before = await storedAccessToken(page);
  // The outage comes an hour into the visit: what the app fetches once the page is up and idle (the AWS SDK, which
  // a refresh sends with, among it) has long arrived.
  await page.waitForLoadState('networkidle');

  await context.setOffline(true);
  await page.clock.fastForward(59 * MINUTE + 30_000);
  // The planned refresh failed offline: still signed in, same tokens.
  await page.waitForTimeout(500);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  expect(await storedAccessToken(page)).toBe(before);

  await context.setOffline(false);
  // The keeper tries again 30 s after an offline failure.
  await page.clock.fastForward(31_000);
  await expect.poll(() => storedAccessToken(page)).not.toBe(before);
  expect(refreshes(requests)).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('a customer who opens the app while the pool is out of reach stays signed in on the stored tokens', async ({ page, pool }) => {
  const email = pool.newEmail('comeback');
  await pool.createUser(email, PASSWORD);
  await page.clock.install();
  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const before = await storedAccessToken(page);

  // Cognito out of reach from here on; the app's own files still load.
  await routeCognitoCalls(page, (route) => route.abort('internetdisconnected'));
  // Two hours on, the tokens have expired: opening the app again must refresh first, and cannot.
  await page.clock.fastForward(120 * MINUTE);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Acceso para clientes' })).toHaveCount(0);
  expect(await storedAccessToken(page)).toBe(before);

  // The pool is back: the keeper's next try (30 s after an offline failure) refreshes.
  await page.unrouteAll({ behavior: 'wait' });
  await page.clock.fastForward(31_000);
  await expect.poll(() => storedAccessToken(page)).not.toBe(before);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});
