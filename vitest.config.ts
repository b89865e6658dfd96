import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'machines/**/*.test.ts', 'emulator/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['emulator/testing/vitestGlobalSetup.ts'],
    // SRP rounds are CPU-bound; a generous timeout keeps a busy 2-core CI machine from flaking.
    testTimeout: 20_000,
  },
});
