import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { messageCatalogues } from './scripts/vite/messages.ts';

export default defineConfig({
  // The message catalogues compiled as the app's build compiles them (src/i18n/).
  plugins: [messageCatalogues()],
  test: {
    include: [
      'src/**/*.test.ts',
      'machines/**/*.test.ts',
      'emulator/**/*.test.ts',
      'scripts/**/*.test.ts',
      'e2e/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    environment: 'node',
    // The SDK warns that releases after January 2027 need Node 22; the lock file pins one that runs on 20.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    globalSetup: ['emulator/testing/vitestGlobalSetup.ts'],
    // SRP rounds are CPU-bound; a generous timeout keeps a busy 2-core CI machine from flaking.
    testTimeout: 20_000,
    // Vitest's default is a worker per core but one: one on the 2-core machine. Most files wait on test pools in
    // processes of their own, so a second worker keeps both cores busy there (the whole run 342 → 191 s).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
