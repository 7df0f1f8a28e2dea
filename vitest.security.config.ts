import { defineConfig } from 'vitest/config';

/**
 * `npm run test:security`: the attacks a deployment on the internet meets, each proved
 * against the real app (fuzzed routes, a real nginx in front, vault bursts, refused settings).
 */
export default defineConfig({
  test: {
    include: ['tests/security/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
  },
});
