import { createHash } from 'node:crypto';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../domain-error.ts';
import { InvalidVaultPassword, unlockVault } from './vault-keys.ts';

const CACHE_TTL_MS = 5 * 60 * 1000;
/** Wrong vault passwords allowed per session and per client address in `VAULT_FAILURE_WINDOW_S`. */
export const VAULT_MAX_FAILURES = 10;
export const VAULT_FAILURE_WINDOW_S = 15 * 60;

/**
 * Unlocks the vault for a request carrying `x-credentials-password` (docs/product.md §9.2), with:
 * - a failure limit per session and per client address (`VAULT_MAX_FAILURES` per 15 minutes →
 *   429), checked before anything else, the cache included, so a locked-out session gets nothing
 *   (decision 012). The counters are `limiter`'s: in PostgreSQL with DATABASE_URL, so every
 *   instance shares them, in memory on the embedded database (decision 038);
 * - a slot taken in both counters before the slow key derivation and given back when the password
 *   was right (or the check failed for a reason of ours), so a parallel burst runs at most
 *   `VAULT_MAX_FAILURES` checks (decision 012);
 * - a per-session cache of the data key for 5 minutes, keyed by session and password, so each
 *   call does not pay the memory-hard KDF (the key lives only in this process's memory).
 */
export class VaultAccess {
  private cache = new Map<string, { key: Buffer; expires: number }>();

  /**
   * @param limiter `VAULT_MAX_FAILURES` points per `VAULT_FAILURE_WINDOW_S`
   *   (rate-limits/create-limiter.ts); `addressKey` turns a client address into the key it counts.
   */
  constructor(
    private readonly db: Db,
    private readonly limiter: RateLimiterAbstract,
    private readonly addressKey: (address: string) => string = (address) => address,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * @returns the data key.
   * @throws DomainError `unauthenticated` without a password, `forbidden` 'Invalid password', `too-many` with `retry-after` seconds.
   */
  async unlock(sessionId: number, address: string, password: string | undefined): Promise<Buffer> {
    if (!password) throw new DomainError('unauthenticated', 'Vault password required');
    const taken = await this.take([`session:${sessionId}`, `address:${this.addressKey(address)}`]);
    const giveBack = () => Promise.all(taken.map((k) => this.limiter.reward(k, 1)));
    const cacheKey = createHash('sha256').update(`${sessionId}\n${password}`).digest('base64url');
    const cached = this.cache.get(cacheKey);
    if (cached && cached.expires > this.now()) {
      await giveBack();
      return cached.key;
    }
    try {
      const key = await unlockVault(this.db, password);
      await giveBack();
      this.sweep();
      this.cache.set(cacheKey, { key, expires: this.now() + CACHE_TTL_MS });
      return key;
    } catch (error) {
      // Only a wrong password counts; an error of ours (database down) gives the slots back.
      if (!(error instanceof InvalidVaultPassword)) {
        await giveBack();
        throw error;
      }
      throw new DomainError('forbidden', 'Invalid password');
    }
  }

  /** Forgets cached keys (after a password change, or on shutdown). */
  clear(): void {
    this.cache.clear();
  }

  /**
   * Takes one slot in each counter, in order; when one is full, gives back those taken and
   * refuses with 429 (its window's time left as `retry-after`).
   */
  private async take(keys: string[]): Promise<string[]> {
    const taken: string[] = [];
    for (const key of keys) {
      try {
        await this.limiter.consume(key);
        taken.push(key);
      } catch (refused) {
        await Promise.all(taken.map((k) => this.limiter.reward(k, 1)));
        if (!(refused instanceof RateLimiterRes)) throw refused;
        const seconds = Math.max(1, Math.ceil(refused.msBeforeNext / 1000));
        throw new DomainError(
          'too-many',
          `Too many wrong vault passwords. Try again in ${Math.ceil(seconds / 60)} minutes.`,
          { retryAfterSeconds: seconds },
        );
      }
    }
    return taken;
  }

  /** Drops expired cache entries, so the map does not grow with every session. */
  private sweep() {
    const now = this.now();
    for (const [k, v] of this.cache) if (v.expires <= now) this.cache.delete(k);
  }
}
