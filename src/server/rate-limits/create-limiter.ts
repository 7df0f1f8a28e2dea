import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterPostgres } from 'rate-limiter-flexible';
import type { Database } from '../../db/client.ts';

/** The table every PostgreSQL counter lives in (migration `rate_limits`, the library's own shape). */
export const RATE_LIMIT_TABLE = 'rate_limits';

/**
 * One rate-limit counter through rate-limiter-flexible (decision 038): with `DATABASE_URL`, in
 * PostgreSQL (`RateLimiterPostgres` over the app's pool, one atomic upsert per count), so every
 * instance behind a proxy shares it; on the embedded database, in this process's memory (one
 * process owns that database, so memory is exact and costs no write).
 * @param options.keyPrefix names the counter ('login', 'contact', …); keys are `prefix:key`.
 * @param options.points how many counts a key may have in `durationSeconds`.
 */
export function createLimiter(options: {
  database: Pick<Database, 'db' | 'kind'>;
  keyPrefix: string;
  points: number;
  durationSeconds: number;
}): RateLimiterAbstract {
  const common = { keyPrefix: options.keyPrefix, points: options.points, duration: options.durationSeconds };
  if (options.database.kind !== 'postgres') return new RateLimiterMemory(common);
  // drizzle-orm's node-postgres database keeps its pg.Pool as `$client`.
  const pool = (options.database.db as unknown as { $client: unknown }).$client;
  return new RateLimiterPostgres({
    ...common,
    storeClient: pool,
    storeType: 'pool',
    tableName: RATE_LIMIT_TABLE,
    tableCreated: true,
  });
}
