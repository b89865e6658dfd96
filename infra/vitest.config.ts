import { defineConfig } from 'vitest/config';

// The pool as code's checks (`npm run test:infra`, part of `npm test`), apart from the root suite because
// aws-cdk-lib lives in infra/'s own install.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
