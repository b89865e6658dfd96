/**
 * "Confirm it's you" (issue 26): an Account-page change that needs a recent
 * sign-in, asked eleven minutes after signing in. The browser's clock is moved
 * on (Playwright's clock), not the window shortened: the app's build is the
 * one customers get. Made with admin calls and no outbox, so it runs in QA mode too.
 */
import { expectAccountPage, submitSignIn } from './auth-support/screens.ts';
import { axeScan, violationLines } from './axe.ts';
import { expect, test } from './fixtures.ts';

const PASSWORD = 'C0nfirm-its-me!';

test("an old sign-in confirms it's the customer before changing the e-mail (a wrong password said, the typed address kept) and before signing out everywhere", async ({
  page,
  pool,
  secrets,
}) => {
  secrets.add(PASSWORD);
  const email = pool.newEmail('reverify');
  await pool.createUser(email, PASSWORD);
  await page.clock.install();
  await page.goto('/dashboard/account');
  await submitSignIn(page, email, PASSWORD);
  await expectAccountPage(page);

  await page.clock.fastForward('11:00');
  const renamed = pool.newEmail('reverify-renamed');
  const emailField = page.getByRole('textbox', { name: 'Email' });
  await emailField.fill(renamed);
  await page.getByRole('button', { name: 'Change e-mail' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await expect(confirm).toContainText('You signed in more than 10 minutes ago.');
  const password = confirm.getByRole('textbox', { name: 'Password', exact: true });
  await password.fill('Wr0ng-password!');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm.getByRole('alert')).toHaveText('Incorrect e-mail or password.');
  expect(violationLines(await axeScan(page))).toEqual([]);
  // Nothing changed, nothing lost: the pool keeps the address, the page the one typed, the dialog the password to correct.
  expect(await (await pool.admin()).attributes(email)).toMatchObject({ email });
  await expect(emailField).toHaveValue(renamed);
  await expect(password).toHaveValue('Wr0ng-password!');

  await password.fill(PASSWORD);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm).toBeHidden();
  // The change went on with the address typed before the question.
  await expect(page.getByText(/We sent a code to .*\. Enter it to verify the address\./)).toBeVisible();
  await expect(
    page.getByText(`${email} stays your e-mail, and the one you sign in with, until the new address is verified.`),
  ).toBeVisible();

  // Eleven minutes on again: signing out everywhere asks too; closing the question signs nobody out.
  await page.clock.fastForward('11:00');
  await page.getByRole('button', { name: 'Sign out of all devices' }).click();
  const question = page.getByRole('dialog', { name: 'Sign out of all devices?' });
  await question.getByRole('button', { name: 'Sign out of all devices' }).click();
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(question.getByRole('alert')).toHaveCount(0);
  await question.getByRole('button', { name: 'Cancel' }).click();
  // Still signed in here.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Acceso para clientes' })).toHaveCount(0);
});
