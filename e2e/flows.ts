import { expect, type Page } from '@playwright/test';

/** Signs in through the sign-in screen of whatever protected page is open (or /dashboard). */
export async function signIn(page: Page, email: string, password: string, path = '/dashboard'): Promise<void> {
  if (!page.url().includes(path)) await page.goto(path);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Acceso para clientes' })).toHaveCount(0);
}
