/**
 * The Amplify reference app's build and preview (bench/compare.ts): its own
 * root (bench/amplify/app), its output under node_modules/.bench/, so neither
 * the project's dist/ nor its bundle ever sees Amplify. The test pool is
 * written into the build (BENCH_AMPLIFY_POOL, JSON of a BenchPool), as an
 * Amplify app's outputs file would be.
 */
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { defineConfig } from 'vite';
import type { BenchPool } from './amplifyConfig.ts';

const ROOT = resolve(import.meta.dirname, '../..');
export const AMPLIFY_OUT_DIR = join(ROOT, 'node_modules/.bench/amplify');

/**
 * Amplify's UI is built on XState 4; the project's own XState is 5, and npm leaves one copy of Amplify's UI
 * (the one under @aws-amplify/ui-react) beside the project's. XState is taken as Amplify's UI core resolves it.
 */
const amplifyXstate = dirname(
  createRequire(import.meta.url).resolve('xstate/package.json', {
    paths: [dirname(createRequire(import.meta.url).resolve('@aws-amplify/ui-react-core'))],
  }),
);

function benchPool(): BenchPool | undefined {
  const given = process.env.BENCH_AMPLIFY_POOL;
  return given ? (JSON.parse(given) as BenchPool) : undefined;
}

export default defineConfig(({ command }) => {
  const pool = benchPool();
  if (command === 'build' && !pool) throw new Error('BENCH_AMPLIFY_POOL names no pool: `npm run bench:compare` builds this app.');
  return {
    root: join(import.meta.dirname, 'app'),
    plugins: [react()],
    resolve: { alias: { xstate: amplifyXstate } },
    define: { __BENCH_POOL__: JSON.stringify(pool ?? null) },
    clearScreen: false,
    cacheDir: join(ROOT, 'node_modules/.vite/bench-amplify'),
    // One chunk, as Amplify's getting-started app builds: Vite's warning about its size is the point, not news.
    build: { outDir: AMPLIFY_OUT_DIR, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 1200 },
    preview: { port: Number(process.env.APP_PORT ?? 4173), strictPort: true },
  };
});
