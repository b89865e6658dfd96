import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIResponse, Browser, BrowserContext, Page } from '@playwright/test';
import { inlineScriptHashes, styleAttributeHashes } from '../scripts/security/securityHeaders.ts';
import { BUDGET, gzipSize, kb, measureBuild, startupScriptBytes } from '../scripts/vite/budget.ts';
import { COMPILE_HINT, RUNS_ON_LOAD } from '../scripts/vite/compileHints.ts';
import { DEVELOPMENT_ONLY_WORDS } from '../scripts/vite/productionRouter.ts';
import { MODULES, readManifest, staticClosure } from '../scripts/vite/manifest.ts';
import { STABLE_TIMEOUT_MS } from '../src/pwa/schedule.ts';
import { catalogue, cognitoCalls, expect, test, type LoggedRequest } from './fixtures.ts';
import { expectPageItself, routeCognitoCalls } from './flows.ts';
import { needsPrivatePool, testsTheAppAlone } from './needs.ts';
import { realPool } from './realPool.ts';

/**
 * The production build, served by `vite preview` (playwright.config.ts, project "production"): the headers, the
 * sign-in card prerendered into index.html, the service worker, and what a sign-in costs.
 */

const PASSWORD = 'Pr0duction-build!';
/** What most tests here are about: the app alone, whatever pool signs its customers in, so QA mode leaves them out. */
const APP_ALONE = "the production build's own start-up, loading and files";
/** where the suite's production build is served from (playwright.config.ts) */
const SERVED_DIR = join('node_modules/.e2e-dist', process.env.E2E_PREVIEW_PORT ?? '4273');

// The shared fixtures log every request of the test's own context, and a service worker's requests have no page
// to name: the worker is blocked there, and the worker's own tests open contexts of their own (which carry no token).
test.use({ serviceWorkers: 'block' });

/** The path the page asks for the served build's file of `module` (scripts/vite/manifest.ts) by. */
const servedFile = (module: string) => `/${readManifest(SERVED_DIR)[module]!.file}`;

/** Whether the page has asked for the file at `path` so far. */
const askedFor = (requests: readonly LoggedRequest[], path: string) => requests.some((request) => new URL(request.url).pathname === path);

const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `));

/** Where the app's Cognito calls go: the endpoint it is given, or AWS's user pool and identity pool hosts (QA mode on AWS). */
const cognitoOrigins = (endpoint: string) =>
  realPool && !realPool.endpoint
    ? [
        `https://cognito-idp.${realPool.region}.amazonaws.com`,
        ...(realPool.identityPoolId ? [`https://cognito-identity.${realPool.region}.amazonaws.com`] : []),
      ]
    : [new URL(endpoint).origin];

/** Types the e-mail and password into whichever sign-in card shows and presses its "Sign in". */
async function pressSignIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Fills and submits whichever sign-in card shows, then waits for the dashboard. */
async function signIn(page: Page, email: string): Promise<void> {
  await pressSignIn(page, email);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expectPageItself(page);
}

/** The machine's JS files (XState, the machine, its actors), which the entry does not hold, as paths. */
function machineFiles(): string[] {
  const entry = measureBuild(SERVED_DIR).interactive.files.js;
  return staticClosure(readManifest(SERVED_DIR), [MODULES.machine])
    .js.filter((file) => !entry.includes(file))
    .map((file) => `/${file}`);
}

/** The JS files, as paths, that import any of `files` (directly or through others): the build's other lazy chunks. */
function importersOf(files: string[]): string[] {
  const manifest = readManifest(SERVED_DIR);
  const importers = Object.keys(manifest)
    .map((key) => ({ file: `/${manifest[key]!.file}`, closure: staticClosure(manifest, [key]).js.map((file) => `/${file}`) }))
    .filter(({ file, closure }) => !files.includes(file) && closure.some((dependency) => files.includes(dependency)));
  return [...new Set(importers.map(({ file }) => file))];
}

/** Holds back the page's requests for `url` until the returned function is called; then they go on. */
async function holdRequests(page: Page, url: string | RegExp | ((url: URL) => boolean)): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Waits until every stylesheet the page links has arrived (the card's styles: a layout read before them is the unstyled one). */
async function stylesheetsIn(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null),
  );
}

/** The Content-Security-Policy violations the page reports on its console from now on. */
function policyViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

type Changed = { body?: string; headers?: Record<string, string> };

/** Serves /dashboard as the preview server answers it, with the body or headers `change` gives, as a host or a proxy might change it. */
async function changeDashboard(page: Page, change: (response: APIResponse) => Changed | Promise<Changed>) {
  await page.route('**/dashboard', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, ...(await change(response)) });
  });
}

/**
 * A context of its own with the worker allowed, on `path` (after `before`, if given) once the worker controls the
 * page and keeps the configuration for an offline start. On a sign-in path the app registers the worker once the
 * signed-in page is up, or after 30 s on the card (src/main.tsx): the page's clock is moved on that far, so a visitor
 * who stays on the card is served too.
 */
async function openUnderWorker(
  browser: Browser,
  path = '/dashboard',
  before?: (page: Page) => Promise<void>,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.clock.install();
  await before?.(page);
  await page.goto(path);
  // Moved on again until the worker controls the page: a move made before the app has set its 30 s timer (the
  // prerendered card shows first) would pass it by. A page that loaded while a worker registered by `before` was
  // activating is left to the next load (its navigation went to the network, and the worker's claim came before
  // the page was there to be claimed), as a customer's would be: reloaded. (In-page checks go through
  // page.evaluate: waitForFunction evaluates strings with eval, which the CSP forbids.)
  await expect(async () => {
    await page.clock.fastForward(STABLE_TIMEOUT_MS);
    const { controlled, active } = await page.evaluate(async () => ({
      controlled: navigator.serviceWorker.controller !== null,
      active: (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated',
    }));
    if (!controlled && active) await page.reload();
    expect(controlled).toBe(true);
  }).toPass({ timeout: 30_000 });
  await expect.poll(() => page.evaluate(() => caches.match('/config.json').then(Boolean))).toBe(true);
  return { context, page };
}

/** The registration's active and waiting workers' script URLs. */
const workers = (page: Page) =>
  page.evaluate(() =>
    navigator.serviceWorker
      .getRegistration()
      .then((r) => ({ active: r?.active?.scriptURL ?? null, waiting: r?.waiting?.scriptURL ?? null })),
  );

test.describe('production headers', () => {
  test('every response carries the Content-Security-Policy and the Referrer-Policy; the only inline scripts are the start-up scripts, by their hashes', async ({
    request,
    pool,
  }) => {
    const { endpoint } = await pool.config();
    const built = readFileSync(join(SERVED_DIR, 'index.html'), 'utf8');
    const cardStyleHashes = styleAttributeHashes(built);
    expect(cardStyleHashes.length).toBeGreaterThan(0);
    const startupHashes = inlineScriptHashes(built);
    expect(startupHashes).toHaveLength(2);
    for (const path of ['/', '/dashboard', '/index.html', '/sw.js', '/config.json']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const headers = response.headers();
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      const policy = headers['content-security-policy'] ?? '';
      expect(directive(policy, 'script-src'), path).toBe(`script-src 'self' ${startupHashes.join(' ')}`);
      expect(directive(policy, 'frame-ancestors'), path).toBe("frame-ancestors 'none'");
      // A test pool (the local one, or QA's stand-in) serves both the user pool and the identity pool; on AWS they
      // are two hosts. No GraphQL API is configured.
      expect(directive(policy, 'connect-src'), path).toBe(`connect-src 'self' ${cognitoOrigins(endpoint).join(' ')}`);
      // Style attributes only as the prerendered card has them; <style> elements as Mantine writes them.
      expect(directive(policy, 'style-src-attr'), path).toBe(`style-src-attr 'unsafe-hashes' ${cardStyleHashes.join(' ')}`);
      expect(directive(policy, 'style-src-elem'), path).toBe("style-src-elem 'self' 'unsafe-inline'");
      expect(directive(policy, 'require-trusted-types-for'), path).toBe("require-trusted-types-for 'script'");
      expect(headers['cross-origin-opener-policy'], path).toBe('same-origin');
      expect(headers['strict-transport-security'], path).toBe('max-age=31536000');
    }
    // The page served is the one the hashes were read from: its inline scripts are the two start-up scripts, in
    // <head>; every other script is a file; no element has an inline event handler.
    const html = await (await request.get('/dashboard')).text();
    expect(inlineScriptHashes(html)).toEqual(startupHashes);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.match(/<script>/g)).toHaveLength(2);
    const withSource = (html.match(/<script\b[^>]*>/g) ?? []).filter((tag) => tag !== '<script>');
    expect(withSource.length).toBeGreaterThanOrEqual(1);
    for (const tag of withSource) expect(tag).toMatch(/\bsrc="\/[^"]+"/);
    expect(html).not.toMatch(/\son[a-z]+="/);
  });

  test('an inline script the build did not write is refused', async ({ page }) => {
    testsTheAppAlone(APP_ALONE);
    const violations = policyViolations(page);
    // The page as served, with one more inline script, as markup injected on its way would add it.
    await changeDashboard(page, async (response) => ({
      body: (await response.text()).replace('</head>', '<script>document.documentElement.dataset.injected = "ran"</script></head>'),
    }));
    await page.goto('/dashboard');
    // The start-up scripts ran (the card shows, as they decided); the injected one did not.
    await expect(page.locator('html')).toHaveAttribute('data-sign-in-card', 'shown');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await page.locator('html').getAttribute('data-injected')).toBeNull();
    await expect.poll(() => violations.length).toBeGreaterThan(0);
  });

  test("a host whose policy lacks the start-up scripts' hashes still serves the sign-in form: the card never shows, the app draws its own", async ({
    page,
  }) => {
    testsTheAppAlone(APP_ALONE);
    const violations = policyViolations(page);
    // The page as a host would serve it that wrote its own headers and left the hashes out (docs/deploy.md). A page
    // fulfilled by the test is not on the loopback address space for Chromium, which then refuses its requests to the
    // local pool: this checks the form the customer gets, not a sign-in on it.
    await changeDashboard(page, (response) => {
      const headers = response.headers();
      const policy = headers['content-security-policy']!.replace(/script-src [^;]*/, "script-src 'self'");
      return { headers: { ...headers, 'content-security-policy': policy } };
    });
    // The app's entry held back: until it runs, the page is what the browser made of index.html alone.
    const entry = `/${readManifest(SERVED_DIR)[MODULES.entry]!.file}`;
    const releaseEntry = await holdRequests(page, (url) => url.pathname === entry);
    await page.goto('/dashboard', { waitUntil: 'commit' });
    // The card needs its script to show: without it, it never paints, so nobody types into a card that nothing
    // watches (what they typed would be lost when the app takes it away).
    await expect(page.locator('#root')).toBeAttached();
    await stylesheetsIn(page);
    await expect(page.locator('#sign-in-card')).toBeAttached();
    await expect(page.locator('#sign-in-card')).toBeHidden();
    releaseEntry();
    // Neither start-up script ran; the app found no card shown, took the prerendered one away and drew its own.
    await expect(page.locator('#root').getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.locator('#sign-in-card')).toHaveCount(0);
    expect(await page.locator('html').getAttribute('data-sign-in-card')).toBeNull();
    expect(violations.length).toBeGreaterThanOrEqual(2);
    const email = page.locator('#root').getByRole('textbox', { name: 'Email' });
    await email.fill('customer@example.com');
    await expect(email).toHaveValue('customer@example.com');
  });

  test('a whole sign-in breaks no rule of the policy, in two Cognito requests, with the SDK fetched while the customer types', async ({
    page,
    pool,
    requests,
  }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Trusted(HTML|Script|ScriptURL)/i.test(message.text())) violations.push(message.text());
    });
    const email = pool.newEmail('production');
    await pool.createUser(email, PASSWORD);
    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    const before = cognitoCalls(requests).length;
    await signIn(page, email);
    expect(
      cognitoCalls(requests)
        .slice(before)
        .filter((call) => call === 'InitiateAuth' || call === 'RespondToAuthChallenge'),
    ).toEqual(['InitiateAuth', 'RespondToAuthChallenge']);
    expect(violations).toEqual([]);
  });
});

test('markup written into the page is refused, text is let through (Trusted Types)', async ({ page }) => {
  testsTheAppAlone(APP_ALONE);
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  const outcome = await page.evaluate(() => {
    const probe = document.createElement('div');
    const attempt = (write: () => void) => {
      try {
        write();
        return 'written';
      } catch (error) {
        return (error as Error).name;
      }
    };
    return {
      markup: attempt(() => (probe.innerHTML = '<img src="/favicon.svg">')),
      adjacent: attempt(() => probe.insertAdjacentHTML('beforeend', '<b>bold</b>')),
      text: attempt(() => (probe.innerHTML = 'plain text, &lt;b&gt; as text')),
      children: probe.children.length,
      foreignScript: attempt(() => (document.createElement('script').src = 'https://example.com/x.js')),
      ownScript: attempt(() => (document.createElement('script').src = '/assets/x.js')),
    };
  });
  expect(outcome).toEqual({
    markup: 'TypeError',
    adjacent: 'TypeError',
    text: 'written',
    children: 0,
    foreignScript: 'TypeError',
    ownScript: 'written',
  });
});

test.describe('the prerendered sign-in card', () => {
  test('shows the form with JavaScript turned off', async ({ browser }) => {
    testsTheAppAlone(APP_ALONE);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Acceso para clientes' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await context.close();
  });

  /**
   * Stops the page's timers (its clock installed before it loaded) from now on, time included. The app draws after a
   * sign-in pressed on the card once that sign-in has ended, or after 150 ms: with the timers stopped, only the first
   * can happen, however slowly a busy machine's pool answers (in one CI run it took longer than 150 ms). pauseAt moves
   * the clock on to the time it is given, so that time must still lie ahead when the call arrives; on a busy machine
   * the page's clock can pass a time read a moment before ("Cannot fast-forward to the past", once in .ci/run): it is
   * then read again. Each try moves the clock on by 5 ms at most, well short of the 150 ms set at the press.
   */
  async function pauseTimers(page: Page): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await page.clock.pauseAt(await page.evaluate(() => Date.now() + 5));
        return;
      } catch (error) {
        if (attempt === 5 || !String(error).includes('to the past')) throw error;
      }
    }
  }

  /** Watches for the app's own sign-in form (its e-mail field) from now on: the returned function says whether it was ever drawn. */
  async function watchLiveSignInForm(page: Page): Promise<() => Promise<boolean>> {
    await page.evaluate(() => {
      const watch = new MutationObserver(() => {
        if (!document.querySelector('#root input[type="email"]')) return;
        performance.mark('test:form-drawn');
        watch.disconnect();
      });
      watch.observe(document, { childList: true, subtree: true });
    });
    return async () => page.evaluate(() => performance.getEntriesByName('test:form-drawn').length > 0);
  }

  /**
   * Holds the app's code back until `release` is called, so the customer meets the prerendered card: the entry,
   * or with `every` all of the app's JavaScript. Returns once the card's styles are in, as a customer first sees it.
   * Before that its stylesheet may still be on its way, and the layout a test reads is the unstyled one: a pointer
   * put down on "Sign in" there was on another part of the card once the styles came, and its press was lost (one
   * CI run).
   */
  async function holdAppCode(page: Page, code: 'entry' | 'every' = 'entry'): Promise<() => void> {
    const release = await holdRequests(page, code === 'entry' ? /\/assets\/index-[\w-]+\.js$/ : /\/assets\/.+\.js$/);
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await expect(page.locator('html')).toHaveAttribute('data-sign-in-card', 'shown');
    // Its stylesheets in (what its first paint waits for), read without the page's clock, which a test may have replaced.
    await stylesheetsIn(page);
    return release;
  }

  test("paints in the visitor's language before any of the app's code runs, then hands over in it", async ({ browser }) => {
    testsTheAppAlone(APP_ALONE);
    const words = catalogue('es');
    const context = await browser.newContext({ locale: 'es-ES' });
    const page = await context.newPage();
    const release = await holdAppCode(page, 'every');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    // No JavaScript of the app has run: the words came with the start-up script's small file.
    await expect(page.getByRole('textbox', { name: words.email })).toBeVisible();
    await expect(page.getByRole('button', { name: words.signIn, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: `${words.language}: Español` })).toBeVisible();
    await page.getByRole('textbox', { name: words.email }).fill('ana@example.com');
    release();
    await expect(page.locator('#sign-in-card')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: words.email })).toHaveValue('ana@example.com');
    await expect(page.getByRole('tab', { name: words.tabSignUp })).toBeVisible();
    await context.close();
  });

  test('a press of the German "Anmelden" button on the prerendered card signs in, not the tab of the same name', async ({
    browser,
    pool,
  }) => {
    testsTheAppAlone(APP_ALONE);
    const words = catalogue('de');
    // The submit button and the sign-in tab share a name in German: the press must find the button again.
    expect(words.signIn).toBe(words.tabSignIn);
    const email = pool.newEmail('anmelden');
    await pool.createUser(email, PASSWORD);
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    const release = await holdAppCode(page);
    await page.getByRole('textbox', { name: words.email }).fill(email);
    await page.getByRole('textbox', { name: words.password, exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: words.signIn, exact: true }).click();
    release();
    await expect(page.getByRole('heading', { level: 1, name: words['route.dashboard'] })).toBeVisible();
    await context.close();
  });

  test('hands over to the live form with what was typed', async ({ page, pool }) => {
    testsTheAppAlone(APP_ALONE);
    const email = pool.newEmail('handover');
    await pool.createUser(email, PASSWORD);
    const release = await holdAppCode(page);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    release();
    await expect(page.locator('html')).not.toHaveAttribute('data-sign-in-card', 'shown');
    await expect(page.locator('#sign-in-card')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  test('keeps the keyboard in the field the customer was typing in when the app takes over', async ({ page }) => {
    testsTheAppAlone(APP_ALONE);
    const release = await holdAppCode(page);
    await page.getByRole('textbox', { name: 'Email' }).fill('someone@example.com');
    await page.getByRole('textbox', { name: 'Password', exact: true }).focus();
    release();
    await expect(page.locator('#sign-in-card')).toHaveCount(0);
    // The live card's first screen has mounted: whatever its mount effect does, the next keys must still go to
    // the password field, and not (in clear text) to the e-mail field.
    await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeFocused();
    await page.keyboard.type('typed-after');
    await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue('typed-after');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('someone@example.com');
  });

  test('carries out Enter pressed in the prerendered card once the app has started', async ({ page, pool }) => {
    testsTheAppAlone(APP_ALONE);
    const email = pool.newEmail('early-enter');
    await pool.createUser(email, PASSWORD);
    const release = await holdAppCode(page);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: 'Password', exact: true }).press('Enter');
    release();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  test('a press begun on the prerendered card before the app takes over is carried out: the card stays until it ends', async ({
    page,
    pool,
  }) => {
    testsTheAppAlone(APP_ALONE);
    const email = pool.newEmail('held-press');
    await pool.createUser(email, PASSWORD);
    const release = await holdAppCode(page);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    const box = await page.getByRole('button', { name: 'Sign in', exact: true }).boundingBox();
    if (!box) throw new Error('The prerendered "Sign in" has no box.');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    release();
    // The app has started (the sign-in's code, asked for as the customer began on the card, has arrived) and waits:
    // the prerendered card stays while the pointer is down on it. Swapped now, the press would begin on one button
    // and end on its twin, and nothing would be pressed.
    await expect(page.locator('#sign-in-card')).toHaveAttribute('data-held', '');
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /\/signingIn-/.test(entry.name))))
      .toBe(true);
    await expect(page.locator('html')).toHaveAttribute('data-sign-in-card', 'shown');
    await expect(page.locator('#root input')).toHaveCount(0);
    await page.mouse.up();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  test('a sign-in pressed on the prerendered card goes to the pool before the app draws; ended by then, the dashboard follows the card, no form drawn', async ({
    page,
    pool,
    requests,
  }) => {
    testsTheAppAlone(APP_ALONE);
    const email = pool.newEmail('early-start');
    await pool.createUser(email, PASSWORD);
    await page.clock.install();
    const release = await holdAppCode(page);
    const formDrawn = await watchLiveSignInForm(page);
    await pressSignIn(page, ` ${email} `);
    await pauseTimers(page);
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const calls = cognitoCalls(requests).filter((call) => call === 'InitiateAuth' || call === 'RespondToAuthChallenge');
    expect(calls, 'one sign-in, sent from the card').toEqual(['InitiateAuth', 'RespondToAuthChallenge']);
    // The e-mail as the form sends it, trimmed.
    const initiate = requests.find((request) => request.operation === 'InitiateAuth')!;
    expect((JSON.parse(initiate.body) as { AuthParameters?: { USERNAME?: string } }).AuthParameters?.USERNAME).toBe(email);
    expect(await formDrawn(), 'the live form was never drawn').toBe(false);
    await expect(page.locator('#sign-in-card')).toHaveCount(0);
    // Signed in as by the live form: a reload stays signed in.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('a sign-in pressed on the prerendered card that ends before the app draws still meets the checks after a sign-in: an unverified e-mail is offered for verifying', async ({
    page,
    pool,
  }) => {
    testsTheAppAlone(APP_ALONE);
    const email = pool.newEmail('early-unverified');
    await pool.createUser(email, PASSWORD, { email_verified: 'false' });
    await page.clock.install();
    const release = await holdAppCode(page);
    const formDrawn = await watchLiveSignInForm(page);
    await pressSignIn(page, email);
    await pauseTimers(page);
    release();
    await expect(page.getByRole('heading', { name: 'Verify your contact details' })).toBeVisible();
    expect(await formDrawn(), 'the live sign-in form was never drawn').toBe(false);
    await page.getByRole('button', { name: 'Skip' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test("after a sign-in pressed on the prerendered card, an unverified e-mail's offer gets the AWS SDK while it waits, not after the page", async ({
    page,
    pool,
    requests,
  }) => {
    testsTheAppAlone(APP_ALONE);
    const email = pool.newEmail('early-unverified-sdk');
    await pool.createUser(email, PASSWORD, { email_verified: 'false' });
    const sdk = servedFile(MODULES.userPoolSdk);
    const release = await holdAppCode(page);
    await pressSignIn(page, email);
    await expect(page.locator('#sign-in-card')).toHaveAttribute('data-pressed', /Sign in/);
    release();
    await expect(page.getByRole('heading', { name: 'Verify your contact details' })).toBeVisible();
    // Its "Verify" sends with the SDK: asked for once the offer is up and idle, though no signed-in page has shown.
    await expect.poll(() => askedFor(requests, sdk)).toBe(true);
    await expect(page.getByRole('heading', { name: 'Verify your contact details' })).toBeVisible();
  });

  test('a sign-in pressed on the prerendered card that the pool is slow to answer: the live form says it is under way meanwhile', async ({
    page,
    pool,
  }) => {
    testsTheAppAlone(APP_ALONE);
    const email = pool.newEmail('early-slow');
    await pool.createUser(email, PASSWORD);
    // The pool's answer to InitiateAuth held until the test lets it go.
    let held = false;
    let answer: () => void = () => {};
    await page.route('**/*', async (route) => {
      if (!/InitiateAuth$/.test(route.request().headers()['x-amz-target'] ?? '')) return route.fallback();
      held = true;
      await new Promise<void>((resolve) => (answer = resolve));
      await route.fallback();
    });
    const release = await holdAppCode(page);
    await pressSignIn(page, email);
    release();
    await expect.poll(() => held).toBe(true);
    // Drawn while the pool has not answered: the live form, waiting with the sign-in.
    await expect(page.locator('#sign-in-card')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Forgot your password?' })).toBeDisabled();
    answer();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('a sign-in pressed on the prerendered card meets an outage with "Network Error", after its own request and the SDK\'s three', async ({
    page,
    pool,
  }) => {
    testsTheAppAlone(APP_ALONE);
    const email = pool.newEmail('early-outage');
    await pool.createUser(email, PASSWORD);
    let attempts = 0;
    await routeCognitoCalls(page, async (route) => {
      if (!route.request().headers()['x-amz-target']?.endsWith('.InitiateAuth')) return route.continue();
      attempts++;
      await route.fulfill({
        status: 503,
        contentType: 'application/x-amz-json-1.1',
        body: '{"__type":"InternalErrorException","message":"Service Unavailable"}',
      });
    });
    const release = await holdAppCode(page);
    await pressSignIn(page, email);
    release();
    await expect(page.getByRole('alert')).toHaveText('Network Error');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
    await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue(PASSWORD);
    // The card's one request, sent once, then the live form's through the SDK, which tries three times.
    expect(attempts).toBe(4);
  });

  test("a wrong password pressed on the prerendered card gets the pool's refusal once, on the live form", async ({
    page,
    pool,
    requests,
  }) => {
    testsTheAppAlone(APP_ALONE);
    const email = pool.newEmail('early-wrong');
    await pool.createUser(email, PASSWORD);
    const release = await holdAppCode(page);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Wrong-passw0rd!');
    await page.getByRole('textbox', { name: 'Password', exact: true }).press('Enter');
    release();
    await expect(page.getByRole('alert')).toHaveText('Incorrect e-mail or password.');
    await expect(page.locator('#sign-in-card')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
    expect(
      cognitoCalls(requests).filter((call) => call === 'RespondToAuthChallenge'),
      'one attempt counted by the pool',
    ).toHaveLength(1);
    // The customer corrects the password and signs in on the live form.
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('a sign-in pressed on the prerendered card with what the form refuses sends nothing, and the form says why', async ({
    page,
    requests,
  }) => {
    testsTheAppAlone(APP_ALONE);
    const release = await holdAppCode(page);
    await pressSignIn(page, 'not-an-address');
    release();
    await expect(page.locator('#sign-in-card')).toHaveCount(0);
    await expect(page.getByText('Please enter a valid email')).toBeVisible();
    expect(cognitoCalls(requests)).toEqual([]);
  });

  test("asks for /config.json once, while the app's code is still on its way, and the app takes that answer", async ({
    page,
    requests,
  }) => {
    const configs = () => requests.filter((request) => new URL(request.url).pathname === '/config.json').length;
    const release = await holdAppCode(page, 'every');
    // Only the start-up script can have asked: none of the app's code has arrived.
    await expect.poll(configs).toBe(1);
    release();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('#sign-in-card')).toHaveCount(0);
    expect(configs(), 'the app asked no second time').toBe(1);
  });

  test('a press of "Sign in" on the prerendered card asks for the sign-in\'s code at once, and for the AWS SDK not before the sign-in has ended', async ({
    page,
    pool,
    requests,
  }) => {
    testsTheAppAlone(APP_ALONE);
    const email = pool.newEmail('early-sdk');
    await pool.createUser(email, PASSWORD);
    const sdk = servedFile(MODULES.userPoolSdk);
    const code = servedFile(MODULES.signingIn);
    const askedAt = (file: string) => requests.find((request) => new URL(request.url).pathname === file)?.at;
    // When the pool's last answer to the sign-in came: recorded as Playwright reports it, after every request before it.
    const lastAnswer = page
      .waitForResponse((response) => response.request().headers()['x-amz-target']?.endsWith('.RespondToAuthChallenge') === true)
      .then(() => Date.now());
    // The configuration held back too: without it the app cannot start, so only the start-up script can ask.
    const releaseConfig = await holdRequests(page, '**/config.json');
    const releaseEntry = await holdAppCode(page);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    expect(askedAt(sdk) ?? askedAt(code)).toBeUndefined();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('#sign-in-card')).toHaveAttribute('data-pressed', /Sign in/);
    // The sign-in's code: asked for at once, before the app has started.
    await expect.poll(() => askedAt(code)).toBeDefined();
    releaseEntry();
    releaseConfig();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    // The sign-in sends its requests by fetch: the SDK, asked for while they were on their way, only took the
    // main thread and the connection from them. The app asks for it once the sign-in has ended, if at all by now.
    const sdkAt = askedAt(sdk);
    if (sdkAt !== undefined) expect(sdkAt).toBeGreaterThanOrEqual(await lastAnswer);
    expect(cognitoCalls(requests)).toEqual(['InitiateAuth', 'RespondToAuthChallenge']);
  });

  test("after a sign-in pressed on the prerendered card, the AWS SDK waits for the signed-in page, not only for the sign-in's end", async ({
    page,
    pool,
    requests,
  }) => {
    testsTheAppAlone(APP_ALONE);
    const email = pool.newEmail('sdk-after-page');
    await pool.createUser(email, PASSWORD);
    const sdk = servedFile(MODULES.userPoolSdk);
    const router = servedFile(MODULES.router);
    const asked = (path: string) => askedFor(requests, path);
    // The router's file held back: the signed-in page cannot show.
    const releaseRouter = await holdRequests(page, `**${router}`);
    const releaseEntry = await holdAppCode(page);
    await pressSignIn(page, email);
    await expect(page.locator('#sign-in-card')).toHaveAttribute('data-pressed', /Sign in/);
    releaseEntry();
    // The sign-in has ended: the signed-in page's frame names the page, and its files are asked for. Then two idle
    // periods: fetched once the sign-in had ended and the page was idle, the app had asked for the SDK by now.
    await expect(page.locator('main[aria-busy="true"]').getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect.poll(() => asked(router)).toBe(true);
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
    expect(asked(sdk), "the SDK waits while the signed-in page's files are on their way").toBe(false);
    releaseRouter();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expectPageItself(page);
    // For a sign-in that may follow a sign-out: once the page is up and idle.
    await expect.poll(() => asked(sdk)).toBe(true);
  });

  test("a sign-in pressed on the prerendered card before the app's code has come asks for the signed-in page's files with its first request", async ({
    page,
    pool,
  }) => {
    testsTheAppAlone(APP_ALONE);
    const email = pool.newEmail('early-files');
    await pool.createUser(email, PASSWORD);
    const router = servedFile(MODULES.router);
    const events: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === router) events.push('router asked');
      if (request.headers()['x-amz-target']?.endsWith('.InitiateAuth')) events.push('InitiateAuth sent');
    });
    page.on('requestfinished', (request) => {
      if (request.headers()['x-amz-target']?.endsWith('.RespondToAuthChallenge')) events.push('signed in');
    });
    const release = await holdAppCode(page);
    await pressSignIn(page, email);
    await expect(page.locator('#sign-in-card')).toHaveAttribute('data-pressed', /Sign in/);
    release();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expectPageItself(page);
    // Once each, the router's file before the sign-in's end (pressed once the app is running, it comes after: the
    // test of the signed-in page's files below).
    expect(events.filter((event) => event !== 'router asked')).toEqual(['InitiateAuth sent', 'signed in']);
    expect(events.filter((event) => event === 'router asked')).toHaveLength(1);
    expect(events.indexOf('router asked')).toBeLessThan(events.indexOf('signed in'));
  });

  test('a press of "Create Account" or "Forgot your password?" on the prerendered card is not lost', async ({ page }) => {
    testsTheAppAlone(APP_ALONE);
    let release = await holdAppCode(page);
    await page.getByRole('tab', { name: 'Create Account' }).click();
    release();
    await expect(page.getByRole('tab', { name: 'Create Account' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('textbox', { name: 'Confirm Password' })).toBeVisible();

    await page.unrouteAll({ behavior: 'wait' });
    release = await holdAppCode(page);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    release();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  });

  test('a returning signed-in customer never sees a sign-in form painted', async ({ page, pool }) => {
    testsTheAppAlone(APP_ALONE);
    const email = pool.newEmail('returning');
    await pool.createUser(email, PASSWORD);
    await page.goto('/dashboard');
    await signIn(page, email);

    // Before every frame the browser paints, note whether any sign-in form would be on it.
    await page.addInitScript(`
      window.formPainted = [];
      const check = () => {
        for (const selector of ['#sign-in-card', 'input[autocomplete="current-password"]']) {
          const element = document.querySelector(selector);
          if (element && element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden') window.formPainted.push(selector);
        }
        requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    `);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.locator('#sign-in-card')).toHaveCount(0);
    expect(await page.evaluate(() => (window as Window & { formPainted?: unknown }).formPainted)).toEqual([]);
  });
});

test.describe('the service worker', () => {
  testsTheAppAlone(APP_ALONE);

  // One worker per origin: these tests install, replace and go offline in turn.
  test.describe.configure({ mode: 'serial' });

  test('is registered, and a reload while offline shows the app and says the customer is offline', async ({ browser }) => {
    const { context, page } = await openUnderWorker(browser);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

    await context.setOffline(true);
    const answer = await page.reload();
    expect(answer?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    // Chromium's emulation leaves navigator.onLine true in a document created while it is on; setting it again
    // reaches the page as a real drop of the connection would (an "offline" event).
    await context.setOffline(false);
    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
    await expect(page.getByText('Signing in and loading new pages need a connection.')).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByText('You are offline')).toHaveCount(0);
    await context.close();
  });

  /** Opens `path` as the address bar, a link or a bookmark would, offline: the worker answers, and the page says so. */
  async function openOffline(context: BrowserContext, page: Page, path: string): Promise<void> {
    await context.setOffline(true);
    const answer = await page.goto(path);
    expect(answer?.fromServiceWorker(), path).toBe(true);
    // See the reload test above: the emulation reaches a document created offline once set again.
    await context.setOffline(false);
    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
  }

  // Whichever page installed the worker, any app URL opened offline is the app: the sign-in card where no session
  // is stored, the public pages as they are.
  test('after a visit to the landing page, /dashboard and a deep dashboard page open offline on the sign-in card', async ({ browser }) => {
    const { context, page } = await openUnderWorker(browser, '/');
    await openOffline(context, page, '/dashboard');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await openOffline(context, page, '/dashboard/uikit/table');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await context.close();
  });

  test('after a visit to a dashboard page or the 404 page, the landing page and an unknown URL open offline', async ({ browser }) => {
    for (const first of ['/dashboard/uikit/table', '/notfound']) {
      const { context, page } = await openUnderWorker(browser, first);
      await openOffline(context, page, '/');
      await expect(page.getByRole('heading', { name: 'Your customer area' }), first).toBeVisible();
      await openOffline(context, page, '/no/such/page');
      await expect(page.getByRole('heading', { name: 'Not Found' }), first).toBeVisible();
      await context.close();
    }
  });

  test('signed in, a dashboard page opened offline after a visit to the landing page shows the signed-in page', async ({
    browser,
    pool,
  }) => {
    const email = pool.newEmail('offline');
    await pool.createUser(email, PASSWORD);
    const { context, page } = await openUnderWorker(browser, '/dashboard', async (page) => {
      await page.goto('/dashboard');
      await signIn(page, email);
    });
    await page.goto('/');
    await openOffline(context, page, '/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await context.close();
  });

  test('offers a reload when a new version is deployed, and the reload brings it in', async ({ browser }) => {
    // Installing the new version precaches the app shell again, which on a loaded machine has taken longer than 20 s.
    test.slow();
    const { context, page } = await openUnderWorker(browser);
    expect((await workers(page)).active).toMatch(/\/sw\.js$/);

    // A deploy: the served worker changes (its precache list would, with new file names).
    const file = join(SERVED_DIR, 'sw.js');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n// deployed ${Date.now()}\n`);

    // The browser looks for a new worker on the next navigation; the app offers the reload once it is waiting, and,
    // on the sign-in card, once the signed-in page is up or 30 s have passed (it does not interrupt a sign-in).
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    // The app's own form in place of the prerendered card: the app has started, and set its 30 s timer (it draws
    // once the card has been left alone a moment, so the card's button alone says nothing of it).
    await expect(page.locator('#sign-in-card')).toHaveCount(0);
    await page.clock.fastForward(STABLE_TIMEOUT_MS);
    // The offer follows the new worker's install: waited for as such, not for a fixed time (it failed twice in CI
    // waiting 20 s for the notice).
    await expect.poll(async () => (await workers(page)).waiting, { timeout: 90_000 }).toMatch(/\/sw\.js$/);
    const notice = page.getByRole('status').filter({ hasText: 'A new version is ready' });
    await expect(notice).toBeVisible();
    const reloaded = page.waitForEvent('load');
    await notice.getByRole('button', { name: 'Reload' }).click();

    // The page reloaded under the new worker, and nothing is waiting any more.
    await reloaded;
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(notice).toHaveCount(0);
    expect(await workers(page)).toEqual({ active: expect.stringMatching(/\/sw\.js$/), waiting: null });
    await context.close();
  });
});

test('a dashboard page whose code cannot be fetched shows the error page with a Reload button', async ({ page, pool }) => {
  testsTheAppAlone(APP_ALONE);
  const email = pool.newEmail('chunk');
  await pool.createUser(email, PASSWORD);
  await page.goto('/dashboard');
  await signIn(page, email);
  await page.route(/\/assets\/EmptyPage-[\w-]+\.js$/, (route) => route.abort());
  await page.evaluate(() => {
    history.pushState(null, '', '/dashboard/pages/empty');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  // The shell stays around it.
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toHaveCount(0);
});

test('once a sign-in ends, every file of the signed-in page is asked for at once, and none before it ends', async ({ page, pool }) => {
  testsTheAppAlone(APP_ALONE);
  const html = readFileSync(join(SERVED_DIR, 'index.html'), 'utf8');
  const meta = /<meta name="signed-in-files" content="([^"]*)" data-home-path="([^"]*)" data-home="([^"]*)"/.exec(html);
  expect(meta, "index.html lists the signed-in page's files").not.toBeNull();
  const [, shell, homePath, home] = meta!;
  expect(homePath).toBe('/dashboard');
  const listed = [...shell!.split(' '), ...home!.split(' ')];
  const manifest = readManifest(SERVED_DIR);
  for (const module of [MODULES.router, MODULES.protectedLayout]) expect(listed).toContain(`/${manifest[module]!.file}`);

  const email = pool.newEmail('signed-in-files');
  await pool.createUser(email, PASSWORD);
  // In the order the browser reports them: each listed file's request, each one's arrival, and the sign-in's end.
  const events: string[] = [];
  const listedPath = (url: string) => {
    const path = new URL(url).pathname;
    return listed.includes(path) ? path : undefined;
  };
  page.on('request', (request) => {
    const path = listedPath(request.url());
    if (path) events.push(`asked ${path}`);
  });
  page.on('requestfinished', (request) => {
    const path = listedPath(request.url());
    if (path) events.push(`arrived ${path}`);
    if (request.headers()['x-amz-target']?.endsWith('.RespondToAuthChallenge')) events.push('signed in');
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(events, 'nothing of the signed-in page before the sign-in').toEqual([]);
  await signIn(page, email);
  // Each once: a preload the page's own import does not reuse would be asked for a second time.
  await expect.poll(() => events.filter((event) => event.startsWith('arrived')).length).toBe(listed.length);
  expect(events[0]).toBe('signed in');
  const firstArrival = events.findIndex((event) => event.startsWith('arrived'));
  const askedLate = events.slice(firstArrival).filter((event) => event.startsWith('asked'));
  expect(askedLate, 'asked for only after another of them had arrived').toEqual([]);
});

test("the moment a sign-in ends, the signed-in page's frame names the page; nothing moves when the page arrives, whose heading takes the keyboard", async ({
  page,
  pool,
}) => {
  testsTheAppAlone(APP_ALONE);
  const email = pool.newEmail('frame');
  await pool.createUser(email, PASSWORD);
  const router = servedFile(MODULES.router);
  const releaseRouter = await holdRequests(page, `**${router}`);
  await page.goto('/dashboard/uikit/button');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Signed in, the router still on its way: the card has gone, and the frame names the page the address is for.
  const heading = page.getByRole('heading', { level: 1, name: 'Button' });
  await expect(heading).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
  await expect(page.getByRole('main')).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Customer area');
  // Where the title's text starts, and its line (the page's heading box is narrower: its column has a measure).
  const place = async () => {
    const box = (await heading.boundingBox())!;
    return { x: box.x, y: box.y, height: box.height };
  };
  const framed = await place();
  releaseRouter();
  // The page itself: the shell's menu is there, and its heading is where the frame drew the title.
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(page.getByRole('main')).not.toHaveAttribute('aria-busy');
  await expect(heading).toBeVisible();
  expect(await place()).toEqual(framed);
  // The keyboard goes to the page's own heading, not to the frame's, which went and would have dropped it on the page.
  await expect(heading).toBeFocused();
});

test("after a sign-in, the service worker's registration waits for the signed-in page, not only for the sign-in's end", async ({
  page,
  pool,
  requests,
}) => {
  testsTheAppAlone(APP_ALONE);
  const registration = servedFile(MODULES.serviceWorker);
  const router = servedFile(MODULES.router);
  const asked = (path: string) => askedFor(requests, path);
  const email = pool.newEmail('worker-after-page');
  await pool.createUser(email, PASSWORD);
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The router's file held back: the signed-in page cannot show.
  const release = await holdRequests(page, `**${router}`);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Asked for at the sign-in's end. Then two idle periods of the page: registering once the sign-in had ended and the
  // page was idle, the app had asked for the registration's code by now.
  await expect.poll(() => asked(router)).toBe(true);
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
  expect(asked(registration), "the worker's code waits while the signed-in page's files are on their way").toBe(false);
  release();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect.poll(() => asked(registration)).toBe(true);
});

test("the screens after sign-in's load while the customer types; if they cannot be fetched, the card says so and tries again", async ({
  page,
}) => {
  testsTheAppAlone(APP_ALONE);
  // The connection drops once the entry and the machine are in, until the customer has seen what that means: every
  // other file fails, each for the first time (a file the browser saw fail once stays failed: src/chunks/retryable.ts).
  const later = `/${readManifest(SERVED_DIR)[MODULES.laterScreens]!.file}`;
  const arrived = [...measureBuild(SERVED_DIR).interactive.files.js.map((file) => `/${file}`), ...machineFiles()];
  let reachable = false;
  let refused = 0;
  await page.route(/\/assets\/[^/]+\.js(?:\?|$)/, async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (reachable || arrived.includes(path)) return route.continue();
    if (path === later) refused++;
    return route.abort('internetdisconnected');
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeEditable();
  // They were asked for while the customer was on the sign-in screen, before any later screen was wanted.
  await expect.poll(() => refused).toBeGreaterThan(0);
  await page.getByRole('tab', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert')).toContainText('This step could not be loaded. Check the connection and try again.');
  reachable = true;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('textbox', { name: 'Confirm Password' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
});

test("the sign-in form is up before the machine's code has come; if it cannot be fetched, the card says so and a press asks again", async ({
  page,
  pool,
}) => {
  testsTheAppAlone(APP_ALONE);
  const email = pool.newEmail('machine-chunk');
  await pool.createUser(email, PASSWORD);
  // The connection is down for the machine's files, and for every file that imports them (the later screens'), until
  // the customer has seen what that means: a file the browser saw fail stays failed (src/chunks/retryable.ts), so one
  // that imports the machine must not reach for it while it is down, as none could in a real outage.
  const machine = machineFiles();
  const cutOff = [...machine, ...importersOf(machine)];
  let reachable = false;
  let refused = 0;
  await page.route(
    (url) => cutOff.includes(url.pathname),
    async (route) => (reachable ? route.continue() : (refused++, route.abort())),
  );
  await page.goto('/dashboard');
  // The live form, not the prerendered card, without the machine: it was asked for once the form was up.
  await expect(page.locator('#sign-in-card')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeEditable();
  await expect.poll(() => refused).toBeGreaterThan(0);
  await expect(page.getByRole('alert')).toContainText('Network Error');
  reachable = true;
  await signIn(page, email);
});

test("a press on the live form before the machine's code has come waits for it, then signs in", async ({ page, pool }) => {
  testsTheAppAlone(APP_ALONE);
  const email = pool.newEmail('machine-held');
  await pool.createUser(email, PASSWORD);
  const machine = machineFiles();
  const release = await holdRequests(page, (url) => machine.includes(url.pathname));
  await page.goto('/dashboard', { waitUntil: 'commit' });
  // The live form, drawn once the card has been left alone (a press on the card would sign in from there).
  const live = page.locator('#root');
  await expect(live.getByRole('textbox', { name: 'Email' })).toBeVisible();
  await expect(page.locator('#sign-in-card')).toHaveCount(0);
  await live.getByRole('textbox', { name: 'Email' }).fill(email);
  await live.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await live.getByRole('button', { name: 'Sign in' }).click();
  // Kept, the buttons waiting, until the machine is there and has read that no session is stored.
  await expect(page.getByRole('button', { name: 'Forgot your password?' })).toBeDisabled();
  release();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('the e-mailed code and passkey paths are fetched while the customer types: pressing either fetches no code', async ({
  page,
  pool,
  requests,
}) => {
  needsPrivatePool('the local pool allows e-mailed codes and passkeys as first factors');
  const manifest = readManifest(SERVED_DIR);
  const email = pool.newEmail('no-round-trip');
  await pool.createUser(email, PASSWORD);
  // The deployment says which first factors the pool allows (e2e/passwordless.spec.ts).
  await page.route('**/config.json', async (route) => {
    const served = (await (await route.fetch()).json()) as Record<string, unknown>;
    await route.fulfill({ json: { ...served, firstFactors: ['PASSWORD', 'EMAIL_OTP', 'WEB_AUTHN'] } });
  });
  const scripts = (from = 0) =>
    requests
      .slice(from)
      .map((request) => new URL(request.url).pathname.slice(1))
      .filter((path) => path.endsWith('.js'));
  await page.goto('/dashboard');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  // Choice-based sign-in and the browser's WebAuthn calls arrive while the form is idle, beside the SDK: each with
  // the files it imports (the WebAuthn calls share one with choice-based sign-in), all of which a press would wait for.
  const wanted = staticClosure(manifest, [MODULES.userPoolSdk, MODULES.userAuth, MODULES.webAuthn]).js;
  await expect.poll(() => scripts()).toEqual(expect.arrayContaining(wanted));

  let pressed = requests.length;
  await page.getByRole('button', { name: 'E-mail me a code' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Enter the code from your e-mail' })).toBeVisible();
  expect(scripts(pressed), 'JS fetched after "E-mail me a code"').toEqual([]);

  await page.getByRole('button', { name: 'Back to Sign In' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  pressed = requests.length;
  // This customer has no passkey: the pool offers its choice.
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Choose how to sign in' })).toBeVisible();
  expect(scripts(pressed), 'JS fetched after "Sign in with a passkey"').toEqual([]);
});

test("the chunks a sign-in and its first page run begin with Chromium's compile hint, each name on the list is built, and no other chunk has it", () => {
  testsTheAppAlone(APP_ALONE);
  const scripts = readdirSync(join(SERVED_DIR, 'assets')).filter((file) => file.endsWith('.js'));
  const hinted = scripts.filter((file) => readFileSync(join(SERVED_DIR, 'assets', file), 'utf8').startsWith(COMPILE_HINT));
  // A chunk's file is its name, a dash and an 8-character hash.
  const named = (name: string) => scripts.filter((file) => new RegExp(`^${name}-[\\w-]{8}\\.js$`).test(file));
  for (const name of RUNS_ON_LOAD) expect(named(name), `a chunk named ${name}`).not.toEqual([]);
  expect(hinted.sort()).toEqual(RUNS_ON_LOAD.flatMap(named).sort());
});

test("the build carries React Router's production build, not the development one its package.json names", () => {
  testsTheAppAlone(APP_ALONE);
  const scripts = readdirSync(join(SERVED_DIR, 'assets')).filter((file) => file.endsWith('.js'));
  const withRouter = scripts.filter((file) => readFileSync(join(SERVED_DIR, 'assets', file), 'utf8').includes('useNavigate'));
  expect(withRouter.length, 'React Router is in the build').toBeGreaterThan(0);
  const development = scripts.filter((file) => readFileSync(join(SERVED_DIR, 'assets', file), 'utf8').includes(DEVELOPMENT_ONLY_WORDS));
  expect(development).toEqual([]);
});

test("every built stylesheet went through Mantine's PostCSS preset: no @mixin is left as written", () => {
  testsTheAppAlone(APP_ALONE);
  // A stylesheet brought in another way (CSS modules' `composes` from another file, say) skips the preset, and the
  // browser drops each rule it left as written: dark mode, the breakpoints.
  const sheets = readdirSync(join(SERVED_DIR, 'assets')).filter((file) => file.endsWith('.css'));
  expect(sheets.length).toBeGreaterThan(1);
  expect(sheets.filter((file) => readFileSync(join(SERVED_DIR, 'assets', file), 'utf8').includes('@mixin'))).toEqual([]);
});

test.describe('the performance budget, in gzip bytes of the served build', () => {
  testsTheAppAlone(APP_ALONE);

  test(`the machine, the AWS SDK and the dashboard are not on the path to the sign-in form; a whole sign-in takes at most ${kb(BUDGET.signInJs)} of JS and ${kb(BUDGET.signInCss)} of CSS`, () => {
    const manifest = readManifest(SERVED_DIR);
    const { interactive, signIn } = measureBuild(SERVED_DIR);
    for (const later of [MODULES.machine, MODULES.userPoolSdk, MODULES.router, MODULES.protectedLayout]) {
      expect(interactive.files.js, later).not.toContain(manifest[later]!.file);
    }
    expect(signIn.files.js).toContain(manifest[MODULES.machine]!.file);
    // One file, which needs nothing the entry does not hold: nothing preloads its imports (RETRIED_IN_PLACE in
    // vite.config.ts), so each file it imported would come a round trip after it.
    expect(machineFiles()).toEqual([`/${manifest[MODULES.machine]!.file}`]);
    expect(signIn.files.js).toContain(manifest[MODULES.userPoolSdk]!.file);
    expect(signIn.js, `a whole sign-in: ${kb(signIn.js)} of JS`).toBeLessThanOrEqual(BUDGET.signInJs);
    expect(signIn.css, `the sign-in route: ${kb(signIn.css)} of CSS`).toBeLessThanOrEqual(BUDGET.signInCss);
  });

  test(`a whole sign-in, what it fetches while the customer types included, takes at most ${kb(BUDGET.signInJs)} of JS; the service worker's registration comes after it`, async ({
    page,
    pool,
    requests,
  }) => {
    const manifest = readManifest(SERVED_DIR);
    const registration = manifest[MODULES.serviceWorker]!.file;
    const email = pool.newEmail('budget');
    await pool.createUser(email, PASSWORD);
    const scripts = (logged: typeof requests) => [
      ...new Set(logged.map((request) => new URL(request.url).pathname.slice(1)).filter((path) => path.endsWith('.js'))),
    ];
    // The sign-in ends with the last Cognito answer; what the page asks for after it is the dashboard's.
    let ended = -1;
    page.on('response', (response) => {
      if (response.request().headers()['x-amz-target']?.endsWith('.RespondToAuthChallenge')) ended = requests.length;
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    // Everything fetched on idle (the SDK, the later screens and their words, the other first factors) is in.
    await page.waitForLoadState('networkidle');
    await signIn(page, email);
    expect(ended).toBeGreaterThan(0);
    const fetched = scripts(requests.slice(0, ended));
    // The start-up scripts come in index.html: they count as the JS they are.
    const bytes = fetched.reduce((sum, file) => sum + gzipSize(SERVED_DIR, file), startupScriptBytes(SERVED_DIR).js);
    expect(bytes, `a whole sign-in fetched ${kb(bytes)} of JS: the start-up scripts, ${fetched.join(', ')}`).toBeLessThanOrEqual(
      BUDGET.signInJs,
    );
    expect(fetched, 'the service worker registration waits for the end of the sign-in').not.toContain(registration);
    // Each file of code a sign-in fetches runs on its path, so each carries the compile hint (RUNS_ON_LOAD names it): a
    // chunk new on this path and missing from that list fails here. The message catalogues are words, left out.
    const catalogues = new Set(
      Object.entries(manifest)
        .filter(([source]) => source.includes('/src/i18n/messages/'))
        .map(([, chunk]) => chunk.file),
    );
    const unhinted = fetched.filter(
      (file) => !catalogues.has(file) && !readFileSync(join(SERVED_DIR, file), 'utf8').startsWith(COMPILE_HINT),
    );
    expect(unhinted, 'code a sign-in fetches without the compile hint').toEqual([]);
    // It still comes, once the dashboard is idle.
    await expect.poll(() => scripts(requests), { timeout: 40_000 }).toContain(registration);
  });

  test(`the sign-in form is interactive after at most ${kb(BUDGET.interactiveJs)} of JS, ${kb(BUDGET.interactiveRawJs)} uncompressed`, () => {
    const { interactive } = measureBuild(SERVED_DIR);
    expect(interactive.js, `before the form is interactive: ${kb(interactive.js)} of JS`).toBeLessThanOrEqual(BUDGET.interactiveJs);
    expect(interactive.rawJs, `uncompressed: ${kb(interactive.rawJs)}`).toBeLessThanOrEqual(BUDGET.interactiveRawJs);
  });
});
