import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../http-error.ts';
import { InvalidVaultPassword, unlockVault } from './vault-keys.ts';

const CACHE_TTL_MS = 5 * 60 * 1000;
const FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** Attempts that may still fail within one window, for one session or one client address. */
interface AttemptWindow {
  /** Wrong passwords so far plus checks still running (each reserved its slot up front). */
  count: number;
  resetAt: number;
}

/**
 * Unlocks the vault for a request carrying `x-credentials-password` (spec §6), with:
 * - a failure limit per session and per client address (`maxFailures` per 15 minutes → 429),
 *   checked before anything else, the cache included, so a locked-out session gets nothing
 *   (issue #10 §3);
 * - a slot reserved in both limits before the slow key derivation and given back only when the
 *   password was right, so a parallel burst runs at most `maxFailures` checks (issue #10 §3);
 * - a per-session cache of the data key for 5 minutes, keyed by session and password, so each
 *   call does not pay the memory-hard KDF (the key lives only in this process's memory).
 */
export class VaultAccess {
  private cache = new Map<string, { key: Buffer; expires: number }>();
  private attempts = new Map<string, AttemptWindow>();

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
    const limitKeys = [`session:${sessionId}`, `address:${address}`];
    // Check and reserve run with no await in between, so parallel requests cannot all pass the check.
    for (const k of limitKeys) this.assertNotLimited(k);
    const cacheKey = createHash('sha256').update(`${sessionId}\n${password}`).digest('base64url');
    const cached = this.cache.get(cacheKey);
    if (cached && cached.expires > this.now()) return cached.key;

    const reserved = limitKeys.map((k) => this.reserve(k));
    try {
      const key = await unlockVault(this.db, password);
      for (const window of reserved) window.count--;
      this.sweep();
      this.cache.set(cacheKey, { key, expires: this.now() + CACHE_TTL_MS });
      return key;
    } catch (error) {
      // Only a wrong password counts; an error of ours (database down) gives the slot back.
      if (!(error instanceof InvalidVaultPassword)) {
        for (const window of reserved) window.count--;
        throw error;
      }
      throw new HttpError(403, 'Invalid password');
    }
  }

  /** Forgets cached keys (after a password change, or on shutdown). */
  clear(): void {
    this.cache.clear();
  }

  private assertNotLimited(key: string) {
    const window = this.attempts.get(key);
    if (!window || window.resetAt <= this.now()) return;
    if (window.count >= this.maxFailures) {
      const seconds = Math.ceil((window.resetAt - this.now()) / 1000);
      throw new HttpError(
        429,
        `Too many wrong vault passwords. Try again in ${Math.ceil(seconds / 60)} minutes.`,
        undefined,
        { 'retry-after': String(seconds) },
      );
    }
  }

  /** Counts one attempt in `key`'s window (opening a new window when none is running). */
  private reserve(key: string): AttemptWindow {
    let window = this.attempts.get(key);
    if (!window || window.resetAt <= this.now()) {
      this.sweep();
      window = { count: 0, resetAt: this.now() + FAILURE_WINDOW_MS };
      this.attempts.set(key, window);
    }
    window.count++;
    return window;
  }

  /** Drops expired cache entries and windows, so neither map grows with every session and address. */
  private sweep() {
    const now = this.now();
    for (const [k, v] of this.cache) if (v.expires <= now) this.cache.delete(k);
    for (const [k, v] of this.attempts) if (v.resetAt <= now) this.attempts.delete(k);
  }
}
