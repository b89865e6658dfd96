/**
 * Hostile values and how to read what the sign-in widget made of them: the
 * shared part of the hostile-input specs (reliability-hostile-*.spec.ts).
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures.ts';

/** The values, named for the reports. The markup would set `__pwned` if it were ever parsed as HTML. */
export const HOSTILE: Record<string, string> = {
  'ten thousand characters': 'Aa1!'.repeat(2_500),
  'control characters': 'a\u0000b\u0007c\u001bd\u007fe\u0008f',
  'right-to-left text': '\u202Eمرحبا بالعالم\u202C עברית',
  emoji: '👩🏽‍💻🔐🧪✨',
  'script tags': '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=1">',
  'SQL-like text': "x' OR '1'='1'; DROP TABLE users;--",
};
export const CASES = Object.entries(HOSTILE);

/** What became of one submission. */
export type Outcome = { kind: 'field'; messages: string[] } | { kind: 'pool'; message: string } | { kind: 'next screen'; heading: string };

export const alert = (page: Page) => page.getByRole('alert');

/** Every page error, and whether the markup above ever ran. */
export function watchPage(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    async expectClean(what: string) {
      expect(errors, `script errors after ${what}`).toEqual([]);
      expect(await page.evaluate(() => (globalThis as { __pwned?: number }).__pwned), `markup ran after ${what}`).toBeUndefined();
      // Values live in inputs and text nodes only: no element came out of them.
      const made = await page
        .locator('img[src="x"], script')
        .evaluateAll(
          (elements) => elements.filter((element) => element.tagName === 'IMG' || (element.textContent ?? '').includes('__pwned')).length,
        );
      expect(made, `elements made from input after ${what}`).toBe(0);
    },
  };
}

/**
 * Presses `submit` and reads what happened. Field rules run as the click is
 * handled, so field errors are there at once; otherwise the form went to the
 * pool, and its answer is an alert (the previous one was dismissed first) or
 * the next screen.
 */
export async function submitAndRead(page: Page, submit: Locator, currentHeading: Locator | null): Promise<Outcome> {
  const invalid = page.locator('[aria-invalid="true"]');
  if (await submit.isDisabled()) {
    // Sign-up's button waits while a rule is broken; the rules the value breaks show under the field as it is typed.
    const messages = (await fieldMessages(page, 'input')).filter((text) => RULE_MESSAGES.test(text));
    return { kind: 'field', messages };
  }
  await submit.click();
  if ((await invalid.count()) > 0) return { kind: 'field', messages: await fieldMessages(page) };
  let outcome: Outcome | undefined;
  await expect(async () => {
    if (await alert(page).isVisible()) outcome = { kind: 'pool', message: (await alert(page).innerText()).trim() };
    else if (currentHeading && !(await currentHeading.isVisible())) {
      outcome = { kind: 'next screen', heading: (await page.locator('h1, h2').last().innerText({ timeout: 5_000 })).trim() };
    } else if ((await invalid.count()) > 0) outcome = { kind: 'field', messages: await fieldMessages(page) };
    expect(outcome).toBeDefined();
  }).toPass({ timeout: 15_000 });
  return outcome!;
}

/** The form rules' messages of spec §5 (the policy's, the match, a valid e-mail, a required field). */
export const RULE_MESSAGES = /Password must have|Your passwords must match|Please enter a valid email|This field is required/;

/** The texts that describe the invalid fields, or all `fields` (errors and rules are linked with aria-describedby). */
export async function fieldMessages(page: Page, fields = '[aria-invalid="true"]'): Promise<string[]> {
  return page.locator(fields).evaluateAll((inputs) =>
    inputs.flatMap((input) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .filter(Boolean)
        .map((id: string) => (input.ownerDocument.getElementById(id)?.textContent ?? '').trim())
        .filter(Boolean),
    ),
  );
}

/** A message a customer can read: short, with no program text in it, and not the value echoed back. */
export function expectReadable(outcome: Outcome, value: string) {
  const texts = outcome.kind === 'field' ? outcome.messages : outcome.kind === 'pool' ? [outcome.message] : [outcome.heading];
  expect(texts.length, JSON.stringify(outcome)).toBeGreaterThan(0);
  for (const text of texts) {
    expect(text.length, text).toBeGreaterThan(3);
    expect(text.length, text).toBeLessThan(300);
    expect(text).not.toMatch(/undefined|\[object|TypeError|at \w+ \(|An unknown error has occurred/);
    if (value.length > 20) expect(text).not.toContain(value);
  }
}

/** Dismisses the machine's alert, if one shows, so the next answer is a fresh one. */
export async function dismissAlert(page: Page) {
  const dismiss = page.getByRole('button', { name: 'Dismiss error' });
  if (await dismiss.isVisible()) await dismiss.click();
  await expect(alert(page)).toHaveCount(0);
}

/** Fills each field and reads back what the browser kept, to prove later that nothing was lost. */
export async function fillAll(fields: [Locator, string][]): Promise<string[]> {
  const kept: string[] = [];
  for (const [field, value] of fields) {
    await field.fill(value);
    kept.push(await field.inputValue());
  }
  return kept;
}

export async function expectKept(fields: [Locator, string][], kept: string[]) {
  for (const [index, [field]] of fields.entries()) await expect(field).toHaveValue(kept[index]!);
}

export const emailBox = (page: Page) => page.getByRole('textbox', { name: 'Email' });
export const passwordBox = (page: Page) => page.getByRole('textbox', { name: 'Password', exact: true });
export const codeBox = (page: Page, name = 'Code') => page.getByRole('textbox', { name, exact: true });

/** A password made of the hostile value (the e-mail must not contain it: the secrets guard would call that a leak). */
export const passwordOf = (value: string) => `P${value}`;

/**
 * Each hostile value in turn through one form that only the pool can judge
 * (codes): the pool answers every one with its own readable error, the
 * fields keep what was typed, and nothing runs.
 */
export async function expectPoolAnswersEach(
  page: Page,
  watch: ReturnType<typeof watchPage>,
  form: { what: string; submit: Locator; screen: Locator; fields: (value: string) => [Locator, string][] },
): Promise<void> {
  for (const [name, value] of CASES) {
    const what = `${form.what} with ${name}`;
    await dismissAlert(page);
    const fields = form.fields(value);
    const kept = await fillAll(fields);
    const outcome = await submitAndRead(page, form.submit, form.screen);
    expect(outcome.kind, what).toBe('pool');
    expectReadable(outcome, value);
    await expectKept(fields, kept);
    await watch.expectClean(what);
  }
}
