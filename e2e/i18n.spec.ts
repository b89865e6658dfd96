/**
 * The customer's own language on the production build (issue 24): a sign-in
 * to the dashboard and back in Arabic (right to left), Japanese and German,
 * picked from the browser's languages, with a wrong password refused in that
 * language first. The words are read from each catalogue, so the test checks
 * that the app shows the catalogue, not a copy of it; the catalogues
 * themselves are checked, all 31, by src/i18n/catalogues.test.ts.
 */
import { catalogue, expect, test } from './fixtures.ts';

const JOURNEYS = [
  { locale: 'ar', browser: 'ar-EG', dir: 'rtl' },
  { locale: 'ja', browser: 'ja-JP', dir: 'ltr' },
  { locale: 'de', browser: 'de-AT', dir: 'ltr' },
] as const;

const PASSWORD = 'Sprache-9-ok!';

for (const { locale, browser: browserLanguage, dir } of JOURNEYS) {
  test(`${locale}: signs in to the dashboard and out again in the browser's language, the wrong password refused in it`, async ({
    browser,
    pool,
    secrets,
  }) => {
    secrets.add(PASSWORD);
    const words = catalogue(locale);
    const email = pool.newEmail(`lang-${locale}`);
    await pool.createUser(email, PASSWORD);
    const context = await browser.newContext({ locale: browserLanguage });
    const page = await context.newPage();
    await page.goto('/dashboard');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('lang', locale);
    await expect(html).toHaveAttribute('dir', dir);
    // The product's name stays as it is in every language.
    await expect(page.getByRole('heading', { name: 'Acceso para clientes' })).toBeVisible();

    await page.getByRole('textbox', { name: words.email }).fill(email);
    await page.getByRole('textbox', { name: words.password, exact: true }).fill('Not-the-1-password!');
    await page.getByRole('button', { name: words.signIn, exact: true }).click();
    // Cognito's refusal, in the customer's language.
    await expect(page.getByRole('alert')).toHaveText(words['cognito.NotAuthorizedException.incorrectCredentials']);
    await expect(page.getByRole('textbox', { name: words.email })).toHaveValue(email);

    await page.getByRole('textbox', { name: words.password, exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: words.signIn, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: words['route.dashboard'] })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(words['route.dashboard']));
    await expect(html).toHaveAttribute('dir', dir);
    if (dir === 'rtl') {
      // The side menu sits on the right, the content on its left.
      const menu = await page.getByRole('navigation').first().boundingBox();
      const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
      expect(menu!.x).toBeGreaterThan(heading!.x);
    }

    await page.getByRole('button', { name: words['shell.profile'] }).click();
    await expect(page.getByRole('button', { name: words.signIn, exact: true })).toBeVisible();
    await expect(html).toHaveAttribute('lang', locale);
    await context.close();
  });
}
