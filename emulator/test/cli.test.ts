/**
 * The emulator's command line as `npm start` runs it: the request log in a file of its own, so the console keeps
 * the pool's and the dev server's banners.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Child, freePort, startChild, stopChild } from './child.ts';

describe('the request log', () => {
  let pool: Child | undefined;
  afterAll(async () => {
    if (pool) await stopChild(pool);
  });

  it('goes to the --log-file, one timed line a request, and not to the console', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'pool-log-')), 'logs', 'requests.log');
    pool = await startChild(['--port', String(await freePort()), '--memory', '--log-file', file]);
    await fetch(`${pool.url}/_emulator/outbox`);
    // The line is written once the answer has gone out, so it may land a moment after the client has it.
    const lastLine = () => readFileSync(file, 'utf8').trim().split('\n').at(-1);
    await expect.poll(lastLine).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z GET \/_emulator\/outbox 200$/);
    expect(pool.output()).not.toContain('/_emulator/outbox');
  });
});
