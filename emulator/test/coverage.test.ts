/**
 * Every operation the pool serves is exercised by at least one test file here,
 * through the SDK (`<Operation>Command`) or on the wire (`Service.<Operation>`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { services } from '../src/operations/index.ts';

describe('the test suite', () => {
  it('exercises every operation the pool serves', () => {
    const sources = readdirSync(import.meta.dirname)
      .filter((name) => name.endsWith('.test.ts') && name !== 'coverage.test.ts' && name !== 'fuzz.test.ts')
      .map((name) => readFileSync(join(import.meta.dirname, name), 'utf8'))
      .join('\n');
    const untested = Object.entries(services).flatMap(([service, operations]) =>
      Object.keys(operations).filter((name) => !sources.includes(`${name}Command`) && !sources.includes(`${service}.${name}`)),
    );
    expect(untested).toEqual([]);
  });
});
