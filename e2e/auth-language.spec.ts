/**
 * Spanish as a customer chooses it: every word of the screens, the messages
 * of the form rules and of the pool, remembered across visits. Faults are
 * pool-wide, so the test that injects them runs on a test pool of its own.
 */
import type { Page } from '@playwright/test';
import { expect, test, catalogue } from './fixtures.ts';
import { expectNoAxeViolations } from './auth-support/a11y.ts';
import { switchLanguage } from './auth-support/language.ts';
import { afterEachOnPrivatePool, control, privatePoolForThisFile } from './auth-support/privatePool.ts';
import { expectDashboard } from './auth-support/screens.ts';
import { needsPrivatePool, testsTheAppAlone } from './needs.ts';

/** The Spanish words the customer reads, from the catalogue itself. */
const es = catalogue('es');

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const privatePool = privatePoolForThisFile();

afterEachOnPrivatePool(privatePool, (pool) => control(pool, 'faults', undefined, 'DELETE').then(() => undefined));

/** Sign-in in Spanish: the e-mail and password, then "Entrar". */
async function signInInSpanish(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: es.email }).fill(email);
  await page.getByRole('textbox', { name: es.password, exact: true }).fill(password);
  await page.getByRole('button', { name: es.signIn }).click();
}

test('a customer switches to Spanish, finds it again after a reload, and reads the rules and the pool in it', async ({
  page,
  pool,
  secrets,
}) => {
  const password = 'Espa-ñol-123!';
  secrets.add(password);
  const email = pool.newEmail('es');
  await pool.createUser(email, password);

  await page.goto('/dashboard');
  await expectNoAxeViolations(page, 'signIn');
  await switchLanguage(page, 'es');
  await expect(page.getByRole('tab', { name: es.tabSignIn })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: es.forgotPassword })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('customer-area.language'))).toBe('es');

  await page.reload();
  await expect(page.getByRole('main')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('button', { name: `${es.language}: Español` })).toBeVisible();
  // The product's heading is Spanish in every language, and says so.
  await expect(page.getByRole('heading', { name: 'Acceso para clientes' })).toHaveAttribute('lang', 'es');

  // Form rules of spec §5, in Spanish, linked to their fields.
  await page.getByRole('button', { name: es.signIn }).click();
  await expect(page.getByRole('textbox', { name: es.email })).toHaveAccessibleDescription(es['rule.required']);
  await page.getByRole('tab', { name: es.tabSignUp }).click();
  await page.getByRole('textbox', { name: es.password, exact: true }).fill('corta');
  await expect(page.getByText(es['rule.minLength'].replace('{count}', '8'))).toBeVisible();
  await expect(page.getByRole('button', { name: es.tabSignUp })).toBeDisabled();
  await expectNoAxeViolations(page, 'signUp with policy errors');
  await switchLanguage(page, 'es');

  // The pool's answer, translated; the form keeps what was typed.
  await page.getByRole('tab', { name: es.tabSignIn }).click();
  await signInInSpanish(page, email, 'Wrong-passw0rd');
  await expect(page.getByRole('alert')).toHaveText(es['cognito.NotAuthorizedException.incorrectCredentials']);
  await expect(page.getByRole('textbox', { name: es.email })).toHaveValue(email);
  await expectNoAxeViolations(page, 'signIn with an error');
  await switchLanguage(page, 'es');
  await signInInSpanish(page, email, password);
  await expectDashboard(page);
});

test('a network failure and throttling read in the customer language; a message nobody listed reads as it came', async ({ page }) => {
  needsPrivatePool('injects faults, which are pool-wide');
  const email = privatePool().pool.newEmail('faults');
  await page.goto('/dashboard');
  await switchLanguage(page, 'es');

  // Every attempt (the SDK tries three times) meets a service that is down: the client calls it a network error.
  await control(privatePool(), 'faults', { operation: 'InitiateAuth', count: 3, status: 503 });
  await signInInSpanish(page, email, 'Any-passw0rd!');
  await expect(page.getByRole('alert')).toHaveText(es['client.NetworkError']);
  await switchLanguage(page, 'en');
  await expect(page.getByRole('alert')).toHaveText('Network Error');

  await control(privatePool(), 'faults', { operation: 'InitiateAuth', count: 3, error: 'TooManyRequestsException' });
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Too many requests. Please wait a moment and try again.');
  await switchLanguage(page, 'es');
  await expect(page.getByRole('alert')).toHaveText(es['client.tooManyRequests']);

  await control(privatePool(), 'faults', {
    operation: 'InitiateAuth',
    error: 'NotAuthorizedException',
    message: 'A message nobody wrote down.',
  });
  await page.getByRole('button', { name: es.signIn }).click();
  await expect(page.getByRole('alert')).toHaveText('A message nobody wrote down.');
});

test('the language menu comes with the form: it opens at the first press, closes on Escape or a press outside, and chooses', async ({
  page,
}) => {
  testsTheAppAlone('the language menu and the catalogue');
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto('/dashboard');
  const button = page.getByRole('button', { name: 'Language: English' });
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeEditable();
  // The prerendered card is editable before the app has loaded (on a cold dev server, for seconds): count from the
  // moment the live form took over.
  await expect(page.locator('#sign-in-card')).toHaveCount(0);
  const before = fetched.length;
  await button.click();
  await expect(page.getByRole('menu', { name: 'Language' })).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  // Nothing of the menu's to fetch: it is part of the form's code. (Other work goes on meanwhile: the SDK is
  // fetched while the customer types, and on the dev server the router too.)
  expect(fetched.slice(before).filter((path) => /LanguageMenu/.test(path))).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(button).toBeFocused();
  await button.click();
  // A press outside it (the open list of thirty-one covers the heading below the button: the page's corner).
  await page.mouse.click(4, 4);
  await expect(page.getByRole('menu')).toHaveCount(0);
  await button.click();
  await page.getByRole('menuitem', { name: 'Español' }).click();
  await expect(page.getByRole('main')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(page.getByRole('button', { name: `${es.language}: Español` })).toBeFocused();
});

test('the pseudo-locale (development): every word on the card comes from the catalogue, and none is cut at 360 px', async ({ page }) => {
  testsTheAppAlone('the language menu and the catalogue');
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/dashboard?lang=en-XA');
  await expect(page.locator('#sign-in-card')).toHaveCount(0);
  await expect(page.getByRole('main')).toHaveAttribute('lang', 'en-XA');
  await expect(page.getByRole('button', { name: /Šíĝñ íñ/ }).first()).toBeVisible();
  const report = await page.evaluate(() => {
    // Pseudo-English is bracketed, accented and padded with ·; a text with none of that is not from the catalogue.
    const pseudo = /[⟦⟧·]|[\u00C0-\u024F\u1E00-\u1EFF]/;
    const ownWords = new Set(['Acceso para clientes', '*', 'Pseudo (en-XA)']);
    const untranslated: string[] = [];
    const cut: string[] = [];
    const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      const element = node.parentElement;
      if (!text || !element?.checkVisibility()) continue;
      if (!pseudo.test(text) && !ownWords.has(text)) untranslated.push(text);
      // A box that hides what overflows it and is narrower (or lower) than its text cuts the message.
      for (let box: HTMLElement | null = element; box && box.tagName !== 'MAIN'; box = box.parentElement) {
        const style = getComputedStyle(box);
        const hidesX = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
        const hidesY = style.overflowY !== 'visible';
        if ((hidesX && box.scrollWidth > box.clientWidth + 1) || (hidesY && box.scrollHeight > box.clientHeight + 1)) {
          cut.push(text);
          break;
        }
      }
    }
    return { untranslated, cut };
  });
  expect(report.untranslated, 'texts not from the catalogue').toEqual([]);
  expect(report.cut, 'texts cut by their box').toEqual([]);
});
