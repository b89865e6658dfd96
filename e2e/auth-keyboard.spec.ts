/** The whole flow with the keyboard alone: no click, no fill; Tab, arrows, Space, Enter and typing. */
import type { Locator, Page } from '@playwright/test';
import { expect, test, catalogue } from './fixtures.ts';
import { expectDashboard, screenHeading } from './auth-support/screens.ts';
import { needsOutbox } from './needs.ts';

/** The Spanish words the customer reads, from the catalogue itself. */
const es = catalogue('es');

/** Presses Tab (or Shift+Tab) until the element has the focus, as a keyboard user moves through the page. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  for (let presses = 0; presses < 15; presses++) {
    if (await target.evaluate((element) => element === element.ownerDocument.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

test('a customer switches the language, signs up, confirms and is signed in with the keyboard alone', async ({ page, pool, secrets }) => {
  needsOutbox();
  const password = 'Keyb0ard-only!';
  secrets.add(password);
  const email = pool.newEmail('keyboard');
  await page.goto('/dashboard');
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();

  // The language menu: Shift+Tab back to it, Enter opens it, the arrows and typed letters reach the languages, Enter chooses.
  const language = page.getByRole('button', { name: 'Language: English' });
  await tabTo(page, language, 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'English' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'العربية' })).toBeFocused();
  // Thirty-one languages: typing the first letters of one goes to it.
  await page.keyboard.type('es');
  await expect(page.getByRole('menuitem', { name: 'Español' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('button', { name: `${es.language}: Español` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'English' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toHaveAttribute('lang', 'en');

  // The tabs: Tab into the list, an arrow moves to "Create Account", and the focus goes on to its first field.
  await tabTo(page, page.getByRole('tab', { name: 'Sign In' }));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Create Account' })).toHaveAttribute('aria-selected', 'true');
  const emailField = page.getByRole('textbox', { name: 'Email' });
  await expect(emailField).toBeFocused();
  await page.keyboard.type(email);

  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeFocused();
  await page.keyboard.type(password);
  // The show-password toggle is reachable and says whether it is on.
  await page.keyboard.press('Tab');
  const toggle = page.getByRole('button', { name: 'Show password' }).first();
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveAttribute('type', 'text');
  await page.keyboard.press('Space');
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveAttribute('type', 'password');

  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Confirm Password' })).toBeFocused();
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');

  const code = page.getByRole('textbox', { name: 'Confirmation Code' });
  await expect(code).toBeFocused();
  await page.keyboard.type(await pool.latestCode(email));
  await page.keyboard.press('Enter');
  // Confirmed and signed in at once: no password to type again.
  await expectDashboard(page);
});

test('a customer resets a forgotten password with the keyboard alone', async ({ page, pool, secrets }) => {
  needsOutbox();
  const old = 'Forg0tten-one!';
  const renewed = 'Rem3mbered-one!';
  secrets.add(old);
  secrets.add(renewed);
  const email = pool.newEmail('keyboard-reset');
  await pool.createUser(email, old);

  await page.goto('/dashboard');
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
  await page.keyboard.type(email);
  await tabTo(page, page.getByRole('button', { name: 'Forgot your password?' }));
  await page.keyboard.press('Enter');

  await expect(screenHeading(page, 'Reset your password')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('textbox', { name: 'Code' })).toBeFocused();
  await page.keyboard.type(await pool.latestCode(email));
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'New Password' })).toBeFocused();
  await page.keyboard.type(renewed);
  await tabTo(page, page.getByRole('textbox', { name: 'Confirm Password' }));
  await page.keyboard.type(renewed);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.type(renewed);
  await page.keyboard.press('Enter');
  await expectDashboard(page);
});

/**
 * 2.4.11: the part of the focused element left visible between the top bar (which stays at the top of the page)
 * and the bottom of the window, in CSS pixels of height; 0 when the element is wholly hidden.
 */
const visibleHeightOfFocus = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return -1;
    const bars = [...document.querySelectorAll('header')].filter((bar) => ['fixed', 'sticky'].includes(getComputedStyle(bar).position));
    const top = Math.max(0, ...bars.map((bar) => bar.getBoundingClientRect().bottom));
    const rect = focused.getBoundingClientRect();
    return Math.max(0, Math.min(rect.bottom, window.innerHeight) - Math.max(rect.top, top));
  });

test('the Account page on a phone with the keyboard alone: every control reached is in view with its focus ring, and a new password is set and announced', async ({
  page,
  pool,
  secrets,
}) => {
  const old = 'Acc0unt-keys!';
  const renewed = 'Acc0unt-keys-2!';
  secrets.add(old);
  secrets.add(renewed);
  const email = pool.newEmail('keyboard-account');
  await pool.createUser(email, old);
  await page.setViewportSize({ width: 390, height: 740 });
  await page.goto('/dashboard/account');
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(old);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeFocused();
  // The journey starts on the whole page: the heading shows while the sections read what they show (aria-busy), and
  // a Tab pressed then goes past the heading to the footer, the only control after it yet (CI, on a busy machine).
  await expect(page.getByRole('textbox', { name: 'Current Password' })).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeFocused();

  // Through the whole page with Tab: the focus moves on each time and is never hidden under the top bar.
  const hidden: string[] = [];
  const unringed: string[] = [];
  let reached = 0;
  for (let presses = 0; presses < 60; presses++) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el ? `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"` : '';
    });
    if ((await visibleHeightOfFocus(page)) <= 0) hidden.push(name);
    // 2.4.7: a control other than a text field (which shows the focus by its border) draws a focus ring.
    const ring = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      if (el.matches('input:not([type="checkbox"]):not([type="radio"]), textarea')) return true;
      const css = getComputedStyle(el);
      return (css.outlineStyle !== 'none' && parseFloat(css.outlineWidth) >= 1) || css.boxShadow !== 'none';
    });
    if (!ring) unringed.push(name);
    reached++;
    if (await page.getByRole('textbox', { name: 'Current Password' }).evaluate((el) => el === document.activeElement)) break;
  }
  expect(hidden, 'focused controls hidden under the top bar or off screen').toEqual([]);
  expect(unringed, 'focused controls without a focus ring').toEqual([]);
  expect(reached, 'Tab presses to the current password').toBeGreaterThan(3);

  // The password section with the keyboard: typed, Tab (past each eye), Enter; the outcome is announced.
  await page.keyboard.type(old);
  await tabTo(page, page.getByRole('textbox', { name: 'New Password' }));
  await page.keyboard.type(renewed);
  await tabTo(page, page.getByRole('textbox', { name: 'Confirm Password' }));
  await page.keyboard.type(renewed);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Your password is changed.' })).toBeVisible();
  expect(await visibleHeightOfFocus(page)).not.toBe(0);

  // 1.4.10: at 320 CSS px the page needs no sideways scroll.
  await page.setViewportSize({ width: 320, height: 640 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});
