import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_ONLY_WORDS, PRODUCTION_FILES, productionRouterFiles } from './productionRouter.ts';

const filesIn = (folder: string) =>
  readdirSync(folder)
    .filter((file) => file.endsWith('.mjs'))
    .map((file) => readFileSync(join(folder, file), 'utf8'));

describe("React Router's production build", () => {
  const files = productionRouterFiles();
  const production = dirname(files['react-router']!);

  it('is where the build takes each of the imports the app makes from, with its warnings switched off', () => {
    expect(Object.keys(files).sort()).toEqual(Object.keys(PRODUCTION_FILES).sort());
    for (const path of Object.values(files)) expect(path).toMatch(/[\\/]react-router[\\/]dist[\\/]production[\\/]\w[\w-]*\.mjs$/);
    expect(filesIn(production).some((code) => code.includes('var ENABLE_DEV_WARNINGS = false;'))).toBe(true);
  });

  it("is told apart by a warning of the development build's, which has its warnings switched on", () => {
    const development = filesIn(join(production, '..', 'development'));
    expect(development.some((code) => code.includes('var ENABLE_DEV_WARNINGS = true;'))).toBe(true);
    expect(development.some((code) => code.includes(DEVELOPMENT_ONLY_WORDS))).toBe(true);
  });

  it('stops the build, saying why, when a version no longer ships it', () => {
    const empty = mkdtempSync(join(tmpdir(), 'react-router-'));
    try {
      expect(() => productionRouterFiles(empty)).toThrow(/no longer ships dist\/production\/index\.mjs/);
    } finally {
      rmSync(empty, { recursive: true });
    }
  });
});
