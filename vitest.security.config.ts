import { defineConfig } from 'vitest/config';

/**
 * `npm run test:security`: the attacks a deployment on the internet meets, each proved
 * against the real app (fuzzed routes, a real nginx in front, vault bursts, refused settings).
 */
export default defineConfig({
  test: {
    name: 'security',
    globalSetup: './tests/global-setup.ts',
    include: ['tests/security/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    // A worker imports the server once and runs its files one after another (decision 051): module
    // state is keyed by database handle, request or key, never shared between test files.
    isolate: false,
  },
});
