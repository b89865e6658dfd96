import { cognitoCalls, expect, test } from './fixtures.ts';
import { expectNoAxeViolations } from './auth-support/a11y.ts';
import { expectDashboard, screenHeading, submitSignIn } from './auth-support/screens.ts';
import { needsOutbox } from './needs.ts';

test('an account an administrator created asks for a new password at the first sign-in', async ({ page, pool, requests, secrets }) => {
  const temporary = 'Temp-0rary-pass';
  const chosen = 'My-own-passw0rd!';
  secrets.add(temporary);
  secrets.add(chosen);
  const email = pool.newEmail('admin-made');
  const admin = await pool.admin();
  await admin.createWithTemporaryPassword(email, temporary);
  expect(await admin.userStatus(email)).toBe('FORCE_CHANGE_PASSWORD');

  await page.goto('/dashboard');
  await submitSignIn(page, email, temporary);
  await expect(screenHeading(page, 'Choose your own password')).toBeVisible();
  const newPassword = page.getByRole('textbox', { name: 'New Password' });
  await expect(newPassword).toBeFocused();
  await expect(page.getByRole('button', { name: 'Back to Sign In' })).toBeVisible();

  // The policy is checked as the customer types; the button waits until it is met and both fields agree.
  await newPassword.fill('weakpass');
  await expect(newPassword).toHaveAccessibleDescription(/Password must have upper case letters/);
  const change = page.getByRole('button', { name: 'Change Password' });
  await expect(change).toBeDisabled();
  await newPassword.fill(chosen);
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill(chosen);
  await expect(change).toBeEnabled();
  await expectNoAxeViolations(page, 'forceNewPassword');
  await change.click();

  await expectDashboard(page);
  expect(await admin.userStatus(email)).toBe('CONFIRMED');
  expect(cognitoCalls(requests)).toContain('RespondToAuthChallenge');
});

test('a customer who forgot the password gets a code, asks for another, and chooses a new password', async ({ page, pool, secrets }) => {
  needsOutbox();
  const old = 'Old-passw0rd-1';
  const renewed = 'New-passw0rd-2';
  secrets.add(old);
  secrets.add(renewed);
  const email = pool.newEmail('forgot');
  await pool.createUser(email, old);

  await page.goto('/dashboard');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(screenHeading(page, 'Reset your password')).toBeVisible();
  // The e-mail typed on sign-in comes along, and the focus is on it.
  const emailField = page.getByRole('textbox', { name: 'Email' });
  await expect(emailField).toHaveValue(email);
  await expect(emailField).toBeFocused();
  await expectNoAxeViolations(page, 'forgotPassword');

  // Back and forth: "Back to Sign In" returns to sign-in.
  await page.getByRole('button', { name: 'Back to Sign In' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();

  await expect(screenHeading(page, 'Choose a new password')).toBeVisible();
  const code = page.getByRole('textbox', { name: 'Code' });
  await expect(code).toBeFocused();
  await expect(page.getByText(/We sent a code to f\*\*\*@e\*\*\*\.com\./)).toBeVisible();
  const first = await pool.latestCode(email);

  await code.fill(first === '000000' ? '111111' : '000000');
  await page.getByRole('textbox', { name: 'New Password' }).fill(renewed);
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill(renewed);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid verification code provided, please try again.');
  await expectNoAxeViolations(page, 'confirmResetPassword with an error');

  await page.getByRole('button', { name: 'Resend Code' }).click();
  await expect.poll(async () => (await pool.messages(email)).map((message) => message.kind)).toEqual(['ForgotPassword', 'ForgotPassword']);
  const second = await pool.latestCode(email);
  await code.fill(second);
  await page.getByRole('textbox', { name: 'New Password' }).fill(renewed);
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill(renewed);
  await page.getByRole('button', { name: 'Submit' }).click();

  // Back on sign-in with the e-mail filled in, told so: the old password no longer works, the new one does.
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Your password is changed. Sign in with the new one.');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(old);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect e-mail or password.');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Incorrect e-mail or password.');
  await submitSignIn(page, email, renewed);
  await expectDashboard(page);
});
