/**
 * Hostile input in the code fields of the second step: setting up an
 * authenticator app, and the code it gives at sign-in. MFA is a pool-wide
 * setting, so the spec has a pool of its own (see privatePool.ts).
 */
import { expect, test } from './fixtures.ts';
import { poolAdmin } from './auth-support/admin.ts';
import { CASES, codeBox, dismissAlert, expectKept, expectReadable, fillAll, submitAndRead, watchPage } from './auth-support/hostile.ts';
import { control, privatePoolForThisFile } from './auth-support/privatePool.ts';
import { expectDashboard, screenHeading, signOut, submitSignIn } from './auth-support/screens.ts';
import { totpCode } from './auth-support/totp.ts';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const privatePool = privatePoolForThisFile({ beforeStop: (pool) => poolAdmin(pool.config).setPoolMfa('OFF') });
const poolNow = async () => ((await control(privatePool(), 'clock')) as { now: number }).now;

test('authenticator codes: every hostile value at set-up and at sign-in gets the pool\'s answer, and the real codes still work', async ({ page, secrets }) => {
  const watch = watchPage(page);
  const password = 'H0stile-s3cond-step';
  secrets.add(password);
  const email = privatePool().pool.newEmail('hostile-totp');
  await privatePool().pool.createUser(email, password);
  await poolAdmin(privatePool().config).setPoolMfa('ON', { sms: false, totp: true });

  await page.goto('/dashboard');
  await submitSignIn(page, email, password);
  const setupHeading = screenHeading(page, 'Set up an authenticator app');
  await expect(setupHeading).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
  secrets.add(secret);
  for (const [name, value] of CASES) {
    await dismissAlert(page);
    const fields: [ReturnType<typeof codeBox>, string][] = [[codeBox(page), value]];
    const kept = await fillAll(fields);
    const outcome = await submitAndRead(page, page.getByRole('button', { name: 'Confirm' }), setupHeading);
    expect(outcome.kind, `set-up code with ${name}`).toBe('pool');
    expectReadable(outcome, value);
    await expectKept(fields, kept);
    await watch.expectClean(`set-up code with ${name}`);
  }
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
  for (const [name, value] of CASES) {
    await dismissAlert(page);
    const fields: [ReturnType<typeof codeBox>, string][] = [[codeBox(page), value]];
    const kept = await fillAll(fields);
    const outcome = await submitAndRead(page, page.getByRole('button', { name: 'Confirm' }), signInHeading);
    expect(outcome.kind, `sign-in code with ${name}`).toBe('pool');
    expectReadable(outcome, value);
    await expectKept(fields, kept);
    await watch.expectClean(`sign-in code with ${name}`);
  }
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
