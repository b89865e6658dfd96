/**
 * The sign-in screens at 360 px and on a desktop, and the README's
 * screenshots. The screenshots go to this test's output folder; with
 * UPDATE_SCREENSHOTS=1 they also replace docs/screenshots/*.png.
 * Setting up an authenticator app needs MFA on for the whole pool, so that
 * test runs on a test pool of its own.
 */
import { copyFile } from 'node:fs/promises';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { harnessUrl } from './auth-support/harness.ts';
import { privatePoolForThisFile } from './auth-support/privatePool.ts';
import { screenHeading, submitSignIn } from './auth-support/screens.ts';
import { needsPrivatePool, testsTheAppAlone } from './needs.ts';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

const privatePool = privatePoolForThisFile();

/** Nothing scrolls sideways, every control lies inside the window, and no button's words are cut off. */
async function expectFits(page: Page, what: string): Promise<void> {
  const { width } = page.viewportSize()!;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${what}: page width`).toBeLessThanOrEqual(width);
  // Measured in one go, so a control the page swaps meanwhile (the language menu arriving) cannot slip between two looks.
  const controls = await page
    .getByRole('main')
    .locator('input:not([type=radio]), select, button, img')
    .evaluateAll((elements) =>
      elements.flatMap((element) => {
        const box = element.getBoundingClientRect();
        const visible =
          box.width > 0 && box.height > 0 && element.ownerDocument.defaultView?.getComputedStyle(element).visibility !== 'hidden';
        return visible ? [{ left: box.left, right: box.right, html: element.outerHTML.slice(0, 80) }] : [];
      }),
    );
  expect(controls.length, `${what}: controls measured`).toBeGreaterThan(2);
  for (const control of controls) {
    expect(control.left, `${what}: left edge of ${control.html}`).toBeGreaterThanOrEqual(0);
    expect(control.right, `${what}: right edge of ${control.html}`).toBeLessThanOrEqual(width);
  }
  const clipped = await page
    .getByRole('main')
    .locator('.mantine-Button-label')
    .evaluateAll((labels) => labels.filter((label) => label.scrollWidth > label.clientWidth + 1).map((label) => label.textContent));
  expect(clipped, `${what}: buttons whose words are cut off`).toEqual([]);
}

/** The card is centred with room on both sides, and no wider than a form should be. */
async function expectCentredCard(page: Page): Promise<void> {
  const card = (await page.getByRole('main').locator('form').first().boundingBox())!;
  const { width } = page.viewportSize()!;
  const left = card.x;
  const right = width - (card.x + card.width);
  expect(Math.abs(left - right)).toBeLessThan(4);
  expect(card.width).toBeGreaterThan(300);
  expect(card.width).toBeLessThan(480);
}

async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(name);
  await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
  if (process.env.UPDATE_SCREENSHOTS === '1') await copyFile(path, `docs/screenshots/${name}`);
}

test('sign-in and sign-up fit a 360 px phone and sit centred on a desktop', async ({ page }, testInfo) => {
  testsTheAppAlone("the sign-in card's layout");
  await page.setViewportSize(PHONE);
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expectFits(page, 'signIn at 360 px');
  await screenshot(page, testInfo, 'sign-in-phone.png');

  // The longest form: every sign-up attribute, the phone's two fields side by side.
  await page.goto(
    harnessUrl({
      signUpAttributes: [
        'birthdate',
        'family_name',
        'given_name',
        'middle_name',
        'name',
        'nickname',
        'phone_number',
        'preferred_username',
        'profile',
        'website',
      ],
    }),
  );
  await page.getByRole('tab', { name: 'Create Account' }).click();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
  await expect(page.getByText('Password must have at least 8 characters')).toBeVisible();
  await expectFits(page, 'signUp with every attribute at 360 px');
  const dialCode = (await page.getByRole('combobox', { name: 'Country Code' }).boundingBox())!;
  const number = (await page.getByRole('textbox', { name: 'Phone Number' }).boundingBox())!;
  expect(Math.abs(dialCode.y - number.y)).toBeLessThan(2);

  await page.setViewportSize(DESKTOP);
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expectCentredCard(page);
  await screenshot(page, testInfo, 'sign-in.png');
});

test('setting up an authenticator app fits a 360 px phone and reads well on a desktop', async ({ page, secrets }, testInfo) => {
  needsPrivatePool('turns MFA on for the whole pool');
  const password = 'Layout-t0tp-pass';
  secrets.add(password);
  const email = privatePool().pool.newEmail('layout');
  await privatePool().pool.createUser(email, password);
  const { admin } = privatePool();
  await admin.setPoolMfa('ON', { sms: false, totp: true });
  try {
    await page.setViewportSize(PHONE);
    await page.goto('/dashboard');
    await submitSignIn(page, email, password);
    await expect(screenHeading(page, 'Set up an authenticator app')).toBeVisible();
    await expect(page.getByRole('img', { name: /^QR code of the secret key/ })).toBeVisible();
    await expectFits(page, 'setupTotp at 360 px');
    await screenshot(page, testInfo, 'totp-setup-phone.png');

    await page.setViewportSize(DESKTOP);
    await expectCentredCard(page);
    await screenshot(page, testInfo, 'totp-setup.png');
  } finally {
    await admin.setPoolMfa('OFF');
  }
});

test('the card stays where it is as messages appear, and keeps its shapes while a sign-in is pending', async ({ page }) => {
  testsTheAppAlone("the sign-in card's layout");
  await page.setViewportSize(DESKTOP);
  await page.goto('/dashboard');
  const heading = page.getByRole('heading', { level: 1, name: 'Acceso para clientes' });
  const forgot = page.getByRole('button', { name: 'Forgot your password?' });
  const eye = page.getByRole('button', { name: 'Show password' });
  await expect(forgot).toBeVisible();
  const top = async () => (await heading.boundingBox())!.y;
  const before = { top: await top(), forgot: (await forgot.boundingBox())!, eye: (await eye.boundingBox())! };

  // Two field messages grow the card: it grows downwards, its heading stays put.
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('This field is required')).toHaveCount(2);
  expect(await top()).toBe(before.top);

  // A sign-in the pool has not answered yet: the link keeps its shape, dimmed; the eye stays (it sends nothing).
  let answer: () => void = () => {};
  await page.route('**/*', async (route) => {
    if (!/InitiateAuth$/.test(route.request().headers()['x-amz-target'] ?? '')) return route.fallback();
    await new Promise<void>((resolve) => (answer = resolve));
    await route.fallback();
  });
  await page.getByRole('textbox', { name: 'Email' }).fill('pending@example.com');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Pending-1!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(forgot).toBeDisabled();
  const now = { top: await top(), forgot: (await forgot.boundingBox())!, eye: (await eye.boundingBox())! };
  expect(now.top).toBe(before.top);
  expect(now.forgot.width).toBe(before.forgot.width);
  expect(now.forgot.height).toBe(before.forgot.height);
  expect(now.eye).toEqual(before.eye);
  await expect(forgot).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  expect(Number(await forgot.evaluate((el) => getComputedStyle(el).opacity))).toBeLessThan(1);
  answer();
});
