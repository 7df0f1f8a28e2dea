import { bigint, integer, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters shared by every instance on PostgreSQL (decision 038), in the shape
 * rate-limiter-flexible's `RateLimiterPostgres` reads and writes (so no `created_at`: the library
 * writes the rows). `key` is `<limit>:<key>`, where a client address is an HMAC of it, never the
 * address itself; `expire` is in milliseconds since the epoch. The library deletes rows expired
 * an hour ago every 5 minutes. Unused on the embedded database (counters in memory there).
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});
