/**
 * Network faults during sign-in, made with Playwright's request routing so
 * they touch this page only (the emulator's fault injection is pool-wide and
 * other specs run alongside).
 */
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { routeCognitoCalls } from './flows.ts';

const PASSWORD = 'Fault-t0lerant!';

/**
 * Answers every Cognito call of one operation with `respond`, counting the
 * attempts. Calls are told apart by their X-Amz-Target, so this works against
 * the local pool and a real one alike.
 */
async function breakOperation(page: Page, operation: string, respond: (route: Route) => Promise<void>) {
  let attempts = 0;
  await routeCognitoCalls(page, async (route) => {
    if (route.request().method() === 'POST' && route.request().headers()['x-amz-target']!.endsWith(`.${operation}`)) {
      attempts++;
      await respond(route);
    } else {
      await route.continue();
    }
  });
  return {
    attempts: () => attempts,
    heal: () => page.unrouteAll({ behavior: 'wait' }),
  };
}

/**
 * Signs in on the live form: the app's own, whose requests go through the SDK and its retries. (A press on the
 * prerendered card, before the app has drawn, sends the first request itself: e2e/production-app.spec.ts.)
 */
async function fillSignIn(page: Page, email: string) {
  await page.goto('/dashboard');
  await expect(page.locator('#sign-in-card')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function expectFormKept(page: Page, email: string) {
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue(PASSWORD);
}

test.describe('network faults during sign-in', () => {
  test('a dropped connection says "Network Error", keeps the form, and a retry signs in', async ({ page, pool, secrets }) => {
    secrets.add(PASSWORD);
    const email = pool.newEmail('dropped');
    await pool.createUser(email, PASSWORD);
    const fault = await breakOperation(page, 'InitiateAuth', (route) => route.abort('connectionreset'));
    await fillSignIn(page, email);
    await expect(page.getByRole('alert')).toHaveText('Network Error');
    await expectFormKept(page, email);
    expect(fault.attempts()).toBeGreaterThanOrEqual(1);
    await fault.heal();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  test('a 5xx from the pool also reads as "Network Error", after the SDK\'s three attempts', async ({ page, pool, secrets }) => {
    secrets.add(PASSWORD);
    const email = pool.newEmail('outage');
    await pool.createUser(email, PASSWORD);
    const fault = await breakOperation(page, 'InitiateAuth', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/x-amz-json-1.1',
        body: '{"__type":"InternalErrorException","message":"Service Unavailable"}',
      }),
    );
    await fillSignIn(page, email);
    await expect(page.getByRole('alert')).toHaveText('Network Error');
    await expectFormKept(page, email);
    expect(fault.attempts()).toBe(3);
    await fault.heal();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  const throttles = [
    { error: 'TooManyRequestsException', message: 'Rate exceeded', shown: 'Too many requests. Please wait a moment and try again.' },
    {
      error: 'LimitExceededException',
      message: 'Attempt limit exceeded, please try after some time.',
      shown: 'Attempt limit exceeded, please try after some time.',
    },
  ];
  for (const throttle of throttles) {
    test(`throttling (${throttle.error}) tells the customer to wait, with no retry loop`, async ({ page, pool, secrets }) => {
      secrets.add(PASSWORD);
      const email = pool.newEmail('throttled');
      await pool.createUser(email, PASSWORD);
      const fault = await breakOperation(page, 'InitiateAuth', (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/x-amz-json-1.1',
          headers: { 'x-amzn-errortype': `${throttle.error}:` },
          body: JSON.stringify({ __type: throttle.error, message: throttle.message }),
        }),
      );
      await fillSignIn(page, email);
      await expect(page.getByRole('alert')).toHaveText(throttle.shown);
      // The SDK's three attempts, then nothing more while the customer reads the message.
      expect(fault.attempts()).toBe(3);
      await page.waitForTimeout(2_000);
      expect(fault.attempts()).toBe(3);
      await expectFormKept(page, email);
    });
  }
});

test('corrupt or foreign values under the token keys lead to the sign-in screen, not a crash', async ({ page, pool }) => {
  const { userPoolClientId } = await pool.config();
  const prefix = `CognitoIdentityServiceProvider.${userPoolClientId}`;
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript((p) => {
    // Runs in the page, where localStorage exists (the e2e project is type-checked without DOM types).
    const storage = (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage;
    storage.setItem(`${p}.LastAuthUser`, 'intruder');
    storage.setItem(`${p}.intruder.accessToken`, 'definitely.not.a-jwt');
    storage.setItem(`${p}.intruder.idToken`, '{"json":"but not a token"}');
    storage.setItem(`${p}.intruder.clockDrift`, 'NaN');
    storage.setItem(`${p}.intruder.signInDetails`, '<script>alert(1)</script>');
  }, prefix);
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  const lastUser = await page.evaluate(
    (p) => (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem(`${p}.LastAuthUser`),
    prefix,
  );
  expect(lastUser).toBeNull();
  expect(errors).toEqual([]);
});
