/**
 * The Account page's security sections that depend on pool-wide settings:
 * two-step verification (the pool's MFA must be optional for the page to
 * offer it) and remembered devices (device tracking, on the customer's word).
 * Those settings would change every other spec's sign-ins on the shared pool,
 * so these tests run one after the other on a test pool of this file's own
 * (auth-support/privatePool.ts), on the dev server like the other such specs.
 */
import type { Browser, Page } from '@playwright/test';
import { control, privatePoolForThisFile } from './auth-support/privatePool.ts';
import { axeScan, violationLines } from './axe.ts';
import { expectAccountPage, expectDashboard, screenHeading, signOut, submitSignIn } from './auth-support/screens.ts';
import { shownTotpSecret, totpCode } from './auth-support/totp.ts';
import { catalogue, cognitoCalls, expect, test } from './fixtures.ts';
import { needsPrivatePool } from './needs.ts';

/** The Spanish words the customer reads, from the catalogue itself. */
const es = catalogue('es');

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const privatePool = privatePoolForThisFile({
  beforeStop: async ({ admin }) => {
    await admin.setDeviceTracking(null);
    await admin.setPoolMfa('OFF');
  },
});
const admin = () => privatePool().admin;
const PASSWORD = 'Secur1ty-centre!';
const newPhone = () => `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
/** TOTP codes are computed for the pool's own time. */
const poolNow = async () => ((await control(privatePool(), 'clock')) as { now: number }).now;

async function openAccount(page: Page) {
  await page.getByRole('link', { name: 'Account' }).click();
  await expectAccountPage(page);
}

/** axe over the whole page as it stands, every rule axe runs by default. */
async function expectNoAxeViolations(page: Page, what: string) {
  const results = await axeScan(page);
  expect(violationLines(results), `axe on ${what}`).toEqual([]);
  expect(results.passes.length).toBeGreaterThan(10);
}

/** axe on the whole Account page in Spanish, then in English (the language is the customer's stored choice). */
async function expectNoViolationsInBothLanguages(page: Page, section: { es: string; en: string }) {
  for (const language of ['es', 'en'] as const) {
    await page.evaluate((value) => localStorage.setItem('customer-area.language', value), language);
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: section[language] })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /Loading|Cargando/ })).toHaveCount(0);
    await expectNoAxeViolations(page, `Account page (${language})`);
  }
}

test('two-step verification: an authenticator app set up from its QR code, SMS on, the preferred one chosen, the app off', async ({
  page,
  requests,
  secrets,
}) => {
  needsPrivatePool('turns MFA on for the whole pool, so the Account page offers it');
  secrets.add(PASSWORD);
  const email = privatePool().pool.newEmail('two-step');
  const phone = newPhone();
  await privatePool().pool.createUser(email, PASSWORD, { phone_number: phone, phone_number_verified: 'true' });
  await admin().setPoolMfa('OPTIONAL');
  await page.goto('/dashboard');
  await submitSignIn(page, email, PASSWORD);
  await expectDashboard(page);
  await openAccount(page);
  await expectNoViolationsInBothLanguages(page, { es: es['account.twoStep'], en: 'Two-step verification' });

  const app = page.getByTestId('two-step-TOTP');
  const sms = page.getByTestId('two-step-SMS');
  await expect(app.getByText('Off', { exact: true })).toBeVisible();
  await expect(sms.getByText(`Codes go to ${phone}.`)).toBeVisible();

  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = await shownTotpSecret(page, email);
  secrets.add(secret);
  // A wrong code: the pool's refusal, translated, and the code stays as typed.
  const code = totpCode(secret, await poolNow());
  const wrong = code === '123456' ? '654321' : '123456';
  const codeField = page.getByRole('textbox', { name: 'Code from the app' });
  await codeField.fill(wrong);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('Code mismatch and fail enable Software Token MFA');
  await expect(codeField).toHaveValue(wrong);
  await codeField.fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The authenticator app is on.' })).toBeVisible();
  await expect(app.getByText('On', { exact: true })).toBeVisible();
  await expect(app.getByText('Preferred', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Turn on Text message (SMS)' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Text message (SMS) is on.' })).toBeVisible();
  await page.getByRole('button', { name: 'Make Text message (SMS) preferred' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Text message (SMS) is now asked first.' })).toBeVisible();
  await expect(sms.getByText('Preferred', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Turn off Authenticator app' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Authenticator app is off.' })).toBeVisible();
  await expect(app.getByRole('button', { name: 'Set up an authenticator app' })).toBeVisible();
  expect(cognitoCalls(requests).filter((call) => call === 'SetUserMFAPreference')).toHaveLength(4);

  // The pool asks for what the page set: the SMS code at the next sign-in.
  await signOut(page);
  await submitSignIn(page, email, PASSWORD);
  await expect(screenHeading(page, 'Enter the code from your text message')).toBeVisible();
});

test('two-step verification by e-mail: turned on from the Account page, its code asked and accepted at the next sign-in, then off', async ({
  page,
  secrets,
}) => {
  needsPrivatePool('turns e-mail MFA on for the whole pool, so the Account page offers it');
  secrets.add(PASSWORD);
  const email = privatePool().pool.newEmail('email-mfa');
  await privatePool().pool.createUser(email, PASSWORD);
  await admin().setPoolMfa('OPTIONAL', { sms: false, totp: true, email: true });
  await page.goto('/dashboard');
  await submitSignIn(page, email, PASSWORD);
  await expectDashboard(page);
  await openAccount(page);

  const byEmail = page.getByTestId('two-step-EMAIL');
  await expect(page.getByTestId('two-step-SMS')).toHaveCount(0);
  await expect(byEmail.getByText('Off', { exact: true })).toBeVisible();
  await expect(byEmail.getByText(`Codes go to ${email}.`)).toBeVisible();
  await page.getByRole('button', { name: 'Turn on E-mail message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'E-mail message is on.' })).toBeVisible();
  await expect(byEmail.getByText('On', { exact: true })).toBeVisible();

  // The pool asks for the e-mailed code at the next sign-in (EMAIL_OTP after the password).
  await signOut(page);
  await submitSignIn(page, email, PASSWORD);
  await expect(screenHeading(page, 'Enter the code from your e-mail')).toBeVisible();
  await page.getByRole('textbox', { name: 'Code' }).fill(await privatePool().pool.latestCode(email));
  await page.getByRole('button', { name: 'Confirm' }).click();
  // Back where the customer signed out.
  const accountHeading = page.getByRole('heading', { level: 1, name: 'Account' });
  await expect(accountHeading).toBeVisible();

  await page.getByRole('button', { name: 'Turn off E-mail message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'E-mail message is off.' })).toBeVisible();
  await signOut(page);
  await submitSignIn(page, email, PASSWORD);
  await expect(accountHeading).toBeVisible();
  await expect(screenHeading(page, 'Enter the code from your e-mail')).toHaveCount(0);
});

/** Signs in with the SMS code the pool texted; `page` ends on the dashboard. */
async function signInWithSms(page: Page, email: string, phone: string) {
  await submitSignIn(page, email, PASSWORD);
  await expect(screenHeading(page, 'Enter the code from your text message')).toBeVisible();
  await page.getByRole('textbox', { name: 'Code' }).fill(await privatePool().pool.latestCode(phone));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expectDashboard(page);
}

async function otherBrowserSignsIn(browser: Browser, url: string, email: string, phone: string) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.route('**/config.json', async (route) => route.fulfill({ json: await control(privatePool(), 'config') }));
  await page.goto(url);
  await signInWithSms(page, email, phone);
  // The other browser declines to be remembered.
  const prompt = page.getByRole('dialog', { name: 'Remember this device?' });
  await prompt.getByRole('button', { name: 'Not now' }).click();
  await expect(prompt).toBeHidden();
  await context.close();
}

/**
 * A customer with SMS MFA on a pool that remembers devices on the customer's
 * word; `page` signs in with the texted code and says yes to "Remember this
 * device?" (axe checks the dialog first when asked).
 */
async function rememberedOnThisPage(page: Page, secrets: Set<string>, options: { axe: boolean }) {
  secrets.add(PASSWORD);
  const email = privatePool().pool.newEmail('devices');
  const phone = newPhone();
  await privatePool().pool.createUser(email, PASSWORD, { phone_number: phone, phone_number_verified: 'true' });
  await admin().setPoolMfa('OPTIONAL');
  await admin().setDeviceTracking({ challengeRequiredOnNewDevice: true, onUserPrompt: true });
  await admin().setMfa(email, { sms: true, preferred: 'sms' });

  await page.goto('/dashboard');
  await signInWithSms(page, email, phone);
  const prompt = page.getByRole('dialog', { name: 'Remember this device?' });
  await expect(prompt).toBeVisible();
  if (options.axe) await expectNoAxeViolations(page, 'remember-device prompt');
  await prompt.getByRole('button', { name: 'Remember this device' }).click();
  await expect(prompt).toBeHidden();
  return { email, phone, prompt };
}

test('remembered devices: "Remember this device?" after a new sign-in, MFA skipped on the remembered device, asked again once the Account page stops remembering it', async ({
  page,
  secrets,
}) => {
  needsPrivatePool('turns device tracking on for the whole pool');
  const { email, prompt } = await rememberedOnThisPage(page, secrets, { axe: true });

  // Remembered: the next sign-in here proves the device instead of asking for a code.
  await signOut(page);
  await submitSignIn(page, email, PASSWORD);
  await expectDashboard(page);
  await expect(prompt).toHaveCount(0);

  await openAccount(page);
  const devices = page.getByTestId('device');
  await expect(devices).toHaveCount(1);
  await page.getByRole('button', { name: 'Stop remembering this device' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'This device is no longer remembered.' })).toBeVisible();
  await expect(devices.getByText('Not remembered', { exact: true })).toBeVisible();

  // No longer remembered: the code is asked again.
  await signOut(page);
  await submitSignIn(page, email, PASSWORD);
  await expect(screenHeading(page, 'Enter the code from your text message')).toBeVisible();
});

test('remembered devices on the Account page: this device and another listed (remembered or not, last sign-in), another forgotten, axe in Spanish and English', async ({
  page,
  browser,
  secrets,
}) => {
  needsPrivatePool('turns device tracking on for the whole pool');
  const { email, phone } = await rememberedOnThisPage(page, secrets, { axe: false });

  await otherBrowserSignsIn(browser, page.url(), email, phone);
  await openAccount(page);
  const devices = page.getByTestId('device');
  await expect(devices).toHaveCount(2);
  const here = devices.filter({ hasText: 'This device' });
  await expect(here.getByText('Remembered', { exact: true })).toBeVisible();
  await expect(here.getByText(/^Last sign-in: /)).toBeVisible();
  const other = devices.filter({ hasNotText: 'This device' });
  await expect(other.getByText('Not remembered', { exact: true })).toBeVisible();
  await expectNoViolationsInBothLanguages(page, { es: es['account.devices'], en: 'Remembered devices' });

  await other.getByRole('button', { name: /^Forget / }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The device is forgotten.' })).toBeVisible();
  await expect(devices).toHaveCount(1);
  await expect(here.getByText('Remembered', { exact: true })).toBeVisible();
});
