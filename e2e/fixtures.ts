import { test as base, expect, type Request } from '@playwright/test';
import { createTestPool, type TestPool } from './testPool.ts';

const emulatorUrl = `http://127.0.0.1:${process.env.E2E_EMULATOR_PORT ?? 9329}`;

export interface LoggedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
  /** the X-Amz-Target operation, for Cognito calls */
  operation?: string;
}

/**
 * Cognito operations whose API takes the new password itself (over TLS):
 * creating an account cannot be done with SRP. Every other request, sign-in
 * above all, must carry no trace of it.
 */
const PASSWORD_BEARING_OPERATIONS = new Set(['SignUp']);

interface Fixtures {
  pool: TestPool;
  /** Every request the page made, in order. */
  requests: LoggedRequest[];
  /**
   * Values that must never leave the browser. Every test that types a password
   * adds it here; after the test, no URL, header or body may contain it.
   */
  secrets: Set<string>;
}

export const test = base.extend<Fixtures>({
  pool: async ({}, use) => {
    await use(createTestPool(emulatorUrl));
  },
  requests: async ({ context }, use) => {
    const log: LoggedRequest[] = [];
    const record = async (request: Request) => {
      const headers = await request.allHeaders();
      log.push({
        url: request.url(),
        method: request.method(),
        headers,
        body: request.postData() ?? '',
        operation: headers['x-amz-target']?.split('.')[1],
      });
    };
    context.on('request', (request) => void record(request));
    await use(log);
  },
  secrets: [
    async ({ requests }, use) => {
      const secrets = new Set<string>();
      await use(secrets);
      for (const secret of secrets) {
        const encoded = [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)];
        for (const request of requests) {
          if (request.operation && PASSWORD_BEARING_OPERATIONS.has(request.operation)) continue;
          const haystack = [request.url, request.body, ...Object.values(request.headers)].join('\n');
          for (const form of encoded) {
            expect(haystack.includes(form), `a secret left the browser in ${request.operation ?? request.method} ${request.url}`).toBe(
              false,
            );
          }
        }
      }
    },
    { auto: true },
  ],
});

export { expect };

/** Cognito calls among the logged requests, by operation name. */
export const cognitoCalls = (requests: LoggedRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.operation !== undefined).map((r) => r.operation!);
