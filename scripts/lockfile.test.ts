/**
 * `npm ci` refuses a lock that leaves out any optional dependency a locked
 * package names, even one built for another platform. A lock written on Linux
 * from a registry that lacks some platform builds can lose those entries
 * silently, and CI then stops before running a single test. This check finds
 * that here, in the unit tests, instead.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface LockedPackage {
  version?: string;
  optionalDependencies?: Record<string, string>;
}

const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, LockedPackage>;
};

/** Where Node would find `name` from the package at `from`: its own node_modules, then each parent's. */
function resolves(from: string, name: string): boolean {
  let base = from;
  for (;;) {
    if (`${base}${base ? '/' : ''}node_modules/${name}` in lock.packages) return true;
    const parent = base.lastIndexOf('/node_modules/');
    if (base === '') return false;
    base = parent === -1 ? '' : base.slice(0, parent);
  }
}

describe('package-lock.json', () => {
  it('locks every optional dependency of every locked package, for every platform', () => {
    const missing = Object.entries(lock.packages).flatMap(([path, locked]) =>
      Object.keys(locked.optionalDependencies ?? {})
        .filter((name) => !resolves(path, name))
        .map((name) => `${path || '(root)'} → ${name}`),
    );
    expect(missing).toEqual([]);
  });
});
