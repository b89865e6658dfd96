/**
 * The two apps `npm run bench:compare` measures, and one visit of each path in
 * a fresh browser context (no cache, no service worker), optionally under the
 * mobile profile. Times are read from the page's own performance timeline: a
 * script added before any of the app's (CDP, so the production CSP does not
 * apply) marks each press, the code screen and the signed-in page as the DOM
 * changes, and the Cognito requests are the page's resource entries for the
 * pool's endpoint.
 */
import {
  CognitoIdentityProviderClient,
  DescribeUserPoolCommand,
  GetUserPoolMfaConfigCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Browser, BrowserContext, CDPSession, Locator, Page } from '@playwright/test';
import { cpSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSize } from '../scripts/vite/budget.ts';
import type { BenchPool } from './amplify/amplifyConfig.ts';
import { type BenchPasskey, holdPasskey } from './passkey.ts';

export type AppName = 'project' | 'amplify';
export type ProfileName = 'loopback' | 'mobile';
export type PathName = 'paint' | 'firstRequest' | 'passwordSignIn' | 'codeScreen' | 'codeSignIn' | 'passkeySignIn';

/** How the benchmark drives one app: where it is, when its form is live, and its controls. */
export interface AppUnderTest {
  name: AppName;
  /** the sign-in page */
  url: string;
  /** the build's folder, for the bytes of the JS files the page fetched */
  outDir: string;
  /** in-page condition: the live sign-in form is up */
  formLive: string;
  email: (page: Page) => Locator;
  password: (page: Page) => Locator;
  signIn: (page: Page) => Locator;
  /** what leads from the password form to the passwordless buttons, where they are not on it */
  otherWays?: (page: Page) => Locator;
  emailCode: (page: Page) => Locator;
  passkey: (page: Page) => Locator;
  confirmCode: (page: Page) => Locator;
}

/** The e-mailed code's field, on either app. */
export const CODE_FIELD = 'input[autocomplete="one-time-code"]';

export function projectApp(origin: string, outDir: string): AppUnderTest {
  return {
    name: 'project',
    url: `${origin}/dashboard`,
    outDir,
    // The prerendered card has handed over to the app (src/app/AppRoutes.tsx), as bench/app.ts waits for it.
    formLive: `document.documentElement.getAttribute('data-sign-in-card') !== 'shown' && document.querySelector('#root input[autocomplete="current-password"]') !== null`,
    email: (page) => page.getByRole('textbox', { name: 'Email' }),
    password: (page) => page.getByRole('textbox', { name: 'Password', exact: true }),
    signIn: (page) => page.getByRole('button', { name: 'Sign in', exact: true }),
    emailCode: (page) => page.getByRole('button', { name: 'E-mail me a code' }),
    passkey: (page) => page.getByRole('button', { name: 'Sign in with a passkey' }),
    confirmCode: (page) => page.getByRole('button', { name: 'Confirm' }),
  };
}

export function amplifyApp(origin: string, outDir: string): AppUnderTest {
  return {
    name: 'amplify',
    url: `${origin}/`,
    outDir,
    formLive: `document.querySelector('input[name="username"]') !== null`,
    email: (page) => page.getByRole('textbox', { name: 'Email' }),
    password: (page) => page.getByRole('textbox', { name: 'Password', exact: true }),
    signIn: (page) => page.getByRole('button', { name: 'Sign in', exact: true }),
    otherWays: (page) => page.getByRole('button', { name: 'Other sign-in options' }),
    emailCode: (page) => page.getByRole('button', { name: 'Sign In with Email' }),
    passkey: (page) => page.getByRole('button', { name: 'Sign In with Passkey' }),
    confirmCode: (page) => page.getByRole('button', { name: 'Confirm' }),
  };
}

/**
 * Added before the page's own scripts: a mark at each press (capture phase, before the app's handlers), a mark
 * when the code field first appears, when the signed-in page's heading does (`bench:signed-in`) and when it does
 * on the page itself rather than on a frame drawn while the page loads (`bench:page`), and a way to await a mark
 * without polling the (possibly throttled) main thread.
 */
const PAGE_MARKS = `(() => {
  performance.setResourceTimingBufferSize(1000);
  const waiting = [];
  const mark = (name) => {
    if (performance.getEntriesByName(name, 'mark').length > 0) return;
    performance.mark(name);
    for (const [wanted, resolve] of waiting) if (wanted === name) resolve();
  };
  window.__benchMark = (name) =>
    new Promise((resolve) => (performance.getEntriesByName(name, 'mark').length > 0 ? resolve() : waiting.push([name, resolve])));
  addEventListener('click', () => performance.mark('bench:press'), true);
  const look = () => {
    if (document.querySelector('${CODE_FIELD}')) mark('bench:code-screen');
    for (const heading of document.querySelectorAll('h1, h2, h3')) {
      if (heading.textContent !== 'Dashboard') continue;
      mark('bench:signed-in');
      // The project's frame (src/layout/ShellFrame.tsx) names the page while the page is on its way (aria-busy).
      if (!heading.closest('[aria-busy="true"]')) mark('bench:page');
    }
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

export interface PageRecord {
  paint: number | null;
  marks: { name: string; at: number }[];
  resources: { url: string; start: number; end: number }[];
}

const READ_RECORD = `({
  paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
  marks: performance.getEntriesByType('mark').map((entry) => ({ name: entry.name, at: entry.startTime })),
  resources: performance.getEntriesByType('resource').map((entry) => ({ url: entry.name, start: entry.startTime, end: entry.responseEnd })),
})`;

/** JS of the app's build fetched by some moment: gzip -9 bytes (what a host sends) and the bytes the browser parses. */
export interface JsBytes {
  gzip: number;
  raw: number;
}

/** One path's figures from one visit. */
export interface PathFigure {
  /** from the press (from navigation start: the paint and the password paths) to the path's end */
  ms: number;
  /** to the last answer of the path's Cognito calls: the sign-in itself, without drawing what comes after it */
  answeredMs: number;
  /** to the signed-in page itself, where the app first shows a frame while it loads (the same as `ms` otherwise) */
  pageMs: number;
  /** the Cognito operations the path sent (none for the paint) */
  calls: string[];
  /** JS fetched before the path's first Cognito request (before the paint, for the paint) */
  js: JsBytes;
  /** JS fetched between the path's last Cognito answer and the signed-in page itself (what that page waited for) */
  jsAfterAnswer: JsBytes;
}

export type VisitFigures = Partial<Record<PathName, PathFigure>>;

const MOBILE = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBytesPerSecond: 1_600_000 / 8,
  uploadBytesPerSecond: 750_000 / 8,
};
export const PROFILE_WORDS: Record<ProfileName, string> = {
  loopback: 'loopback, no throttling',
  mobile: `mobile: ${MOBILE.cpuSlowdown}x CPU slowdown, ${MOBILE.latencyMs} ms RTT, 1.6 Mbps down / 750 kbps up (CDP)`,
};

/** The test pool as both apps are configured for it: ids, endpoint, and the first factors of its sign-in policy. */
export async function describePool(emulatorUrl: string): Promise<BenchPool & { region: string }> {
  const config = (await (await fetch(`${emulatorUrl}/_emulator/config`)).json()) as {
    region: string;
    userPoolId: string;
    userPoolClientId: string;
    endpoint: string;
  };
  // The SDK's notice that releases after January 2027 need Node 22: silenced as for the unit tests (vitest.config.ts).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  // An administrator's call, as `npm start` makes it (scripts/start.mjs): the local pool takes any credentials.
  const admin = new CognitoIdentityProviderClient({
    region: config.region,
    endpoint: emulatorUrl,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const { UserPool } = await admin.send(new DescribeUserPoolCommand({ UserPoolId: config.userPoolId }));
  const { WebAuthnConfiguration: webAuthn } = await admin.send(new GetUserPoolMfaConfigCommand({ UserPoolId: config.userPoolId }));
  return {
    region: config.region,
    userPoolId: config.userPoolId,
    userPoolClientId: config.userPoolClientId,
    endpoint: config.endpoint,
    firstFactors: UserPool?.Policies?.SignInPolicy?.AllowedFirstAuthFactors ?? ['PASSWORD'],
    ...(webAuthn?.RelyingPartyId ? { relyingPartyId: webAuthn.RelyingPartyId } : {}),
    ...(webAuthn?.UserVerification ? { userVerification: webAuthn.UserVerification } : {}),
  };
}

/**
 * The build settings the project is measured with: the pool's first factors, and no passkey offer after a password
 * sign-in (Amplify's Authenticator makes none by default).
 */
export const projectBuildEnv = (pool: Pick<BenchPool, 'firstFactors'>): Record<string, string> => ({
  VITE_FIRST_FACTORS: pool.firstFactors.join(','),
  VITE_OFFER_PASSKEY: 'false',
});

/** The pool the apps talk to, and how the passwordless paths reach their users. */
export interface VisitSetup {
  browser: Browser;
  profile: ProfileName;
  /** the pool's endpoint as the apps call it (http://localhost:<port>) */
  endpoint: string;
  /** the emulator's own address, for its outbox */
  emulatorUrl: string;
}

const TIMEOUT_MS = 120_000;

/** The build's JS files whose fetch ended within (from, to], by their bytes. */
function jsBetween(app: AppUnderTest, record: PageRecord, from: number, to: number): JsBytes {
  const origin = new URL(app.url).origin;
  const files = new Set(
    record.resources
      .filter((entry) => entry.url.startsWith(`${origin}/`) && entry.end > from && entry.end <= to)
      .map((entry) => new URL(entry.url).pathname.slice(1))
      .filter((path) => path.endsWith('.js')),
  );
  let gzip = 0;
  let raw = 0;
  for (const file of files) {
    gzip += gzipSize(app.outDir, file);
    raw += statSync(join(app.outDir, file)).size;
  }
  return { gzip, raw };
}

const jsBefore = (app: AppUnderTest, record: PageRecord, moment: number) => jsBetween(app, record, 0, moment);

/** A page in a fresh context with the page marks, under the profile; `operations` lists the Cognito calls it sends. */
export async function openPage(setup: VisitSetup): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession; operations: string[] }> {
  const context = await setup.browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT_MS);
  await page.addInitScript({ content: PAGE_MARKS });
  const operations: string[] = [];
  page.on('request', (request) => {
    const target = request.headers()['x-amz-target'];
    if (target) operations.push(target.split('.').at(-1)!);
  });
  const cdp = await context.newCDPSession(page);
  if (setup.profile === 'mobile') {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpuSlowdown });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: MOBILE.latencyMs,
      downloadThroughput: MOBILE.downloadBytesPerSecond,
      uploadThroughput: MOBILE.uploadBytesPerSecond,
    });
  }
  return { context, page, cdp, operations };
}

export async function awaitMark(page: Page, name: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`${page.url()}: no ${name} within ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
  });
  try {
    await Promise.race([page.evaluate(`window.__benchMark(${JSON.stringify(name)})`), late]);
  } finally {
    clearTimeout(timer);
  }
}

async function awaitCondition(page: Page, condition: string): Promise<void> {
  for (const deadline = Date.now() + TIMEOUT_MS; Date.now() < deadline;) {
    if (await page.evaluate(condition)) return;
    await new Promise((wait) => setTimeout(wait, 50));
  }
  throw new Error(`${page.url()}: never true: ${condition}`);
}

export const read = (page: Page) => page.evaluate<PageRecord>(READ_RECORD);
export const lastMark = (record: PageRecord, name: string) => record.marks.filter((entry) => entry.name === name).at(-1)?.at ?? NaN;
export const cognitoRequests = (record: PageRecord, endpoint: string) => record.resources.filter((entry) => entry.url === `${endpoint}/`);

/**
 * Figures of a path from the press at `from` to the mark `to`: its time, its Cognito calls (named from `sent`, the
 * operations sent since the press), the JS fetched before its first call.
 */
function pathFrom(
  app: AppUnderTest,
  record: PageRecord,
  setup: VisitSetup,
  from: number,
  to: string,
  sent: string[],
  page = to,
): PathFigure {
  const end = lastMark(record, to);
  const whole = lastMark(record, page);
  const calls = cognitoRequests(record, setup.endpoint).filter((entry) => entry.start >= from && entry.start <= end);
  const first = calls[0]?.start ?? end;
  const answered = Math.max(...calls.map((entry) => entry.end));
  return {
    ms: end - from,
    answeredMs: answered - from,
    pageMs: whole - from,
    calls: sent.slice(0, calls.length),
    js: jsBefore(app, record, first),
    jsAfterAnswer: jsBetween(app, record, answered, whole),
  };
}

/** Opens the sign-in page and presses "Sign in" as soon as the form takes the e-mail and password. */
export async function pressAtOnce(app: AppUnderTest, page: Page, email: string, password: string): Promise<void> {
  await page.goto(app.url, { waitUntil: 'commit' });
  await app.email(page).fill(email);
  await app.password(page).fill(password);
  await app.signIn(page).click();
}

/** Opens the sign-in page and, as soon as the form takes input, signs in with the password: paint, first request, signed in. */
export async function passwordVisit(app: AppUnderTest, setup: VisitSetup, email: string, password: string): Promise<VisitFigures> {
  const { context, page, operations } = await openPage(setup);
  try {
    await pressAtOnce(app, page, email, password);
    await awaitMark(page, 'bench:page');
    const record = await read(page);
    const paint = record.paint ?? NaN;
    const signedIn = pathFrom(app, record, setup, 0, 'bench:signed-in', operations, 'bench:page');
    const firstCall = cognitoRequests(record, setup.endpoint)[0]?.start ?? NaN;
    return {
      paint: { ms: paint, answeredMs: NaN, pageMs: NaN, calls: [], js: jsBefore(app, record, paint), jsAfterAnswer: { gzip: 0, raw: 0 } },
      firstRequest: { ...signedIn, ms: firstCall, answeredMs: NaN, pageMs: NaN, calls: signedIn.calls.slice(0, 1) },
      passwordSignIn: signedIn,
    };
  } finally {
    await context.close();
  }
}

/**
 * Copies the project's build from `from` to `to` without the app: its index.html keeps the prerendered card and the
 * two start-up scripts, and loses the entry's module script and its preloads, so the card is all that runs.
 */
export function writeCardAlone(from: string, to: string): void {
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
  const html = readFileSync(join(to, 'index.html'), 'utf8');
  const alone = html.replace(/<script type="module"[^>]*><\/script>/g, '').replace(/<link rel="modulepreload"[^>]*>/g, '');
  if (alone === html || alone.includes('type="module"')) throw new Error(`${from}/index.html: no module script to take out, or one left.`);
  writeFileSync(join(to, 'index.html'), alone);
}

/**
 * The password sign-in pressed at once on the card alone (writeCardAlone), by the password visit's own actions:
 * navigation to the automation's click on "Sign in", and to the paint. No page can send its first request before its
 * own press: on a page that paints when the project's does, this is as early as the press can come with nothing of an
 * app in its way.
 */
export async function cardAloneVisit(
  card: AppUnderTest,
  setup: VisitSetup,
  email: string,
  password: string,
): Promise<{ press: number; paint: number }> {
  const { context, page } = await openPage(setup);
  try {
    await pressAtOnce(card, page, email, password);
    const record = await read(page);
    return { press: lastMark(record, 'bench:press'), paint: record.paint ?? NaN };
  } finally {
    await context.close();
  }
}

/** The sign-in page, its form live and the network quiet (a customer typing), the e-mail typed, the passwordless buttons in view. */
export async function readyForPasswordless(app: AppUnderTest, page: Page, email: string, toPress: Locator): Promise<void> {
  await page.goto(app.url);
  await awaitCondition(page, app.formLive);
  await page.waitForLoadState('networkidle');
  await app.email(page).fill(email);
  if (app.otherWays) await app.otherWays(page).click();
  await toPress.waitFor();
}

/** The last code the test pool e-mailed to `to`, waited for. */
export async function outboxCode(emulatorUrl: string, to: string): Promise<string> {
  for (const deadline = Date.now() + TIMEOUT_MS; Date.now() < deadline;) {
    const messages = (await (await fetch(`${emulatorUrl}/_emulator/outbox?to=${encodeURIComponent(to)}`)).json()) as { code: string }[];
    const last = messages.at(-1);
    if (last) return last.code;
    await new Promise((wait) => setTimeout(wait, 50));
  }
  throw new Error(`No code reached ${to}.`);
}

/** "E-mail me a code" pressed: to the code screen; then the code typed and submitted: to the signed-in page. `email` is a new user. */
export async function codeVisit(app: AppUnderTest, setup: VisitSetup, email: string): Promise<VisitFigures> {
  const { context, page, operations } = await openPage(setup);
  try {
    await readyForPasswordless(app, page, email, app.emailCode(page));
    const beforeCode = operations.length;
    await app.emailCode(page).click();
    await awaitMark(page, 'bench:code-screen');
    const atCodeScreen = await read(page);
    const codeScreen = pathFrom(
      app,
      atCodeScreen,
      setup,
      lastMark(atCodeScreen, 'bench:press'),
      'bench:code-screen',
      operations.slice(beforeCode),
    );

    await page.locator(CODE_FIELD).fill(await outboxCode(setup.emulatorUrl, email));
    const beforeConfirm = operations.length;
    await app.confirmCode(page).click();
    await awaitMark(page, 'bench:page');
    const signedIn = await read(page);
    const codeSignIn = pathFrom(
      app,
      signedIn,
      setup,
      lastMark(signedIn, 'bench:press'),
      'bench:signed-in',
      operations.slice(beforeConfirm),
      'bench:page',
    );
    return { codeScreen, codeSignIn };
  } finally {
    await context.close();
  }
}

/** "Sign in with a passkey" pressed, Chromium's virtual authenticator holding the user's passkey: to the signed-in page. */
export async function passkeyVisit(app: AppUnderTest, setup: VisitSetup, email: string, passkey: BenchPasskey): Promise<VisitFigures> {
  const { context, page, cdp, operations } = await openPage(setup);
  try {
    const keepCounter = await holdPasskey(cdp, passkey);
    await readyForPasswordless(app, page, email, app.passkey(page));
    const before = operations.length;
    await app.passkey(page).click();
    await awaitMark(page, 'bench:page');
    const record = await read(page);
    await keepCounter();
    const press = lastMark(record, 'bench:press');
    return { passkeySignIn: pathFrom(app, record, setup, press, 'bench:signed-in', operations.slice(before), 'bench:page') };
  } finally {
    await context.close();
  }
}
