import type { Page } from '@playwright/test';
import { cognitoCalls, expect, test } from './fixtures.ts';
import { needsOutbox } from './needs.ts';

const PASSWORD = 'Corr3ct-horse!';

/**
 * Presses one of the card's tabs and counts the page's e-mail fields as soon as React has drawn the press, before
 * any later task: React draws a press in a microtask and leaves the work it defers (a hidden part) to a later task.
 */
async function emailFieldsOncePressed(page: Page, tab: string): Promise<number> {
  return page.evaluate(async (name) => {
    const button = [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((element) => element.textContent === name);
    if (!button) throw new Error(`No tab "${name}"`);
    button.click();
    for (let turn = 0; turn < 10; turn++) await Promise.resolve();
    return document.querySelectorAll('input[type="email"]').length;
  }, tab);
}

test('a new customer signs up, confirms, is signed in at once, stays signed in, signs out and back in', async ({
  page,
  pool,
  requests,
  secrets,
}) => {
  needsOutbox();
  secrets.add(PASSWORD);
  const email = pool.newEmail();

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Acceso para clientes' })).toBeVisible();
  await page.getByRole('tab', { name: 'Create Account' }).click();
  await expect(page.getByLabel('Confirm Password')).toBeVisible();
  // Only the tab shown holds a form: the other one's leaves the page with the press, not hidden and left for
  // React's spare time (two e-mail fields for a while, the sign-in one offering passkeys from a hidden panel).
  expect(await emailFieldsOncePressed(page, 'Sign In')).toBe(1);
  expect(await emailFieldsOncePressed(page, 'Create Account')).toBe(1);
  await expect(page.getByLabel('Confirm Password')).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();

  // A wrong code first: Cognito's own message, and the screen stays.
  const codeField = page.getByLabel('Confirmation Code');
  await expect(codeField).toBeVisible();
  await expect(page.getByText(/e\*\*\*\.com/)).toBeVisible();
  const code = await pool.latestCode(email);
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid verification code provided, please try again.');

  // The right code signs the customer in: the sign-up's session stands for the password, so no SRP.
  const beforeConfirm = cognitoCalls(requests).length;
  await codeField.fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  expect(cognitoCalls(requests).slice(beforeConfirm)).toEqual(['ConfirmSignUp', 'InitiateAuth']);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  await page.getByRole('button', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Acceso para clientes' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(cognitoCalls(requests)).toContain('RevokeToken');

  // Signed out for good: a reload does not bring the dashboard back.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  // The password chosen at sign-up signs in, with SRP: two requests.
  const before = cognitoCalls(requests).length;
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  expect(cognitoCalls(requests).slice(before)).toEqual(['InitiateAuth', 'RespondToAuthChallenge']);
  // The keyboard is on the page's heading, not lost on the body.
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeFocused();
});

test('a confirmation later than 180000 ms after sign-up confirms the account, says so and asks for the password', async ({
  page,
  pool,
  secrets,
}) => {
  needsOutbox();
  secrets.add(PASSWORD);
  const email = pool.newEmail('late');
  // The browser's clock only: the pool's is left alone, and the code stays valid for a day.
  await page.clock.install();
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Create Account' }).click();
  // Typed once the sign-up form is there: a press on the prerendered card is carried out when the app draws, and a
  // password typed into the card's sign-in form before that stays behind with it.
  await expect(page.getByLabel('Confirm Password')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  const codeField = page.getByLabel('Confirmation Code');
  await expect(codeField).toBeVisible();
  await page.clock.fastForward('03:01');
  await codeField.fill(await pool.latestCode(email));
  await page.getByRole('button', { name: 'Confirm' }).click();

  await expect(page.getByRole('alert')).toHaveText('The account was not confirmed on time.');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('a wrong password and an unknown e-mail get the same answer', async ({ page, pool, secrets }) => {
  needsOutbox();
  secrets.add(PASSWORD);
  const email = pool.newEmail();
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Create Account' }).click();
  await expect(page.getByLabel('Confirm Password')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByLabel('Confirmation Code').fill(await pool.latestCode(email));
  await page.getByRole('button', { name: 'Confirm' }).click();
  // Signed in at once; signed out, the customer mistypes the password.
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Wrong-passw0rd');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect e-mail or password.');
  // The form keeps what was typed.
  await expect(page.getByLabel('Email')).toHaveValue(email);

  await page.getByRole('button', { name: 'Dismiss error' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);

  await page.getByLabel('Email').fill(pool.newEmail('nobody'));
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect e-mail or password.');
});

test('the sign-up form checks the password policy as the customer types', async ({ page }) => {
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Create Account' }).click();
  await expect(page.getByLabel('Confirm Password')).toBeVisible();
  const create = page.getByRole('button', { name: 'Create Account' });
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
  await expect(page.getByText('Password must have at least 8 characters')).toBeVisible();
  await expect(page.getByText('Password must have upper case letters')).toBeVisible();
  await expect(create).toBeDisabled();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Longer-passw0rd');
  await page.getByLabel('Confirm Password').fill('Longer-passw0rX');
  await expect(page.getByText('Your passwords must match')).toBeVisible();
  await expect(create).toBeDisabled();
  await page.getByLabel('Confirm Password').fill('Longer-passw0rd');
  await expect(create).toBeEnabled();
});

test("the sign-up fields come from the configuration: config.json's signUpAttributes, phone number with its dial code", async ({
  page,
  pool,
  secrets,
}) => {
  secrets.add(PASSWORD);
  const email = pool.newEmail('configured');
  // The deployment's config.json, as served, with the sign-up fields added (no rebuild: that is what config.json is for).
  await page.route('**/config.json', async (route) => {
    const served = (await (await route.fetch()).json()) as Record<string, unknown>;
    await route.fulfill({ json: { ...served, signUpAttributes: ['given_name', 'phone_number', 'not_a_field'] } });
  });
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Create Account' }).click();
  // A press on the prerendered card is carried out once the app has started: the sign-up form is there from then on
  // (typed into the sign-in form before that, the password would stay behind with it).
  await expect(page.getByRole('textbox', { name: 'Given Name' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Given Name' }).fill(' Grace ');
  await expect(page.getByRole('combobox', { name: 'Country Code' })).toHaveValue(/\+1\b/);
  const phone = page.getByRole('textbox', { name: 'Phone Number' });
  await phone.fill('');
  await page.getByRole('button', { name: 'Create Account' }).click();
  // §5: every field is required; nothing was sent, nothing typed was lost.
  await expect(page.getByText('This field is required')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Given Name' })).toHaveValue(' Grace ');
  await phone.fill('(202) 555-0143');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('textbox', { name: 'Confirmation Code' })).toBeVisible();
  expect(await (await pool.admin()).attributes(email)).toMatchObject({ given_name: 'Grace', phone_number: '+12025550143' });
});
