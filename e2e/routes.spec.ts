import { expect, test } from './fixtures.ts';
import { signIn } from './flows.ts';

test('an unknown path ends on the 404 page with its links back home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/notfound$/);
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
  await expect(page.getByText('Requested resource is not available.')).toBeVisible();
  const links = page.getByRole('link');
  await expect(links).toHaveCount(3);
  for (const href of await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')))) {
    expect(href).toBe('/');
  }
});

test('the landing page leads to sign-in, Back leads back to it, and the sign-in to the dashboard', async ({ page, pool, secrets }) => {
  const email = pool.newEmail();
  const password = 'Landing-pa55-word';
  secrets.add(password);
  await pool.createUser(email, password);
  const landing = page.getByRole('heading', { name: 'Your customer area' });
  const card = page.getByRole('heading', { name: 'Acceso para clientes' });
  await page.goto('/');
  await expect(landing).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(card).toBeVisible();
  // The one sign-in gate follows the router while the card stands in its place: Back is the public page, without the card.
  await page.goBack();
  await expect(landing).toBeVisible();
  await expect(card).toHaveCount(0);
  await page.goForward();
  await expect(card).toBeVisible();
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('a user arranged with admin calls signs straight in', async ({ page, pool, secrets }) => {
  const email = pool.newEmail();
  const password = 'Deep-l1nk-pass';
  secrets.add(password);
  await pool.createUser(email, password);
  await page.goto('/dashboard');
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});
