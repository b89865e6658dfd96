import type { LoggedRequest } from './fixtures.ts';
import { expect, test, type Page, type Route } from '@playwright/test';

/** `text` as a regular expression that matches it alone, every character that means something there escaped. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Signs in through the sign-in screen of whatever protected page is open (or /dashboard). */
export async function signIn(page: Page, email: string, password: string, path = '/dashboard'): Promise<void> {
  if (!page.url().includes(path)) await page.goto(path);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Acceso para clientes' })).toHaveCount(0);
  await expectPageItself(page);
}

/**
 * The page itself is up, not the shell's frame that names it while its files arrive (src/layout/ShellFrame.tsx): the
 * frame's heading is the page's title, so a heading alone does not tell the two apart.
 */
export async function expectPageItself(page: Page): Promise<void> {
  await expect(page.locator('main[aria-busy="true"]')).toHaveCount(0);
}

/** The access token the app keeps in this page's localStorage (every tab of the context shares it), or null. */
export const storedAccessToken = (page: Page) =>
  page.evaluate(() => {
    const storage = (
      globalThis as unknown as { localStorage: { length: number; key(i: number): string | null; getItem(k: string): string | null } }
    ).localStorage;
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i)!;
      if (key.endsWith('.accessToken')) return storage.getItem(key);
    }
    return null;
  });

/**
 * The token refreshes the pages started, told apart by their AuthFlow. A retry
 * the SDK makes of a failed attempt (`amz-sdk-request: attempt=2`) is the same
 * refresh, not a second one.
 */
export const refreshRequests = (requests: LoggedRequest[]) =>
  requests.filter(
    (r) =>
      r.operation === 'InitiateAuth' &&
      r.body.includes('"REFRESH_TOKEN_AUTH"') &&
      !/attempt=[2-9]/.test(r.headers['amz-sdk-request'] ?? ''),
  );

/**
 * Sends the page's Cognito calls (user pool and identity pool, told by their
 * X-Amz-Target header) to `handler`. Only requests to other origins are
 * routed at all: the app's own files (hundreds of modules on the dev server)
 * go straight through, so a reload under a fault stays as fast as without.
 * That takes a pattern: Playwright hands every request to a function first.
 */
export async function routeCognitoCalls(page: Page, handler: (route: Route) => Promise<void>): Promise<void> {
  const app = new URL(test.info().project.use.baseURL ?? 'http://localhost').origin;
  await page.route(new RegExp(`^(?!${escapeRegExp(app)}/)`), async (route) => {
    if (route.request().headers()['x-amz-target']) await handler(route);
    else await route.continue();
  });
}
