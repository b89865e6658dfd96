/**
 * The app has one sign-in gate (issue 29): `<Authenticator>` is rendered from
 * one module of the app, once, and no other module of the app so much as
 * imports the component. "The app" is every module src/main.tsx loads,
 * statically or on demand, and the pages the router loads by
 * import.meta.glob; the widget's dev-only harness page and the studio are
 * entries of their own, and mount the widget for themselves.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = resolve(SRC, '..');
const name = (file: string) => relative(ROOT, file).split('\\').join('/');

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );

/** The relative modules a file imports, re-exports or loads with import(), resolved to files. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm)].map(
    (match) => match[1]!,
  );
  return specifiers.map((specifier) => resolve(dirname(file), specifier)).filter((target) => /\.tsx?$/.test(target) && existsSync(target));
}

/** Every module of the app, from its entry and the router's pages. */
function appModules(): string[] {
  const pending = [join(SRC, 'main.tsx'), ...filesUnder(join(SRC, 'pages')).filter((file) => !file.endsWith('.test.ts'))];
  const seen = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    pending.push(...importsOf(file));
  }
  return [...seen];
}

/** A module's code without its comments (which may well name the component). */
const codeOf = (file: string) =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** `<Authenticator` opening a JSX element (not `<Authenticator.Something`, nor a longer name). */
const MOUNT = /<Authenticator[\s>]/g;
/** An import or re-export that names the component itself. */
const IMPORTS_IT = /\b(?:import|export)\s*(?:type\s*)?\{[^}]*\bAuthenticator\b(?!\w)[^}]*\}\s*from/;

describe('the sign-in gate', () => {
  const modules = appModules();

  it('follows the app from its entry (so the count below is over the whole app)', () => {
    const names = modules.map(name);
    for (const expected of [
      'src/app/App.tsx',
      'src/app/AppRoutes.tsx',
      'src/app/RouterRoot.tsx',
      'src/app/router.tsx',
      'src/app/ProtectedLayout.tsx',
    ])
      expect(names).toContain(expected);
    expect(names.some((file) => file.startsWith('src/studio/') || file.includes('/harness/'))).toBe(false);
  });

  it('is the one <Authenticator> of the app, mounted once, in AppRoutes', () => {
    const mounts = modules.flatMap((file) => [...codeOf(file).matchAll(MOUNT)].map(() => name(file)));
    expect(mounts).toEqual(['src/app/AppRoutes.tsx']);
  });

  it('is the only module of the app, besides the widget’s own entry, that imports the component', () => {
    const importers = modules.filter((file) => IMPORTS_IT.test(codeOf(file))).map(name);
    expect(importers.sort()).toEqual(['src/app/AppRoutes.tsx', 'src/authenticator/index.ts']);
  });
});
