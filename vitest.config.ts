import { defineConfig } from 'vitest/config';

/** API and unit tests: real database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set). */
export default defineConfig({
  test: {
    include: ['tests/api/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: one file per core keeps PGlite instances from starving each other.
    maxWorkers: 2,
  },
});
