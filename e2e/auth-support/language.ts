import { expect, type Page } from '@playwright/test';

import { LOCALE_NAMES, type Locale } from '../../src/i18n/locales.ts';
import { catalogue } from '../fixtures.ts';

export type Language = Locale;

const NAMES: Record<Language, string> = LOCALE_NAMES;

/** The card's language menu, whatever language it is in now (English or Spanish, the languages these tests switch between). */
export const languageButton = (page: Page) =>
  page.getByRole('button', { name: new RegExp(`^(${catalogue('en').language}|${catalogue('es').language}): `) });

/** Switches the sign-in widget's language with its own menu, as a customer would. */
export async function switchLanguage(page: Page, language: Language): Promise<void> {
  const main = page.getByRole('main');
  if ((await main.getAttribute('lang')) === language) return;
  await languageButton(page).click();
  await page.getByRole('menuitem', { name: NAMES[language] }).click();
  await expect(main).toHaveAttribute('lang', language);
  // The menu fades out; until it has gone its half-closed list is still in the page (and in an axe scan).
  await expect(page.getByRole('menu')).toHaveCount(0);
}
