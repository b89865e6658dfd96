import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type english from '../src/i18n/messages/en.json';
import { test as base, expect, type Request } from '@playwright/test';
import { endTest, startTest } from './needs.ts';
import { recordUser } from './qa/ledger.ts';
import { appConfig, realPool } from './realPool.ts';
import { createTestPool, type TestPool } from './testPool.ts';

const emulatorUrl = `http://127.0.0.1:${process.env.E2E_EMULATOR_PORT ?? 9329}`;

export interface LoggedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
  /** the X-Amz-Target operation, for Cognito calls */
  operation?: string;
  /** which of the context's pages made it (0 for the first), -1 for a worker */
  tab: number;
  /** when it was made, ms since the epoch on the test runner's clock */
  at: number;
}

/**
 * Requests whose API takes a password itself, over TLS, because no SRP form
 * exists for them: creating an account, choosing a new password after a reset,
 * changing it, and answering NEW_PASSWORD_REQUIRED. Every other request, every
 * sign-in above all, must carry no trace of any password.
 */
function carriesPasswordByDesign(request: LoggedRequest): boolean {
  if (request.operation === 'SignUp' || request.operation === 'ConfirmForgotPassword' || request.operation === 'ChangePassword')
    return true;
  if (request.operation !== 'RespondToAuthChallenge') return false;
  try {
    return (JSON.parse(request.body) as { ChallengeName?: string }).ChallengeName === 'NEW_PASSWORD_REQUIRED';
  } catch {
    return false;
  }
}

/** The ways a secret could leave: as typed, URL-encoded, JSON-escaped, or as its plain SHA-256 (hex or base64). */
function tracesOf(secret: string): string[] {
  const digest = createHash('sha256').update(secret, 'utf8').digest();
  return [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1), digest.toString('hex'), digest.toString('base64')];
}

/** Where each secret left the browser, outside the calls that carry a password by design. */
export function findLeaks(requests: LoggedRequest[], secrets: Iterable<string>): string[] {
  const leaks: string[] = [];
  for (const secret of secrets) {
    const traces = tracesOf(secret);
    for (const request of requests) {
      if (carriesPasswordByDesign(request)) continue;
      const haystack = [request.url, request.body, ...Object.values(request.headers)].join('\n');
      if (traces.some((trace) => haystack.includes(trace))) leaks.push(`${request.operation ?? request.method} ${request.url}`);
    }
  }
  return leaks;
}

/** Shorter values could appear anywhere by chance; no password the app accepts is this short. */
const MIN_SECRET_LENGTH = 6;

/** A JWT (three base64url segments) or a Cognito refresh token (five), as they would appear in text. */
export const TOKEN_PATTERN = /eyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/;

interface Fixtures {
  pool: TestPool;
  /** Every request the page made, in order. */
  requests: LoggedRequest[];
  /** Tokens must never show in a URL or in the console: checked after every test. */
  tokenHygiene: void;
  /**
   * Values that must never leave the browser: every password typed into a
   * password field is added by itself, and a spec may add more. After the test,
   * no URL, header or body may contain one (or its plain SHA-256), except the
   * few calls whose API takes a password (see carriesPasswordByDesign).
   */
  secrets: Set<string>;
  /**
   * Around every test: the marks of needs.ts start afresh; in QA mode, every
   * account the page signed up is noted for the global teardown to delete,
   * whatever address the spec typed.
   */
  marks: void;
  /**
   * QA mode on the dev server: the pool's config.json, as a deployment serves it beside the app (the production
   * build gets the file itself, playwright.config.ts). The dev server has none to give for a pool it does not run.
   */
  qaConfigJson: void;
}

/** The user names of the sign-ups among the logged requests. */
function signedUp(requests: LoggedRequest[]): string[] {
  return requests.flatMap((request) => {
    if (request.operation !== 'SignUp') return [];
    try {
      const { Username } = JSON.parse(request.body) as { Username?: unknown };
      return typeof Username === 'string' ? [Username] : [];
    } catch {
      return [];
    }
  });
}

export const test = base.extend<Fixtures>({
  // Playwright reads the fixtures a fixture needs from its first parameter's pattern; this one needs none.
  // eslint-disable-next-line no-empty-pattern
  pool: async ({}, use) => {
    await use(createTestPool(realPool ? { kind: 'qa', settings: realPool } : { kind: 'emulator', url: emulatorUrl }));
  },
  marks: [
    async ({ requests }, use) => {
      startTest();
      try {
        await use();
      } finally {
        endTest();
        if (realPool) for (const username of signedUp(requests)) recordUser(username);
      }
    },
    { auto: true },
  ],
  qaConfigJson: [
    async ({ context }, use, testInfo) => {
      if (realPool && testInfo.project.name === 'dev') {
        const json = appConfig(realPool);
        await context.route('**/config.json', (route) => route.fulfill({ json, headers: { 'cache-control': 'no-store' } }));
      }
      await use();
    },
    { auto: true },
  ],
  requests: async ({ context }, use) => {
    const log: LoggedRequest[] = [];
    // Recorded as the request starts, synchronously: a request still being read when the test ends would
    // otherwise fail the test (and escape the checks). The headers are those the page set, which is where a
    // script could put a secret; the browser's own (cookies) are left out.
    const record = (request: Request) => {
      const at = Date.now();
      // A service worker's own requests belong to no frame (frame() throws for them).
      const page = request.serviceWorker() ? undefined : request.frame()?.page();
      const tab = page ? context.pages().indexOf(page) : -1;
      const headers = request.headers();
      log.push({
        at,
        tab,
        url: request.url(),
        method: request.method(),
        headers,
        body: request.postData() ?? '',
        operation: headers['x-amz-target']?.split('.')[1],
      });
    };
    context.on('request', record);
    await use(log);
  },
  tokenHygiene: [
    async ({ context, requests }, use) => {
      const console: string[] = [];
      context.on('console', (message) => console.push(message.text()));
      context.on('weberror', (error) => console.push(String(error.error())));
      await use();
      for (const line of console)
        expect.soft(TOKEN_PATTERN.test(line), `a token was written to the console: ${line.slice(0, 80)}…`).toBe(false);
      for (const request of requests)
        expect.soft(TOKEN_PATTERN.test(request.url), `a token was put in a URL: ${request.url.slice(0, 80)}…`).toBe(false);
    },
    { auto: true },
  ],
  secrets: [
    async ({ context, requests }, use) => {
      const secrets = new Set<string>();
      // Every password field's value is caught as it is committed (change) and at every submit,
      // so a spec cannot forget to register the password it typed.
      await context.exposeBinding('__recordSecret', (_source, value: unknown) => {
        if (typeof value === 'string' && value.length >= MIN_SECRET_LENGTH) secrets.add(value);
      });
      await context.addInitScript(() => {
        const page = globalThis as unknown as {
          document: {
            addEventListener(type: string, listener: (event: { target: unknown }) => void, capture: boolean): void;
            querySelectorAll(selector: string): ArrayLike<{ value: string }>;
          };
          __recordSecret(value: string): void;
        };
        const record = (input: unknown) => {
          const field = input as { type?: string; value?: string } | null;
          if (field?.type === 'password' && field.value) page.__recordSecret(field.value);
        };
        page.document.addEventListener('change', (event) => record(event.target), true);
        page.document.addEventListener(
          'submit',
          () => Array.from(page.document.querySelectorAll('input[type="password"]')).forEach(record),
          true,
        );
      });
      await use(secrets);
      for (const leak of findLeaks(requests, secrets)) expect.soft(leak, 'a password left the browser').toBe('');
    },
    { auto: true },
  ],
});

export { expect };

/** Cognito calls among the logged requests, by operation name. */
export const cognitoCalls = (requests: LoggedRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.operation !== undefined).map((r) => r.operation!);

/**
 * A locale's catalogue as written (src/i18n/messages/<locale>.json), so a test
 * finds controls by the words that locale shows without spelling them twice.
 */
export function catalogue(locale: string): Words {
  return JSON.parse(readFileSync(new URL(`../src/i18n/messages/${locale}.json`, import.meta.url), 'utf8')) as Words;
}

/** Every key of the English catalogue, each a message (the catalogue tests keep every locale complete). */
export type Words = { readonly [Key in keyof typeof english]: string };
