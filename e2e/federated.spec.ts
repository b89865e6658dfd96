/**
 * Federated sign-in (issue 16) in a real browser against the production
 * build: the provider's button on the sign-in card, the test pool's hosted UI
 * and its stand-in page for the provider, the code exchanged on
 * /oauth/callback, the dashboard, and sign-out through the hosted UI's
 * /logout. The served /config.json is the app's own (the preview server adds
 * the test pool's hosted UI to it); each test adds the provider buttons, as a
 * deployment's config.json does.
 *
 * The stand-in pages exist only on the local test pool: a test that uses one
 * says needsStandInProviders() first, and QA mode skips it.
 */
import type { Page } from '@playwright/test';
import { expect, test, catalogue } from './fixtures.ts';
import { switchLanguage } from './auth-support/language.ts';
import { needsStandInProviders, requireNeed } from './needs.ts';
import type { TestPool } from './testPool.ts';

/** The Spanish words the customer reads, from the catalogue itself. */
const es = catalogue('es');

type Provider = 'google' | 'facebook' | 'amazon' | 'apple';
const LABELS: Record<Provider, string> = { google: 'Google', facebook: 'Facebook', amazon: 'Amazon', apple: 'Apple' };
/** The user-name prefix Cognito gives a linked user of each provider (the provider's name in the pool). */
const USER_NAME_PREFIX: Record<Provider, string> = {
  google: 'Google_',
  facebook: 'Facebook_',
  amazon: 'LoginWithAmazon_',
  apple: 'SignInWithApple_',
};

type Served = Record<string, unknown> & { oauth?: { redirectSignIn: string[] } & Record<string, unknown> };

/**
 * Serves the page the app's own /config.json with the four provider buttons,
 * changed by `change` (a wrong redirect URL, no hosted UI at all).
 */
async function withProviders(page: Page, change: (served: Served, origin: string) => Served = (served) => served): Promise<void> {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    const served = (await response.json()) as Served;
    const origin = new URL(route.request().url()).origin;
    await route.fulfill({ response, json: change({ ...served, socialProviders: ['amazon', 'apple', 'google', 'facebook'] }, origin) });
  });
}

/** The user the app keeps: the id token's user name and sub. */
async function signedInUser(page: Page): Promise<{ username: string; sub: string }> {
  const idToken = await page.evaluate(() => {
    const storage = (globalThis as unknown as { localStorage: Storage }).localStorage;
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i)!;
      if (key.endsWith('.idToken')) return storage.getItem(key);
    }
    return null;
  });
  expect(idToken, 'an id token in localStorage').toBeTruthy();
  const payload = JSON.parse(Buffer.from(idToken!.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, string>;
  return { username: payload['cognito:username']!, sub: payload.sub! };
}

/** On the stand-in provider page: types the identity the provider would vouch for, and continues or cancels. */
async function atStandIn(page: Page, provider: Provider, action: 'Continue' | 'Cancel', email = ''): Promise<void> {
  requireNeed(['stand-in providers'], 'signs in at a stand-in provider page');
  await expect(page.getByRole('heading', { name: `Sign in with ${LABELS[provider]}` })).toBeVisible();
  if (email) {
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Name').fill('Federated Customer');
  }
  await page.getByRole('button', { name: action }).click();
}

/** From the sign-in card to the dashboard, through the provider's stand-in page. */
async function federatedSignIn(page: Page, provider: Provider, email: string): Promise<void> {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: `Sign In with ${LABELS[provider]}` }).click();
  await atStandIn(page, provider, 'Continue', email);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
}

const newFederatedEmail = (pool: TestPool, provider: Provider) => pool.newEmail(`federated-${provider}`);

for (const provider of ['amazon', 'apple', 'google', 'facebook'] as const) {
  test(`${LABELS[provider]}: signs in through the hosted UI, signs out through /logout, and is the same linked user next time`, async ({
    page,
    pool,
  }) => {
    needsStandInProviders();
    await withProviders(page);
    const email = newFederatedEmail(pool, provider);
    await federatedSignIn(page, provider, email);
    const first = await signedInUser(page);
    expect(first.username.startsWith(USER_NAME_PREFIX[provider]), first.username).toBe(true);
    // The top bar names the customer by the e-mail the provider vouched for.
    const profile = page.getByRole('button', { name: 'Profile' });
    await profile.hover();
    await expect(page.getByRole('tooltip')).toHaveText(`Sign out ${email}`);
    // No password here: the Account page says where the customer signs in instead of offering Change Password.
    await page.getByRole('link', { name: 'Account' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'How you sign in' })).toBeVisible();
    await expect(page.getByText(`You sign in with ${LABELS[provider]}. `)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Password' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Change Password' })).toHaveCount(0);
    // The e-mail is the provider's, written again at each sign-in through it: shown, not offered for change.
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
    await expect(page.getByRole('textbox', { name: 'Email' })).not.toBeEditable();
    await expect(page.getByText(`Your e-mail comes from ${LABELS[provider]}, which updates it each time you sign in.`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Change e-mail' })).toHaveCount(0);
    // Nothing to verify here either: the provider's name, not an "Unverified" badge.
    await expect(page.getByText(`Managed by ${LABELS[provider]}`, { exact: true })).toBeVisible();
    await expect(page.getByText('Unverified', { exact: true })).toHaveCount(0);

    // Sign-out ends the hosted UI's session at /logout, which sends the customer back to the app.
    const logout = page.waitForRequest((request) => new URL(request.url()).pathname === '/logout');
    await profile.click();
    expect(new URL((await logout).url()).searchParams.get('logout_uri')).toBe(new URL('/', page.url()).href);
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.endsWith('.idToken')))).toEqual([]);

    await federatedSignIn(page, provider, email);
    expect(await signedInUser(page)).toEqual(first);
  });
}

test("a flow cancelled at the provider is said neutrally on the sign-in card, in Spanish too; spec §8's words go to the console", async ({
  page,
}) => {
  needsStandInProviders();
  await withProviders(page);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Sign In with Google' }).click();
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  await atStandIn(page, 'google', 'Cancel');
  // Said neutrally, as a status, not a red error; spec §8's words go to the console (and stay in the error object).
  await expect(page.getByRole('status')).toHaveText('You left the sign-in page of the provider without signing in. Choose how to sign in.');
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(logged).toContain('Federated sign-in: User cancelled OAuth flow.');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  await expect(page).toHaveURL(/\/dashboard$/);

  await switchLanguage(page, 'es');
  await page.getByRole('button', { name: es.federatedSignIn.replace('{provider}', 'Facebook') }).click();
  await atStandIn(page, 'facebook', 'Cancel');
  await expect(page.getByRole('status')).toHaveText(es.providerCancelled);
});

test('an answer whose state was tampered with shows the state validation message, and signs no one in', async ({ page, pool }) => {
  needsStandInProviders();
  await withProviders(page);
  // The state the app sent is replaced on its way to the hosted UI, which sends the replacement back.
  await page.route('**/oauth2/authorize?*', async (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set('state', 'tampered');
    await route.fulfill({ status: 302, headers: { location: url.href } });
  });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Sign In with Apple' }).click();
  await atStandIn(page, 'apple', 'Continue', newFederatedEmail(pool, 'apple'));
  await expect(page.getByRole('alert')).toHaveText('Hosted login state validation failed.');
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.endsWith('.idToken')))).toEqual([]);
});

test('a redirect URL the app client does not list ends on the hosted UI with its redirect_mismatch error', async ({ page }) => {
  needsStandInProviders();
  await withProviders(page, (served, origin) =>
    served.oauth ? { ...served, oauth: { ...served.oauth, redirectSignIn: [`${origin}/oauth/elsewhere`] } } : served,
  );
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Sign In with Amazon' }).click();
  await expect(page.getByRole('heading', { name: 'An error was encountered with the requested page.' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('redirect_mismatch');
});

test('without a hosted UI configured, a provider button says "oauth param not configured"', async ({ page }) => {
  await withProviders(page, ({ oauth: _oauth, ...served }) => served);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Sign In with Google' }).click();
  await expect(page.getByRole('alert')).toHaveText('oauth param not configured');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
});
