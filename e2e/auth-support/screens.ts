/** Steps through the sign-in widget that several specs take, done the way a customer does them. */
import { expect, type Page } from '@playwright/test';
import { catalogue, type Words } from '../fixtures.ts';
import { escapeRegExp, expectPageItself } from '../flows.ts';

const en = catalogue('en');
const es = catalogue('es');

/** A control's name in English or in Spanish, the two languages these flows switch between. */
const either = (key: keyof Words) => new RegExp(`^(?:${[en[key], es[key]].map(escapeRegExp).join('|')})$`);

/** Fills the sign-in form and presses "Sign in"; where it leads is the caller's to check. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The dashboard shell is showing: the sign-in widget let the customer through. */
export async function expectDashboard(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: either('route.dashboard') })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Acceso para clientes' })).toHaveCount(0);
  await expectPageItself(page);
}

/**
 * The Account page once each of its sections has read what it shows (none is aria-busy any more): a section that
 * arrives moves the ones below it, so a press lower down waits for this.
 */
export async function expectAccountPage(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await expectPageItself(page);
  await expect(stillReading(page)).toHaveCount(0);
}

/** What on the page says it is still reading what it shows (aria-busy). */
export const stillReading = (page: Page) => page.locator('main [aria-busy="true"]');

/** Profile in the top bar signs out; the sign-in screen comes back. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: either('shell.profile') }).click();
  await expect(page.getByRole('button', { name: either('signIn') })).toBeVisible();
}

/** The screen's heading (each screen but sign-in and sign-up has one). */
export const screenHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });
