import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../http-error.ts';
import { InvalidVaultPassword, unlockVault } from './vault-keys.ts';

const CACHE_TTL_MS = 5 * 60 * 1000;
const FAILURE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Unlocks the vault for a request carrying `x-credentials-password` (spec §6), with:
 * - a per-session cache of the data key for 5 minutes, keyed by session and password, so each
 *   call does not pay the memory-hard KDF (the key lives only in this process's memory);
 * - a failure limit per session and per client address (`maxFailures` per 15 minutes → 429).
 */
export class VaultAccess {
  private cache = new Map<string, { key: Buffer; expires: number }>();
  private failures = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly db: Db,
    private readonly maxFailures = 10,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * @returns the data key.
   * @throws HttpError 401 without a password, 403 'Invalid password', 429 with `retryAfter` seconds.
   */
  async unlock(sessionId: number, address: string, password: string | undefined): Promise<Buffer> {
    if (!password) throw new HttpError(401, 'Vault password required');
    const cacheKey = createHash('sha256').update(`${sessionId}\n${password}`).digest('base64url');
    const cached = this.cache.get(cacheKey);
    if (cached && cached.expires > this.now()) return cached.key;

    const limitKeys = [`session:${sessionId}`, `address:${address}`];
    for (const k of limitKeys) this.assertNotLimited(k);
    try {
      const key = await unlockVault(this.db, password);
      this.cache.set(cacheKey, { key, expires: this.now() + CACHE_TTL_MS });
      return key;
    } catch (error) {
      if (!(error instanceof InvalidVaultPassword)) throw error;
      for (const k of limitKeys) this.recordFailure(k);
      throw new HttpError(403, 'Invalid password');
    }
  }

  /** Forgets cached keys (after a password change, or on shutdown). */
  clear(): void {
    this.cache.clear();
  }

  private assertNotLimited(key: string) {
    const entry = this.failures.get(key);
    if (!entry || entry.resetAt <= this.now()) return;
    if (entry.count >= this.maxFailures) {
      const seconds = Math.ceil((entry.resetAt - this.now()) / 1000);
      throw new HttpError(
        429,
        `Too many wrong vault passwords. Try again in ${Math.ceil(seconds / 60)} minutes.`,
        undefined,
        { 'retry-after': String(seconds) },
      );
    }
  }

  private recordFailure(key: string) {
    const entry = this.failures.get(key);
    if (!entry || entry.resetAt <= this.now()) {
      this.failures.set(key, { count: 1, resetAt: this.now() + FAILURE_WINDOW_MS });
    } else {
      entry.count++;
    }
  }
}
