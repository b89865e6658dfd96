import type { BenchPool } from '../amplifyConfig.ts';

declare global {
  /** The test pool, written into the build by bench/amplify/vite.config.ts. */
  const __BENCH_POOL__: BenchPool;
}
