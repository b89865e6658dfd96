/**
 * Guessing passwords: after five wrong ones the pool locks the name for a
 * while, known or not, and the screen says so the same way for both, so the
 * lock reveals nothing about who has an account.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const RIGHT = 'Right-passw0rd!';

async function guess(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toBeVisible();
  const text = (await alert.textContent()) ?? '';
  await page
    .getByRole('button', { name: /dismiss/i })
    .first()
    .click();
  await expect(alert).toHaveCount(0);
  return text;
}

test('five wrong passwords lock the account, and an unknown e-mail looks exactly the same', async ({ page, pool }) => {
  const known = pool.newEmail('guessed');
  const unknown = pool.newEmail('nobody');
  await pool.createUser(known, RIGHT);
  await page.goto('/dashboard');

  for (const email of [known, unknown]) {
    const answers: string[] = [];
    for (let attempt = 1; attempt <= 6; attempt++) answers.push(await guess(page, email, `Wrong-guess-${attempt}!`));
    expect(answers.slice(0, 5)).toEqual(Array(5).fill('Incorrect e-mail or password.'));
    expect(answers[5]).toBe('Password attempts exceeded');
  }
  // While locked, even the right password is refused the same way.
  expect(await guess(page, known, RIGHT)).toBe('Password attempts exceeded');
});
