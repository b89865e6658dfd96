/**
 * Hostile input in every field of the sign-in widget: very long values,
 * control characters, right-to-left text, emoji, markup and SQL. Each one
 * must end in a message the customer can read (the form's own rule, or the
 * pool's error as the pool worded it, or the next screen when the pool
 * accepts it), with the typed values kept, nothing rendered as HTML, and no
 * script error on the page.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  CASES,
  codeBox,
  dismissAlert,
  emailBox,
  expectKept,
  expectPoolAnswersEach,
  expectReadable,
  fillAll,
  passwordBox,
  passwordOf,
  submitAndRead,
  watchPage,
} from './auth-support/hostile.ts';
import { expectDashboard, screenHeading, submitSignIn } from './auth-support/screens.ts';
import { needsOutbox } from './needs.ts';
import { passwordPolicyErrors, validEmail } from '../machines/authenticator/validation.ts';

test.describe.configure({ timeout: 180_000 });

test('sign-in: every hostile e-mail and password gets a readable answer, and the form keeps them', async ({ page, pool, secrets }) => {
  const watch = watchPage(page);
  await page.goto('/dashboard');
  for (const [name, value] of CASES) {
    for (const email of [value, `${value}@example.com`]) {
      await dismissAlert(page);
      const fields: [Locator, string][] = [
        [emailBox(page), email],
        [passwordBox(page), passwordOf(value)],
      ];
      const kept = await fillAll(fields);
      const outcome = await submitAndRead(page, page.getByRole('button', { name: 'Sign in' }), null);
      const what = `sign-in with ${name} (${email === value ? 'as is' : 'as an address'})`;
      // Nobody signs in with made-up details: the form's rule or the pool's refusal.
      expect(outcome.kind, what).not.toBe('next screen');
      if (outcome.kind === 'field') expect(outcome.messages, what).toContain('Please enter a valid email');
      expectReadable(outcome, value);
      await expectKept(fields, kept);
      await watch.expectClean(what);
    }
  }
  // Still a working sign-in after all that.
  const password = 'Still-w0rking!';
  secrets.add(password);
  const email = pool.newEmail('after-hostile');
  await pool.createUser(email, password);
  await dismissAlert(page);
  await submitSignIn(page, email, password);
  await expectDashboard(page);
});

test('sign-up: hostile e-mails and passwords meet the rules or the pool, and an accepted odd address shows as text', async ({ page }) => {
  const watch = watchPage(page);
  const form = page.getByRole('tabpanel', { name: 'Create Account' });
  /** The sign-up form, fresh after a sign-up went through, and without the previous answer. */
  const openSignUp = async () => {
    if (!(await form.isVisible())) {
      await page.goto('/dashboard');
      await page.getByRole('tab', { name: 'Create Account' }).click();
    }
    // Typed only once the form is there: a press on the prerendered card is carried out when the app starts.
    await expect(form).toBeVisible();
    await dismissAlert(page);
  };
  /** The pool took the sign-up: where the code went reads as the pool masked it, as plain text. */
  const expectCodeSentTo = async (address: string) => {
    await expect(screenHeading(page, 'Confirm your account')).toBeVisible();
    await expect(page.getByText(`${[...address][0]}***@e***.com`)).toBeVisible();
  };
  for (const [name, value] of CASES) {
    // A hostile password with an ordinary address: the policy speaks as it is typed, and the button waits.
    await openSignUp();
    const address = `${plainLocalPart(name)}@example.com`;
    const password = passwordOf(value);
    const passwords: [Locator, string][] = [
      [emailBox(page), address],
      [passwordBox(page), password],
      [page.getByRole('textbox', { name: 'Confirm Password' }), password],
    ];
    const keptPasswords = await fillAll(passwords);
    const policy = await submitAndRead(page, page.getByRole('button', { name: 'Create Account' }), form);
    const what = `sign-up with a ${name} password`;
    const broken = passwordPolicyErrors(password);
    await watch.expectClean(what);
    if (broken.length > 0) {
      expect(policy.kind, what).toBe('field');
      expect(policy.kind === 'field' && policy.messages.join(' '), what).toContain(broken[0]);
    } else if (password.length > 256) {
      // Longer than any password the service keeps.
      expect(policy.kind, what).toBe('pool');
    } else {
      // Markup and SQL make a fine password when it has the four classes: the pool takes it, and nothing runs.
      expect(policy.kind, what).toBe('next screen');
      await expectCodeSentTo(address);
      continue;
    }
    expectReadable(policy, value);
    await expectKept(passwords, keptPasswords);
  }

  for (const [name, value] of CASES) {
    // A hostile address with a good password.
    await openSignUp();
    const address = `${value}@example.com`;
    const emails: [Locator, string][] = [
      [emailBox(page), address],
      [passwordBox(page), 'G00d-passw0rd!'],
      [page.getByRole('textbox', { name: 'Confirm Password' }), 'G00d-passw0rd!'],
    ];
    const keptEmails = await fillAll(emails);
    const outcome = await submitAndRead(page, page.getByRole('button', { name: 'Create Account' }), form);
    const what = `sign-up with ${name} as the address`;
    await watch.expectClean(what);
    if (validEmail(address) !== null) {
      expect(outcome.kind, what).toBe('field');
    } else if (outcome.kind === 'next screen') {
      await expectCodeSentTo(address);
      continue;
    } else {
      // Too long for a user name, or characters the service refuses in one.
      expect(outcome.kind, what).toBe('pool');
    }
    expectReadable(outcome, value);
    await expectKept(emails, keptEmails);
  }
});

/** A harmless, unique local part for the addresses of the password cases. */
function plainLocalPart(name: string): string {
  return `hostile.${name.replace(/\W+/g, '-')}.${Date.now().toString(36)}`;
}

/** Signs up a real account through the widget; its confirmation screen is showing when this returns. */
async function signUpThroughWidget(page: Page, email: string, password: string) {
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Create Account' }).click();
  await expect(page.getByRole('textbox', { name: 'Confirm Password' })).toBeVisible();
  await fillAll([
    [emailBox(page), email],
    [passwordBox(page), password],
    [page.getByRole('textbox', { name: 'Confirm Password' }), password],
  ]);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(screenHeading(page, 'Confirm your account')).toBeVisible();
}

test("confirm sign-up: every hostile code gets the pool's answer, and a fresh code still confirms", async ({ page, pool, secrets }) => {
  needsOutbox();
  const watch = watchPage(page);
  const password = 'Hostile-c0des!';
  secrets.add(password);
  const email = pool.newEmail('hostile-codes');
  await signUpThroughWidget(page, email, password);
  const confirmHeading = screenHeading(page, 'Confirm your account');
  await expectPoolAnswersEach(page, watch, {
    what: 'confirmation code',
    submit: page.getByRole('button', { name: 'Confirm' }),
    screen: confirmHeading,
    fields: (value) => [[codeBox(page, 'Confirmation Code'), value]],
  });
  // Wrong codes use up the code's attempts, as Cognito counts them: a fresh one, then the customer is in.
  await dismissAlert(page);
  const sent = (await pool.messages(email)).length;
  await page.getByRole('button', { name: 'Resend Code' }).click();
  await expect.poll(async () => (await pool.messages(email)).length).toBe(sent + 1);
  await codeBox(page, 'Confirmation Code').fill(await pool.latestCode(email));
  await page.getByRole('button', { name: 'Confirm' }).click();
  // Confirmed: the customer is signed in.
  await expectDashboard(page);
});

test('reset password: hostile codes and new passwords meet the rules or the pool, and one that meets the policy resets it', async ({
  page,
  pool,
  secrets,
}) => {
  needsOutbox();
  const watch = watchPage(page);
  const email = pool.newEmail('hostile-reset');
  await pool.createUser(email, 'Bef0re-the-reset!');
  await page.goto('/dashboard');
  // Hostile codes with a good password, then the right code with hostile passwords.
  const resetHeading = screenHeading(page, 'Choose a new password');
  const newPassword = page.getByRole('textbox', { name: 'New Password', exact: true });
  const confirmPassword = page.getByRole('textbox', { name: 'Confirm Password' });
  /** From the sign-in screen to a fresh reset code. */
  const startReset = async () => {
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(screenHeading(page, 'Reset your password')).toBeVisible();
    await emailBox(page).fill(email);
    const sent = (await pool.messages(email)).length;
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(resetHeading).toBeVisible();
    await expect.poll(async () => (await pool.messages(email)).length).toBe(sent + 1);
    return pool.latestCode(email);
  };
  let code = await startReset();
  await expectPoolAnswersEach(page, watch, {
    what: 'reset code',
    submit: page.getByRole('button', { name: 'Submit' }),
    screen: resetHeading,
    fields: (value) => [
      [codeBox(page), value],
      [newPassword, 'Fresh-passw0rd!'],
      [confirmPassword, 'Fresh-passw0rd!'],
    ],
  });
  for (const [name, value] of CASES) {
    // The wrong codes above spent two of the code's attempts (the others broke the pattern for codes).
    await dismissAlert(page);
    const password = passwordOf(value);
    secrets.add(password);
    const fields: [Locator, string][] = [
      [codeBox(page), code],
      [newPassword, password],
      [confirmPassword, password],
    ];
    const kept = await fillAll(fields);
    const outcome = await submitAndRead(page, page.getByRole('button', { name: 'Submit' }), resetHeading);
    const what = `new password with ${name}`;
    await watch.expectClean(what);
    const broken = passwordPolicyErrors(password);
    if (broken.length === 0 && password.length <= 256) {
      // A password that meets the policy resets it, markup and SQL included; the next case needs a new code.
      expect(outcome.kind, what).toBe('next screen');
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      code = await startReset();
      continue;
    }
    expect(outcome.kind, what).toBe(broken.length > 0 ? 'field' : 'pool');
    expectReadable(outcome, value);
    await expectKept(fields, kept);
  }
});

test('forced new password: every hostile password that breaks the policy is refused on the spot, and the first that meets it is taken', async ({
  page,
  pool,
  secrets,
}) => {
  const watch = watchPage(page);
  const temporary = 'Temp-h0stile-pass';
  secrets.add(temporary);
  const invited = pool.newEmail('hostile-invited');
  await (await pool.admin()).createWithTemporaryPassword(invited, temporary);
  await page.goto('/dashboard');
  await submitSignIn(page, invited, temporary);
  const forceHeading = screenHeading(page, 'Choose your own password');
  await expect(forceHeading).toBeVisible();
  const breaking = CASES.filter(([, value]) => passwordPolicyErrors(passwordOf(value)).length > 0);
  const meeting = CASES.find(([, value]) => passwordPolicyErrors(passwordOf(value)).length === 0 && passwordOf(value).length <= 256)!;
  for (const [name, value] of [...breaking, meeting]) {
    await dismissAlert(page);
    const password = passwordOf(value);
    secrets.add(password);
    const fields: [Locator, string][] = [
      [page.getByRole('textbox', { name: 'New Password', exact: true }), password],
      [page.getByRole('textbox', { name: 'Confirm Password' }), password],
    ];
    const kept = await fillAll(fields);
    const outcome = await submitAndRead(page, page.getByRole('button', { name: 'Change Password' }), forceHeading);
    const what = `forced new password with ${name}`;
    await watch.expectClean(what);
    if (passwordPolicyErrors(password).length === 0) {
      expect(outcome.kind, what).toBe('next screen');
      await expectDashboard(page);
      break;
    }
    expect(outcome.kind, what).toBe('field');
    expectReadable(outcome, value);
    await expectKept(fields, kept);
  }
});

test("verify user: hostile codes for an unverified e-mail get the pool's answer, and the right one still verifies", async ({
  page,
  pool,
  secrets,
}) => {
  needsOutbox();
  const watch = watchPage(page);
  const password = 'Ver1fy-h0stile!';
  secrets.add(password);
  const email = pool.newEmail('hostile-verify');
  await pool.createUser(email, password, { email_verified: 'false' });
  await page.goto('/dashboard');
  await submitSignIn(page, email, password);
  await expect(screenHeading(page, 'Verify your contact details')).toBeVisible();
  await page.getByRole('button', { name: 'Verify' }).click();
  const heading = screenHeading(page, 'Enter the verification code');
  await expect(heading).toBeVisible();
  await expectPoolAnswersEach(page, watch, {
    what: 'verification code',
    submit: page.getByRole('button', { name: 'Submit' }),
    screen: heading,
    fields: (value) => [[codeBox(page), value]],
  });
  // Only the control characters and the emoji reach the code itself (the others break the service's pattern
  // for codes), so two of the code's five attempts are spent and the right code still works.
  await dismissAlert(page);
  await codeBox(page).fill((await pool.messages(email)).at(-1)!.code);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectDashboard(page);
});
