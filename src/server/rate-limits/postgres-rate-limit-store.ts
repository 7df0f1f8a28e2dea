import { createHmac, createSecretKey } from 'node:crypto';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Database } from '../../db/client.ts';
import { createLimiter } from './create-limiter.ts';

/** What @fastify/rate-limit hands a store: the merged limit of the plugin or of one route. */
interface LimitParams {
  timeWindow?: unknown;
  routeInfo?: { method?: string | string[]; url?: string };
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store (its `store` option: a class with `child` and `incr`) that counts in
 * PostgreSQL through rate-limiter-flexible (decision 038), so every instance behind a proxy shares
 * each route's counter. The plugin keeps deciding (max, 429, Retry-After); this only counts:
 * one atomic upsert per request (`penalty`), answering the count and the window's time left.
 * Client addresses are stored as an HMAC (keyed by the app secret), never as they are.
 * @param options.addressKey the HMAC key for client addresses.
 */
export function postgresRateLimitStore(options: {
  database: Pick<Database, 'db' | 'kind'>;
  addressKey: Buffer;
}): FastifyRateLimitStoreCtor {
  // A KeyObject made once: a Buffer key is imported again on every request.
  const addressKey = createSecretKey(options.addressKey);
  const hashKey = (key: string) =>
    createHmac('sha256', addressKey).update(key).digest('base64url').slice(0, 32);

  return class PostgresRateLimitStore {
    private readonly limiters = new Map<number, RateLimiterAbstract>();
    private readonly name: string;

    // The plugin passes its merged limit, with `routeInfo` for a route (its types say less).
    constructor(options: object) {
      const params = options as LimitParams;
      const method = [params.routeInfo?.method ?? ''].flat().join(',');
      this.name = params.routeInfo?.url ? `${method} ${params.routeInfo.url}` : 'global';
    }

    /** One store per rate-limited route: each counts on its own. */
    child(params: object) {
      return new PostgresRateLimitStore(params);
    }

    /** The counter of a window length (a route has one; a function-valued window may vary). */
    private limiterFor(timeWindowMs: number) {
      let limiter = this.limiters.get(timeWindowMs);
      if (!limiter) {
        limiter = createLimiter({
          database: options.database,
          keyPrefix: `route:${this.name}`,
          // Never refuses by itself: @fastify/rate-limit compares the count with its `max`.
          points: Number.MAX_SAFE_INTEGER,
          durationSeconds: Math.max(1, Math.ceil(timeWindowMs / 1000)),
        });
        this.limiters.set(timeWindowMs, limiter);
      }
      return limiter;
    }

    incr(key: string, callback: IncrCallback, timeWindow: number) {
      this.limiterFor(timeWindow)
        .penalty(hashKey(key), 1)
        .then((res) => callback(null, { current: res.consumedPoints, ttl: Math.max(0, res.msBeforeNext) }))
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    }
  };
}
