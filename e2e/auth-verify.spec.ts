import { cognitoCalls, expect, test } from './fixtures.ts';
import { expectNoAxeViolations } from './auth-support/a11y.ts';
import { expectDashboard, screenHeading, signOut, submitSignIn } from './auth-support/screens.ts';
import { needsOutbox } from './needs.ts';

test('a customer with an unverified e-mail verifies it after signing in, and is not asked again', async ({ page, pool, secrets }) => {
  needsOutbox();
  const password = 'Ver1fy-me-please';
  secrets.add(password);
  const email = pool.newEmail('unverified');
  await pool.createUser(email, password, { email_verified: 'false' });
  const admin = await pool.admin();

  await page.goto('/dashboard');
  await submitSignIn(page, email, password);
  await expect(screenHeading(page, 'Verify your contact details')).toBeVisible();
  const choice = page.getByRole('radio', { name: `Email: ${email}` });
  await expect(choice).toBeChecked();
  await expect(choice).toBeFocused();
  await expectNoAxeViolations(page, 'verifyUser');
  // Enter on the chosen radio sends the form, as on every screen.
  await choice.focus();
  await page.keyboard.press('Enter');

  await expect(screenHeading(page, 'Enter the verification code')).toBeVisible();
  const code = page.getByRole('textbox', { name: 'Code' });
  await expect(code).toBeFocused();
  await code.fill('000000');
  await page.getByRole('button', { name: 'Submit' }).click();
  // The attribute's code was sent once; a wrong answer leaves it valid.
  await expect(page.getByRole('alert')).toHaveText('Invalid verification code provided, please try again.');
  await expectNoAxeViolations(page, 'confirmVerifyUser with an error');
  const messages = await pool.messages(email);
  expect(messages.map((message) => message.kind)).toEqual(['VerifyUserAttribute']);
  await code.fill(messages[0]!.code);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectDashboard(page);
  expect((await admin.attributes(email)).email_verified).toBe('true');

  // Verified for good: the next sign-in goes straight to the dashboard.
  await signOut(page);
  await submitSignIn(page, email, password);
  await expectDashboard(page);
});

test('a customer can skip verifying, on the choice and on the code', async ({ page, pool, secrets }) => {
  const password = 'Sk1p-for-now-pls';
  secrets.add(password);
  const email = pool.newEmail('skipper');
  await pool.createUser(email, password, { email_verified: 'false' });

  await page.goto('/dashboard');
  await submitSignIn(page, email, password);
  await expect(screenHeading(page, 'Verify your contact details')).toBeVisible();
  await page.getByRole('button', { name: 'Skip' }).click();
  await expectDashboard(page);

  // Still unverified, so asked again; this time the code is sent, then skipped.
  await signOut(page);
  await submitSignIn(page, email, password);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(screenHeading(page, 'Enter the verification code')).toBeVisible();
  await page.getByRole('button', { name: 'Skip' }).click();
  await expectDashboard(page);
});

test('signing out revokes the session, returns to sign-in with the focus on the e-mail, and survives a reload', async ({
  page,
  pool,
  requests,
  secrets,
}) => {
  const password = 'S1gn-out-soon!';
  secrets.add(password);
  const email = pool.newEmail('leaver');
  await pool.createUser(email, password);
  await page.goto('/dashboard');
  await submitSignIn(page, email, password);
  await expectDashboard(page);

  await signOut(page);
  expect(cognitoCalls(requests)).toContain('RevokeToken');
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
  await expectNoAxeViolations(page, 'signIn');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toHaveCount(0);
});

test('while a request is pending every button waits, and the typed values stay', async ({ page, pool, secrets }) => {
  const password = 'Wa1t-for-it-pls';
  secrets.add(password);
  const email = pool.newEmail('patient');
  await pool.createUser(email, password);
  const { endpoint } = await pool.config();
  // Hold the first sign-in request until the buttons have been looked at; it then goes to the pool unchanged.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${endpoint}/`, async (route) => {
    if (route.request().headers()['x-amz-target']?.endsWith('.InitiateAuth')) await held;
    await route.continue();
  });

  await page.goto('/dashboard');
  await submitSignIn(page, email, password);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  // Every button that would act on the flow: the tabs, the language menu, "Sign in", "Forgot your password?". The
  // password's eye only shows or hides what was typed, so it stays where it is and as it is (issue 25: it used to
  // vanish while a request was pending).
  const buttons = page.getByRole('main').locator('button');
  expect(await buttons.count()).toBe(6);
  const eye = page.getByRole('button', { name: 'Show password' });
  for (const button of await buttons.all()) {
    if ((await button.getAttribute('aria-label')) === 'Show password') continue;
    await expect(button).toBeDisabled();
  }
  await expect(eye).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  release();
  await expectDashboard(page);
});
