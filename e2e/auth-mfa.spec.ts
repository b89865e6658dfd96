/**
 * Second factors: setting up an authenticator app, signing in with it, with
 * an SMS code, and choosing between the two. MFA is a pool-wide setting, so
 * these tests run one after the other on a test pool of their own (see
 * auth-support/privatePool.ts) and never touch the shared one.
 */
import { expect, test, catalogue } from './fixtures.ts';
import { expectNoAxeViolations } from './auth-support/a11y.ts';
import { harnessUrl } from './auth-support/harness.ts';
import { switchLanguage } from './auth-support/language.ts';
import { control, privatePoolForThisFile } from './auth-support/privatePool.ts';
import { expectDashboard, screenHeading, signOut, submitSignIn } from './auth-support/screens.ts';
import { shownTotpSecret, totpCode } from './auth-support/totp.ts';
import { needsPrivatePool } from './needs.ts';

/** The Spanish words the customer reads, from the catalogue itself. */
const es = catalogue('es');

// One after the other (they share the pool's MFA setting, and the third uses the second's authenticator); the
// machine these run on is shared, so each test gets more than the default minute.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

// The pool goes with the file; MFA is put back to OFF all the same, as a spec that changes pool settings should.
const privatePool = privatePoolForThisFile({ beforeStop: (pool) => pool.admin.setPoolMfa('OFF') });
const admin = () => privatePool().admin;
const MFA_IS_POOL_WIDE = 'turns MFA on for the whole pool';

/** The pool's own clock: TOTP codes are computed for its time, which a test may have moved. */
const poolNow = async () => ((await control(privatePool(), 'clock')) as { now: number }).now;
/** The customer of the authenticator-app tests: set up in the first, choosing a factor in the second. */
const totpUser = { email: '', password: 'T0tp-setup-pass!', secret: '' };
const newPhone = () => `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

test('a customer sets up an authenticator app from the secret on screen, then signs in with it', async ({ page, context, secrets }) => {
  needsPrivatePool(MFA_IS_POOL_WIDE);
  const { password } = totpUser;
  secrets.add(password);
  const email = (totpUser.email = privatePool().pool.newEmail('totp'));
  await privatePool().pool.createUser(email, password);
  // MFA required and only authenticator apps offered: a customer without one must set it up.
  await admin().setPoolMfa('ON', { sms: false, totp: true });

  await page.goto('/dashboard');
  await submitSignIn(page, email, password);
  await expect(screenHeading(page, 'Set up an authenticator app')).toBeVisible();
  // Optional from now on: the set-up under way completes, and later sign-ins ask only customers who have a factor.
  await admin().setPoolMfa('OPTIONAL');

  await expect(page.getByRole('textbox', { name: 'Code' })).toBeFocused();
  const secret = await shownTotpSecret(page, email);
  secrets.add(secret);
  totpUser.secret = secret;

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy the secret key' }).click();
  await expect(page.getByRole('button', { name: 'Copy the secret key' })).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expectNoAxeViolations(page, 'setupTotp');

  await page.getByRole('textbox', { name: 'Code' }).fill(totpCode(secret, await poolNow()));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expectDashboard(page);

  // The next sign-in asks for the app's code. A code once used is spent: the next one is 30 s later.
  await signOut(page);
  await control(privatePool(), 'clock', { advanceMs: 30_000 });
  await submitSignIn(page, email, password);
  await expect(screenHeading(page, 'Enter the code from your authenticator app')).toBeVisible();
  const codeField = page.getByRole('textbox', { name: 'Code' });
  await expect(codeField).toBeFocused();
  await expectNoAxeViolations(page, 'confirmSignIn (TOTP)');
  const code = totpCode(secret, await poolNow());
  await codeField.fill(code === '123456' ? '654321' : '123456');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid code received for user');
  await codeField.fill(totpCode(secret, await poolNow()));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expectDashboard(page);
});

test('a customer with an authenticator app and a phone chooses which one confirms the sign-in', async ({ page, secrets }) => {
  needsPrivatePool(MFA_IS_POOL_WIDE);
  const { email, password } = totpUser;
  secrets.add(password);
  const phone = newPhone();
  await admin().setPoolMfa('OPTIONAL');
  await admin().updateAttributes(email, { phone_number: phone, phone_number_verified: 'true' });
  // Both factors on, neither preferred: the pool asks the customer to choose.
  await admin().setMfa(email, { sms: true, totp: true });
  await page.goto('/dashboard');
  await submitSignIn(page, email, password);
  await expect(screenHeading(page, 'Choose your second step')).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(2);
  await expectNoAxeViolations(page, 'confirmSignIn (MFA choice)');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('radiogroup')).toHaveAccessibleDescription('This field is required');
  await page.getByRole('radio', { name: 'A code by text message (SMS)' }).check();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(screenHeading(page, 'Enter the code from your text message')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Code' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Code' }).fill(await privatePool().pool.latestCode(phone));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expectDashboard(page);
});

test('a customer with SMS MFA signs in with the code texted to their phone', async ({ page, secrets }) => {
  needsPrivatePool(MFA_IS_POOL_WIDE);
  const password = 'Sms-mfa-passw0rd';
  secrets.add(password);
  const email = privatePool().pool.newEmail('sms');
  const phone = newPhone();
  await privatePool().pool.createUser(email, password, { phone_number: phone, phone_number_verified: 'true' });
  await admin().setPoolMfa('OPTIONAL');
  await admin().setMfa(email, { sms: true, preferred: 'sms' });

  await page.goto('/dashboard');
  await submitSignIn(page, email, password);
  await expect(screenHeading(page, 'Enter the code from your text message')).toBeVisible();
  await expect(page.getByText(`We texted a six-digit code to +*******${phone.slice(-4)}.`)).toBeVisible();
  await expectNoAxeViolations(page, 'confirmSignIn (SMS)');

  const code = await privatePool().pool.latestCode(phone);
  const codeField = page.getByRole('textbox', { name: 'Code' });
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid code received for user');
  await switchLanguage(page, 'es');
  await expect(page.getByRole('alert')).toHaveText(es['cognito.CodeMismatchException.received']);
  await expect(page.getByRole('textbox', { name: es.code })).toHaveAccessibleDescription(es['cognito.CodeMismatchException.received']);
  await page.getByRole('button', { name: es.dismissError }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);

  await page.getByRole('textbox', { name: es.code }).fill(code);
  await page.getByRole('button', { name: es.confirm }).click();
  await expectDashboard(page);
});

test('when the QR code cannot be drawn, the reason is logged and the secret alone completes the set-up', async ({ page, secrets }) => {
  needsPrivatePool(MFA_IS_POOL_WIDE);
  const password = 'No-qr-c0de-here';
  secrets.add(password);
  const email = privatePool().pool.newEmail('no-qr');
  await privatePool().pool.createUser(email, password);
  await admin().setPoolMfa('ON', { sms: false, totp: true });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  // An issuer this long makes a key URI no QR code can hold.
  await page.goto(harnessUrl({ totpIssuer: `Acme ${'Customer Area '.repeat(250)}` }));
  await submitSignIn(page, email, password);
  await expect(screenHeading(page, 'Set up an authenticator app')).toBeVisible();
  await admin().setPoolMfa('OPTIONAL');
  await expect(
    page.getByText('The QR code could not be drawn. Type the secret key below into your authenticator app instead.'),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(0);
  expect(errors.some((text) => text.includes('The TOTP QR code could not be made'))).toBe(true);

  const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
  secrets.add(secret);
  await page.getByRole('textbox', { name: 'Code' }).fill(totpCode(secret, await poolNow()));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Signed in' })).toBeVisible();
});
