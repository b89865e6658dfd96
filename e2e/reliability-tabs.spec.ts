/** Two tabs of one browser share a session: what happens in one is seen in the other. */
import { expect, test } from './fixtures.ts';
import { signIn } from './flows.ts';

const PASSWORD = 'Two-t4bs-open!';

test('a sign-in in one tab takes the other to the dashboard, and a sign-out signs both out within a second', async ({
  context,
  page,
  pool,
  secrets,
}) => {
  secrets.add(PASSWORD);
  const email = pool.newEmail('tabs');
  await pool.createUser(email, PASSWORD);
  const other = await context.newPage();
  await page.goto('/dashboard');
  await other.goto('/dashboard');
  await expect(other.getByRole('button', { name: 'Sign in' })).toBeVisible();

  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(other.getByRole('heading', { name: 'Dashboard' })).toBeVisible({ timeout: 1_000 });

  await page.getByRole('button', { name: 'Profile' }).first().click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(other.getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: 1_000 });
});
