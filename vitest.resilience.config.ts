import { defineConfig } from 'vitest/config';

/**
 * `npm run test:resilience`: the app under a flood of leads, SIGTERM and SIGKILL under
 * load, and a mail provider that goes down and comes back. Real server processes; bounded in time.
 */
export default defineConfig({
  test: {
    globalSetup: './tests/global-setup.ts',
    include: ['tests/resilience/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 120_000,
    // Load tests measure the machine: one file at a time.
    maxWorkers: 1,
    fileParallelism: false,
    // A worker imports the server once and runs its files one after another (decision 051): module
    // state is keyed by database handle, request or key, never shared between test files.
    isolate: false,
  },
});
