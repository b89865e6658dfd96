/**
 * React Router's production build in the app's build. Version 7's package.json names its development build under
 * every export condition (remix-run/react-router#12532, "intended to be temporary"), so a plain `vite build` bundled
 * it: the same code with its warnings switched on (ENABLE_DEV_WARNINGS), whose checks and messages run on the
 * routes' renders and ship to every customer. The package ships the production build beside it, in dist/production,
 * with the same exports; the build takes its files there instead: the shell's chunk 249.9 → 248.1 KB (79.9 → 79.3 KB
 * gzip). A CPU profile had pointed at one of the warnings in useRoutes, but the signed-in page came no sooner (30
 * alternating pairs, issue 30). The dev server, the unit tests and the benchmarks' tools keep the development build
 * and its warnings.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/** The app's imports of React Router, and the production build's file for each. */
export const PRODUCTION_FILES: Readonly<Record<string, string>> = {
  'react-router': 'dist/production/index.mjs',
  'react-router/dom': 'dist/production/dom-export.mjs',
};

/**
 * Words of one of the development build's warnings (productionRouter.test.ts checks they are there). The production
 * build has them too, but behind its switched-off flag, where the bundler leaves them out: a built chunk that has
 * them carries the development build.
 */
export const DEVELOPMENT_ONLY_WORDS = 'You rendered descendant <Routes>';

/** The installed package's folder. */
const packageRoot = () => dirname(createRequire(import.meta.url).resolve('react-router/package.json'));

/** Where each import resolves in the build: the package's production files, which must exist. */
export function productionRouterFiles(root = packageRoot()): Record<string, string> {
  return Object.fromEntries(
    Object.entries(PRODUCTION_FILES).map(([source, file]) => {
      const path = join(root, file);
      if (!existsSync(path))
        throw new Error(`React Router no longer ships ${file}: see scripts/vite/productionRouter.ts before building with this version.`);
      return [source, path];
    }),
  );
}

export function productionRouter(): Plugin {
  let files: Record<string, string> | undefined;
  return {
    name: 'production-router',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      files = productionRouterFiles();
    },
    resolveId(source) {
      return files?.[source];
    },
  };
}
