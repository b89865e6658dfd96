/**
 * The designers' studio (dev server only; docs/authenticator.md, "For
 * designers"). Every scenario opens on its route's screen with no console
 * error and looks as its committed picture in docs/screens/ (English, light;
 * `npm run screenshots` renders and updates the whole matrix through this
 * spec). The local inspector follows each transition, and the studio works
 * with every request off this machine refused. Nothing here talks to
 * Cognito: the scenarios bring their own scripted client, so QA mode leaves
 * these tests out (needs.ts, testsTheAppAlone).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { SCENARIOS, type Scenario } from '../machines/authenticator/scenarios.ts';
import type { ScreenRoute } from '../machines/authenticator/routes.ts';
import { expect, test, catalogue } from './fixtures.ts';
import { screenHeading } from './auth-support/screens.ts';
import { testsTheAppAlone } from './needs.ts';

testsTheAppAlone("the designers' studio, whose scenarios bring a scripted client of their own");

/** The Spanish words the customer reads, from the catalogue itself. */
const es = catalogue('es');

/**
 * Every test here runs with each request off this machine refused: the studio, its frames, the inspector and the
 * statechart need nothing beyond the dev server. (Only `?inspect`, the Stately inspector, goes online; none here asks for it.)
 */
let refused: string[] = [];
/**
 * Any address but this machine's. A pattern, not a function: Playwright matches a pattern where the browser is
 * driven, but hands every request to a function here first, and the dev server's hundreds of modules per page
 * (twice, with the scenario's frame) went through this process one by one.
 */
const OFF_THIS_MACHINE = /^(?!(?:https?|wss?):\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d+)?\/)/;
test.beforeEach(async ({ context }) => {
  refused = [];
  await context.route(OFF_THIS_MACHINE, (route) => {
    refused.push(route.request().url());
    return route.abort('blockedbyclient');
  });
});
test.afterEach(() => expect(refused, 'requests off this machine').toEqual([]));

/** What each route's screen is known by, in English. */
const SCREEN: Record<ScreenRoute, (page: Page) => Locator> = {
  signIn: (page) => page.getByRole('tab', { name: 'Sign In', selected: true }),
  signUp: (page) => page.getByRole('tab', { name: 'Create Account', selected: true }),
  confirmSignUp: (page) => screenHeading(page, 'Confirm your account'),
  confirmSignIn: (page) => screenHeading(page, 'Enter the code from your text message'),
  setupTotp: (page) => screenHeading(page, 'Set up an authenticator app'),
  forceNewPassword: (page) => screenHeading(page, 'Choose your own password'),
  forgotPassword: (page) => screenHeading(page, 'Reset your password'),
  confirmResetPassword: (page) => screenHeading(page, 'Choose a new password'),
  verifyUser: (page) => screenHeading(page, 'Verify your contact details'),
  confirmVerifyUser: (page) => screenHeading(page, 'Enter the verification code'),
  selectFactor: (page) => screenHeading(page, 'Choose how to sign in'),
  passkey: (page) => screenHeading(page, 'Sign in with a passkey'),
};
const SPECIAL_SCREEN: Record<string, (page: Page) => Locator> = {
  'confirmSignIn-totp': (page) => screenHeading(page, 'Enter the code from your authenticator app'),
  'confirmSignIn-choice': (page) => screenHeading(page, 'Choose your second step'),
  'confirmSignIn-email': (page) => screenHeading(page, 'Enter the code from your e-mail'),
  'confirmSignIn-password': (page) => screenHeading(page, 'Enter your password'),
  // The buttons come with their own chunk, after the form.
  'signIn-passwordless': (page) => page.getByRole('button', { name: 'E-mail me a code' }),
};
const screenOf = (page: Page, scenario: Scenario) => (SPECIAL_SCREEN[scenario.name] ?? SCREEN[scenario.route])(page);

/** Spec §8: a QR code that cannot be drawn is logged; that scenario's one expected console error. */
const EXPECTED_ERRORS: Record<string, RegExp> = { 'setupTotp-qr-failed': /^The TOTP QR code could not be made:/ };

/** `npm run screenshots` sets STUDIO_SCREENS=all for every language and scheme; the suite compares English, light. */
const MATRIX = process.env.STUDIO_SCREENS === 'all';
const LANGUAGES = MATRIX ? (['en', 'es', 'ar', 'de'] as const) : (['en'] as const);
const SCHEMES = MATRIX ? (['light', 'dark'] as const) : (['light'] as const);
/** The pictures' window: the card as on a desktop, without the empty page around it. */
export const PICTURE_VIEWPORT = { width: 480, height: 760 };

interface Opened {
  scenario: string;
  language: (typeof LANGUAGES)[number];
  scheme: 'light' | 'dark';
}

/**
 * The first scenario by its address, the next ones as the studio opens them: by a message to the page, without
 * the reload that would fetch the dev server's two hundred modules again. Either way the machine starts afresh.
 */
async function openScenario(page: Page, options: Opened): Promise<void> {
  if (!page.url().includes('scenario=')) {
    await page.goto(`/?scenario=${options.scenario}&lang=${options.language}&theme=${options.scheme}`);
  } else {
    await page.evaluate(
      (open) => window.postMessage({ source: 'authenticator-studio', type: 'open', options: open }, window.location.origin),
      options,
    );
  }
  await expect(page.locator(`html[data-scenario-ready="${options.scenario} ${options.language} ${options.scheme}"]`)).toBeAttached();
}

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('every scenario', () => {
  test.use({ viewport: PICTURE_VIEWPORT });

  test('opens on its route with no console error, and looks as its picture in docs/screens', async ({ page }) => {
    test.setTimeout(MATRIX ? 600_000 : 120_000);
    const errors = consoleErrors(page);
    for (const scenario of SCENARIOS) {
      for (const language of LANGUAGES) {
        for (const scheme of SCHEMES) {
          await test.step(`${scenario.name} ${language} ${scheme}`, async () => {
            errors.length = 0;
            await openScenario(page, { scenario: scenario.name, language, scheme });
            if (language === 'en') await expect(screenOf(page, scenario)).toBeVisible();
            if (scenario.variant === 'pending') await expect(page.getByRole('button', { disabled: true }).first()).toBeVisible();
            if (scenario.variant === 'error') await expect(page.getByRole('alert')).toBeVisible();
            if (scenario.route === 'setupTotp') {
              await expect(page.getByRole('img', { name: /QR/ }).or(page.getByTestId('qr-placeholder'))).toBeVisible();
            }
            await expect(page).toHaveScreenshot(`${scenario.name}.${language}.${scheme}.png`, {
              fullPage: true,
              // The same fonts antialias a hair differently from one machine to the next (the per-pixel threshold); one
              // changed letter of a heading already differs in more than these pixels.
              threshold: 0.2,
              maxDiffPixels: 60,
            });
            const expected = EXPECTED_ERRORS[scenario.name];
            expect(
              errors.filter((error) => !expected?.test(error)),
              'console errors',
            ).toEqual([]);
          });
        }
      }
    }
  });
});

const frameOf = (page: Page) => page.frameLocator('iframe[title^="Scenario"]');
const statePath = (page: Page) => page.getByTestId('state-path');

/** axe-core's browser build, the one @axe-core/playwright (the project's dependency) injects. */
const axeBuilderPath = createRequire(import.meta.url).resolve('@axe-core/playwright');
const axeSource = readFileSync(createRequire(axeBuilderPath).resolve('axe-core/axe.min.js'), 'utf8');

/** axe's rules for WCAG 2.2 A and AA (2.0, 2.1 and 2.2 tags; wcag22aa brings target-size, off by default). */
export const WCAG22_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The widths the issue names (a desktop and a phone), and the 320 CSS px that reflow (1.4.10) is judged at. */
const SWEEP_WIDTHS = [1280, 390] as const;
const REFLOW_WIDTH = 320;

/**
 * What the page as it stands breaks: axe's WCAG 2.2 AA violations, one line each. axe-core is put into the page
 * once (the sweep never reloads) and run there, asked for violations only: the sweep's cost is the checks.
 */
async function wcagViolations(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const result = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }).axe;
    const run = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return {
      rules: run.passes.length + run.violations.length + run.incomplete.length + run.inapplicable.length,
      targetSize: [run.passes, run.violations, run.incomplete, run.inapplicable].some((list) => list.some((r) => r.id === 'target-size')),
      violations: run.violations.map((v) => `${v.id} (${v.impact}) ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    };
  }, WCAG22_AA_TAGS);
  // An empty run would pass anything: the rules of these tags must have been there to run.
  if (result.rules < 50 || !result.targetSize) return [`${where}: axe ran only ${result.rules} rules (target-size: ${result.targetSize})`];
  return result.violations.map((line) => `${where}: ${line}`);
}

/**
 * 3.3.8 on one screen: every password and code field takes a paste (nothing cancels the event) and says what it
 * holds to password managers and the phone's code suggestions (autocomplete); the e-mail is the username.
 */
async function authenticationFieldFaults(page: Page, where: string): Promise<string[]> {
  const faults = await page.evaluate(() => {
    const found: string[] = [];
    const expected: [string, RegExp][] = [
      ['input[type="password"]', /^(current-password|new-password)$/],
      ['input[name="confirmation_code"], input[inputmode="numeric"]', /^one-time-code$/],
      ['input[name="email"], input[type="email"]', /^(username|email)( webauthn)?$/],
    ];
    for (const [selector, allowed] of expected) {
      for (const input of document.querySelectorAll<HTMLInputElement>(selector)) {
        const name = input.name || input.id;
        if (!allowed.test(input.autocomplete)) found.push(`${name}: autocomplete "${input.autocomplete}"`);
        const data = new DataTransfer();
        data.setData('text/plain', '123456');
        const paste = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
        input.dispatchEvent(paste);
        if (paste.defaultPrevented) found.push(`${name}: paste refused`);
      }
    }
    return found;
  });
  return faults.map((fault) => `${where}: ${fault}`);
}

/**
 * 1.4.12 on one screen: with the criterion's text spacing forced on everything (line height 1.5, paragraph spacing
 * 2, letter spacing 0.12, word spacing 0.16 of the font size), no box that hides its overflow cuts its content.
 */
async function textSpacingFaults(page: Page, where: string): Promise<string[]> {
  const clipped = await page.evaluate(async () => {
    const style = document.createElement('style');
    style.textContent =
      '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }';
    document.head.append(style);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('#root *')) {
      const css = getComputedStyle(element);
      const hides = [css.overflowX, css.overflowY].some((overflow) => overflow === 'hidden' || overflow === 'clip');
      // Boxes of a pixel or two are the screen-reader-only texts, and a pending button shows its spinner instead of its
      // words: both hidden on purpose.
      if (!hides || element.clientWidth <= 2 || element.clientHeight <= 2 || !element.textContent?.trim()) continue;
      if (element.closest('[data-loading]')) continue;
      if (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1) {
        found.push(`${element.tagName.toLowerCase()} "${element.textContent.trim().slice(0, 30)}"`);
      }
    }
    style.remove();
    return found;
  });
  return clipped.map((box) => `${where}: text spacing cuts ${box}`);
}

test('the studio scenarios meet WCAG 2.2 AA by axe in light and dark at 1280 and 390 px, reflow at 320 px, keep their text with wider spacing, and let codes and passwords be pasted', async ({
  page,
}) => {
  // One page for the whole sweep: each scenario opens in place (no reload), the width changes without one.
  test.setTimeout(240_000);
  const found: string[] = [];
  let checked = 0;
  for (const scenario of SCENARIOS) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width: SWEEP_WIDTHS[0], height: 800 });
      await openScenario(page, { scenario: scenario.name, language: 'en', scheme });
      await expect(screenOf(page, scenario)).toBeVisible();
      if (scheme === 'light') found.push(...(await authenticationFieldFaults(page, scenario.name)));
      for (const width of SWEEP_WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        found.push(...(await wcagViolations(page, `${scenario.name} ${scheme} ${width}px`)));
        checked++;
      }
      if (scheme === 'light') {
        found.push(...(await textSpacingFaults(page, `${scenario.name} ${SWEEP_WIDTHS[1]}px`)));
        // 1.4.10: at 320 CSS px nothing needs a sideways scroll (the card's content, not only the page, fits).
        await page.setViewportSize({ width: REFLOW_WIDTH, height: 640 });
        const overflow = await page.evaluate(() => {
          const widest = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
          const sticking = [...document.querySelectorAll('#root *')].filter(
            (el) => el.getBoundingClientRect().right > window.innerWidth + 1,
          );
          return {
            widest,
            sticking: sticking
              .slice(0, 3)
              .map((el) => el.tagName.toLowerCase() + (el.className ? `.${String(el.className).split(' ')[0]}` : '')),
          };
        });
        if (overflow.widest > REFLOW_WIDTH || overflow.sticking.length > 0) {
          found.push(`${scenario.name} at ${REFLOW_WIDTH}px: ${overflow.widest}px wide, past the edge: ${overflow.sticking.join(', ')}`);
        }
      }
    }
  }
  expect(found).toEqual([]);
  expect(checked).toBe(SCENARIOS.length * 2 * SWEEP_WIDTHS.length);
});

test('two-step verification with the keyboard alone: the second factor chosen with the arrows, its code typed, Enter signs in', async ({
  page,
}) => {
  // The real screens with the scenario's scripted client: choosing moves on to the app's code, which signs in.
  await openScenario(page, { scenario: 'confirmSignIn-choice', language: 'en', scheme: 'light' });
  await expect(screenHeading(page, 'Choose your second step')).toBeVisible();
  const radios = page.getByRole('radio');
  for (
    let presses = 0;
    presses < 10 && !(await radios.evaluateAll((all) => all.some((radio) => radio === document.activeElement)));
    presses++
  ) {
    await page.keyboard.press('Tab');
  }
  const app = page.getByRole('radio', { name: /authenticator app/ });
  const sms = page.getByRole('radio', { name: /text message/ });
  // The arrows move the choice within the group, each way.
  const start = (await sms.evaluate((el) => el === document.activeElement)) ? sms : app;
  const other = start === sms ? app : sms;
  await page.keyboard.press('ArrowDown');
  await expect(other).toBeFocused();
  await expect(other).toBeChecked();
  await page.keyboard.press('ArrowUp');
  await expect(start).toBeChecked();
  if (start !== app) await page.keyboard.press('ArrowDown');
  await expect(app).toBeChecked();
  for (
    let presses = 0;
    presses < 5 && !(await page.getByRole('button', { name: 'Confirm' }).evaluate((el) => el === document.activeElement));
    presses++
  ) {
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Enter');

  await expect(screenHeading(page, 'Enter the code from your authenticator app')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Code' })).toBeFocused();
  await page.keyboard.type('123456');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Signed in' })).toBeVisible();
});

test("a scenario in another language shows that language's words on the screens after the first, and no message key", async ({ page }) => {
  const de = catalogue('de');
  await openScenario(page, { scenario: 'signUp', language: 'de', scheme: 'light' });
  await expect(page.getByRole('button', { name: de['screen.createAccount'] })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  // A key where words belong (a part of the catalogue that did not arrive) reads like "screen.createAccount".
  await expect(page.locator('body')).not.toContainText(/\b(?:screen|passwordless|rule|client|cognito|exception)\.[A-Za-z]/);
  await openScenario(page, { scenario: 'setupTotp', language: 'ar', scheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: catalogue('ar')['screen.setupTotpHeading'] })).toBeVisible();
});

test('the local inspector shows the state, the redacted context and each event after every transition, at any width, language and scheme', async ({
  page,
}) => {
  const errors = consoleErrors(page);
  await page.goto('/studio?open=signIn');
  // The scenario's frame is a page of its own, which the dev server serves module by module after the studio's:
  // beside another worker on the 2-core machine it has taken more than the usual 10 s to report its first state.
  await expect(statePath(page)).toHaveText('signIn.idle', { timeout: 30_000 });
  await expect(page.locator('[data-state="signIn.idle"][data-active]')).toHaveCount(1);
  const log = page.getByTestId('event-log');
  await expect(log).toContainText('xstate.done.actor.loadSession');

  const frame = frameOf(page);
  await frame.getByRole('textbox', { name: 'Email' }).fill('ana@example.com');
  await frame.getByRole('textbox', { name: 'Password', exact: true }).fill('Studio-Secret-1');
  await frame.getByRole('button', { name: 'Sign in' }).click();
  await expect(frame.getByRole('heading', { name: 'Signed in' })).toBeVisible();
  await expect(statePath(page)).toHaveText('authenticated');
  await expect(page.locator('[data-state="authenticated"][data-active]')).toHaveCount(1);
  await expect(page.locator('[data-state="signIn"][data-active]')).toHaveCount(0);
  for (const event of ['SUBMIT', 'xstate.done.actor.signIn', 'xstate.done.actor.fetchUserAttributes'])
    await expect(log).toContainText(event);
  // Each row: a time of day to the millisecond, the event, the state it led to.
  await expect(log.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(/^\d\d:\d\d:\d\d\.\d{3}$/);
  await expect(page.getByTestId('context')).toContainText('"email": "ana@example.com"');

  await frame.getByRole('button', { name: 'Sign out' }).click();
  await expect(statePath(page)).toHaveText('signIn.idle');
  await expect(log).toContainText('SIGN_OUT');

  // A secret shown on the screen stays out of the inspector.
  await page
    .getByRole('button', { name: /^setupTotp\s*idle/ })
    .first()
    .click();
  await expect(statePath(page)).toHaveText('setupTotp.idle');
  await expect(frame.getByTestId('totp-secret')).toBeVisible();
  await expect(page.getByTestId('context')).toContainText('"totpSecretCode": "[redacted]"');
  expect(await page.locator('aside').innerText()).not.toContain('JBSWY3DP');
  expect(await page.locator('aside').innerText()).not.toContain('Studio-Secret-1');
  // Mobile, Spanish, dark: the frame follows, and the inspector with it through the choice of a second factor.
  await page.getByRole('button', { name: /^confirmSignIn-choice/ }).click();
  for (const choice of ['Mobile 390', 'Español', 'Dark']) await page.getByText(choice, { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect(page.locator('iframe[title^="Scenario"]')).toHaveAttribute('width', '390');
  await expect(frame.getByRole('heading', { name: es['screen.mfaChoiceHeading'] })).toBeVisible();
  await frame.getByRole('radio', { name: /TOTP/ }).check();
  await frame.getByRole('button', { name: es.confirm }).click();
  await expect(frame.getByRole('heading', { name: es['screen.totpHeading'] })).toBeVisible();
  await expect(statePath(page)).toHaveText('confirmSignIn.idle');
  await expect(page.getByTestId('context')).toContainText('"challengeName": "SOFTWARE_TOKEN_MFA"');
  await expect(page.getByTestId('statechart')).toHaveAttribute('aria-label', /current state: confirmSignIn\.idle/);
  expect(errors).toEqual([]);
});

test('?inspect still attaches the Stately inspector: it opens its window on stately.ai', async ({ page }) => {
  // The window itself would go online: its address is noted instead of opened.
  await page.addInitScript(() => {
    const page = window as unknown as { open: (url?: string | URL) => null; openedUrls: string[] };
    page.openedUrls = [];
    page.open = (url) => {
      page.openedUrls.push(String(url));
      return null;
    };
  });
  await page.goto('/?scenario=signIn&inspect');
  await expect(SCREEN.signIn(page)).toBeVisible();
  const opened = () => page.evaluate(() => (window as unknown as { openedUrls: string[] }).openedUrls);
  await expect
    .poll(async () => (await opened()).map((url) => new URL(url).hostname))
    .toContainEqual(expect.stringMatching(/(^|\.)stately\.ai$/));
});
