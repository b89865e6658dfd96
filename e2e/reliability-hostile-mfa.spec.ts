/**
 * Hostile input in the code fields of the second step: setting up an
 * authenticator app, and the code it gives at sign-in. MFA is a pool-wide
 * setting, so the spec has a pool of its own (see privatePool.ts).
 */
import { expect, test } from './fixtures.ts';
import { codeBox, dismissAlert, expectPoolAnswersEach, watchPage } from './auth-support/hostile.ts';
import { control, privatePoolForThisFile } from './auth-support/privatePool.ts';
import { expectDashboard, screenHeading, signOut, submitSignIn } from './auth-support/screens.ts';
import { totpCode } from './auth-support/totp.ts';
import { needsPrivatePool } from './needs.ts';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const privatePool = privatePoolForThisFile({ beforeStop: (pool) => pool.admin.setPoolMfa('OFF') });
const poolNow = async () => ((await control(privatePool(), 'clock')) as { now: number }).now;

test("authenticator codes: every hostile value at set-up and at sign-in gets the pool's answer, and the real codes still work", async ({
  page,
  secrets,
}) => {
  needsPrivatePool('turns MFA on for the whole pool, and moves its clock');
  const watch = watchPage(page);
  const password = 'H0stile-s3cond-step';
  secrets.add(password);
  const email = privatePool().pool.newEmail('hostile-totp');
  await privatePool().pool.createUser(email, password);
  await privatePool().admin.setPoolMfa('ON', { sms: false, totp: true });

  await page.goto('/dashboard');
  await submitSignIn(page, email, password);
  const setupHeading = screenHeading(page, 'Set up an authenticator app');
  await expect(setupHeading).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
  secrets.add(secret);
  await expectPoolAnswersEach(page, watch, {
    what: 'set-up code',
    submit: page.getByRole('button', { name: 'Confirm' }),
    screen: setupHeading,
    fields: (value) => [[codeBox(page), value]],
  });
  await dismissAlert(page);
  await codeBox(page).fill(totpCode(secret, await poolNow()));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expectDashboard(page);

  // At sign-in: the code the authenticator app gives.
  await signOut(page);
  await control(privatePool(), 'clock', { advanceMs: 30_000 });
  await submitSignIn(page, email, password);
  const signInHeading = screenHeading(page, 'Enter the code from your authenticator app');
  await expect(signInHeading).toBeVisible();
  await expectPoolAnswersEach(page, watch, {
    what: 'sign-in code',
    submit: page.getByRole('button', { name: 'Confirm' }),
    screen: signInHeading,
    fields: (value) => [[codeBox(page), value]],
  });
  // Wrong codes end the sign-in's session, as Cognito's do: back to the start, and the app's code lets the customer in.
  await dismissAlert(page);
  await page.getByRole('button', { name: 'Back to Sign In' }).click();
  await control(privatePool(), 'clock', { advanceMs: 30_000 });
  await submitSignIn(page, email, password);
  await expect(signInHeading).toBeVisible();
  await codeBox(page).fill(totpCode(secret, await poolNow()));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expectDashboard(page);
});
