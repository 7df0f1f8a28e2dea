import { defineConfig } from 'vitest/config';

/**
 * `npm test` runs the API suite and the security suite side by side, as two projects of one
 * Vitest run: their files share one pool of two workers, so neither suite's last long files leave
 * a core idle, and Vitest starts once. Each project keeps its own configuration file (include,
 * timeouts, global setup), which `npm run test:api` and `npm run test:security` run alone.
 */
export default defineConfig({
  test: {
    projects: ['./vitest.config.ts', './vitest.security.config.ts'],
    // The pool is shared: two cores, one file per core (as each suite alone).
    maxWorkers: 2,
  },
});
