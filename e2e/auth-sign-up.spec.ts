import { expect, test, catalogue } from './fixtures.ts';
import { expectNoAxeViolations } from './auth-support/a11y.ts';
import { harnessUrl } from './auth-support/harness.ts';
import { needsOutbox, testsTheAppAlone } from './needs.ts';

/** The Spanish words the customer reads, from the catalogue itself. */
const es = catalogue('es');

const PASSWORD = 'Sign-up-w1th-attrs!';

test('a customer signs up with the attributes the app asks for, confirms after a wrong code and a resend, and signs in', async ({
  page,
  pool,
  secrets,
}) => {
  needsOutbox();
  secrets.add(PASSWORD);
  const email = pool.newEmail('attributes');
  const admin = await pool.admin();
  await page.goto(harnessUrl({ signUpAttributes: ['given_name', 'family_name', 'birthdate', 'phone_number', 'website'] }));
  await page.getByRole('tab', { name: 'Create Account' }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();

  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Given Name' }).fill('  Ada ');
  await page.getByRole('textbox', { name: 'Family Name' }).fill('Lovelace');
  await page.getByLabel('Birthdate').fill('1990-04-12');
  const dialCode = page.getByRole('combobox', { name: 'Country Code' });
  await expect(dialCode).toHaveValue('+1');
  await dialCode.selectOption('+34');
  await page.getByRole('textbox', { name: 'Phone Number' }).fill('600 12-34 56');
  await page.getByRole('textbox', { name: 'Website' }).fill('https://ada.example.com');
  await expectNoAxeViolations(page, 'signUp with attributes');
  await page.getByRole('button', { name: 'Create Account' }).click();

  // The attributes reached the pool as Cognito stores them: trimmed, the phone with its dial code.
  const codeField = page.getByRole('textbox', { name: 'Confirmation Code' });
  await expect(codeField).toBeFocused();
  const stored = await admin.attributes(email);
  expect(stored).toMatchObject({
    given_name: 'Ada',
    family_name: 'Lovelace',
    birthdate: '1990-04-12',
    phone_number: '+34600123456',
    website: 'https://ada.example.com',
    email_verified: 'false',
  });
  await expect(page.getByText(/We sent a code to a\*\*\*@e\*\*\*\.com\./)).toBeVisible();

  // A wrong code: the pool's message, linked to the field it is about.
  const first = await pool.latestCode(email);
  await codeField.fill(first === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid verification code provided, please try again.');
  await expect(codeField).toHaveAccessibleDescription(/Invalid verification code provided/);
  await expectNoAxeViolations(page, 'confirmSignUp with an error');

  // Resend: a new code arrives, the error goes, the card says where the code went and the button waits a while.
  await page.getByRole('button', { name: 'Resend Code' }).click();
  await expect.poll(async () => (await pool.messages(email)).length).toBe(2);
  expect((await pool.messages(email)).map((message) => message.kind)).toEqual(['SignUp', 'ResendCode']);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveText('A new code is on its way to a***@e***.com.');
  await expect(page.getByRole('button', { name: /^Resend Code \(\d+ s\)$/ })).toBeDisabled();
  await expect(codeField).toBeFocused();
  await codeField.fill(await pool.latestCode(email));
  await page.getByRole('button', { name: 'Confirm' }).click();

  // Signed in at once, without the password again. The e-mail is verified by the confirmation; the phone
  // is not yet, so the customer is offered to verify it.
  await expect(page.getByRole('radio', { name: 'Phone Number: +34600123456' })).toBeChecked();
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByRole('heading', { name: 'Signed in' })).toBeVisible();
  expect(await admin.userStatus(email)).toBe('CONFIRMED');
});

test('the password policy and the match update as the customer types, in both languages', async ({ page }) => {
  testsTheAppAlone("the sign-up form's own checks and options");
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Create Account' }).click();
  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  const create = page.getByRole('button', { name: 'Create Account' });
  await password.pressSequentially('abc');
  await expect(password).toHaveAccessibleDescription(/Password must have at least 8 characters/);
  for (const rule of ['Password must have upper case letters', 'Password must have numbers', 'Password must have special characters']) {
    await expect(page.getByText(rule)).toBeVisible();
  }
  await expect(page.getByText('Password must have lower case letters')).toHaveCount(0);
  await expect(create).toBeDisabled();
  await password.pressSequentially('DEF1!x');
  await expect(page.getByText(/^Password must have/)).toHaveCount(0);

  // Spec §5: a confirmation left below 6 characters is not called a mismatch; a submit refuses it all the same.
  const confirm = page.getByRole('textbox', { name: 'Confirm Password' });
  await confirm.fill('abc');
  await confirm.press('Tab');
  await expect(page.getByText('Your passwords must match')).toHaveCount(0);
  await create.click();
  await expect(confirm).toHaveAccessibleDescription('Your passwords must match');

  await confirm.fill('abcDEF');
  await expect(page.getByText('Your passwords must match')).toBeVisible();
  await expect(create).toBeDisabled();

  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('menuitem', { name: 'Español' }).click();
  await expect(page.getByText(es['rule.passwordsMatch'])).toBeVisible();
  await expect(page.getByRole('button', { name: es.tabSignUp })).toBeDisabled();
  await page.getByRole('textbox', { name: es.password, exact: true }).fill('short');
  await expect(page.getByText(es['rule.minLength'].replace('{count}', '8'))).toBeVisible();
});

test('an e-mail that is not one, and empty fields, are named before anything is sent', async ({ page, requests }) => {
  testsTheAppAlone("the sign-up form's own checks and options");
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Create Account' }).click();
  const email = page.getByRole('textbox', { name: 'Email' });
  await email.fill('not-an-email');
  await email.press('Tab');
  await expect(email).toHaveAccessibleDescription('Please enter a valid email');
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeDisabled();
  await email.fill('');
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(email).toHaveAccessibleDescription('This field is required');
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveAccessibleDescription(/This field is required/);
  expect(requests.filter((request) => request.operation === 'SignUp')).toEqual([]);
});

test('federated buttons show only for the providers configured, none by default', async ({ page }) => {
  testsTheAppAlone("the sign-up form's own checks and options");
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Sign In with / })).toHaveCount(0);

  await page.goto(harnessUrl({ socialProviders: ['google', 'apple'] }));
  await expect(page.getByRole('button', { name: /^Sign In with / })).toHaveText(['Sign In with Google', 'Sign In with Apple']);
  await expectNoAxeViolations(page, 'signIn with federated buttons');
  // What a press does (the hosted UI, or "oauth param not configured" without one): e2e/federated.spec.ts.
});

test('with sign-up hidden there is no Create Account tab', async ({ page }) => {
  testsTheAppAlone("the sign-up form's own checks and options");
  await page.goto(harnessUrl({}, { hideSignUp: true }));
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
});
