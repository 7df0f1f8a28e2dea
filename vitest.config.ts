import { defineConfig } from 'vitest/config';

/**
 * API tests against a real database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set), and
 * front-end units in happy-dom (tests/web).
 */
export default defineConfig({
  test: {
    name: 'api',
    globalSetup: './tests/global-setup.ts',
    include: ['tests/api/**/*.test.ts', 'tests/web/**/*.test.tsx'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: one file per core keeps PGlite instances from starving each other.
    maxWorkers: 2,
    // A worker imports the server once and runs its files one after another (decision 051): module
    // state is keyed by database handle, request or key, never shared between test files.
    isolate: false,
  },
});
