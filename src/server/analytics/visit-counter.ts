import { createHash, randomBytes } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dailyVisitSources, dailyVisits, visitorHashes, visitSalts } from '../../db/schema/index.ts';
import { CONTROL } from '../../shared/lead-source.ts';

const DAY_MS = 86_400_000;

/** Most distinct visitors remembered per day between two flushes; past it, views still count. */
const MAX_PENDING_VISITORS = 50_000;

/** Most distinct sources counted per day between two flushes; past it, new ones count as '(other)'. */
const MAX_PENDING_SOURCES = 1_000;

/** Entries of the referrer-host cache (a flood of made-up referrers only refills it). */
const REFERRER_CACHE_SIZE = 256;

/** Longest kept `utm_source` of a visit, in characters. */
const VISIT_UTM_MAX = 100;

interface DayBucket {
  views: number;
  /** `address \n user agent` of this interval's visitors: held in memory until the flush only. */
  visitors: Set<string>;
  /** Views by `referrer host \n utm_source` (either may be empty; decision 037). */
  sources: Map<string, number>;
}

/** Where a view came from: the referrer's host (not this site) and the `utm_source`, '' if none. */
export interface VisitSource {
  referrer?: string | undefined;
  utmSource?: string | null | undefined;
}

/**
 * Counts views of `/` without a database write on the request path (decision 013):
 * `record` only touches memory; `flush` (every few seconds, and on shutdown) adds the interval's
 * counts to `daily_visits` as increments, which is safe with several instances.
 *
 * Unique visitors: SHA-256 of a per-day random salt (shared by all instances through
 * `visit_salts`) with the address and user agent. The raw address is never stored, and salts and
 * hashes older than yesterday are deleted, so old hashes cannot be recomputed.
 */
export class VisitCounter {
  private days = new Map<string, DayBucket>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private day = '';
  /** Start of `day` in ms since the epoch (NaN until the first view, so the first one formats it). */
  private dayStart = Number.NaN;

  private readonly referrerHosts = new Map<string, string>();

  constructor(
    private readonly db: Db,
    /** The clock, in ms since the epoch (a number: no Date is made per view). */
    private readonly now: () => number = Date.now,
    /** This site's own host names: a referrer from them is a visit moving within the site. */
    private readonly ownHosts: ReadonlySet<string> = new Set(),
  ) {}

  /**
   * Counts one page view by a client (call only for people: bots and the admin are filtered by the
   * caller), with its source (decision 037): the `Referer` header's host — only the host is kept,
   * and none for this site's own pages — and the `utm_source` of the address. Memory only.
   */
  record(address: string, userAgent: string, source: VisitSource = {}): void {
    const day = this.today();
    let bucket = this.days.get(day);
    if (!bucket) {
      bucket = { views: 0, visitors: new Set(), sources: new Map() };
      this.days.set(day, bucket);
    }
    bucket.views++;
    if (bucket.visitors.size < MAX_PENDING_VISITORS) bucket.visitors.add(`${address}\n${userAgent}`);
    let key = `${this.referrerHost(source.referrer)}\n${utmValue(source.utmSource)}`;
    if (!bucket.sources.has(key) && bucket.sources.size >= MAX_PENDING_SOURCES) key = '(other)\n';
    bucket.sources.set(key, (bucket.sources.get(key) ?? 0) + 1);
  }

  /** The host of a `Referer` value, '' for none, this site or a malformed one (cached, bounded). */
  private referrerHost(referrer: string | undefined): string {
    if (!referrer) return '';
    let host = this.referrerHosts.get(referrer);
    if (host === undefined) {
      host = '';
      if (referrer.length <= 2048 && URL.canParse(referrer)) {
        const url = new URL(referrer);
        if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length <= 253)
          host = this.ownHosts.has(url.hostname) ? '' : url.hostname;
      }
      if (this.referrerHosts.size >= REFERRER_CACHE_SIZE) this.referrerHosts.clear();
      this.referrerHosts.set(referrer, host);
    }
    return host;
  }

  /**
   * The UTC day (`YYYY-MM-DD`) of `now()`, formatted once per day: `toISOString` on every view
   * cost about a sixth of the landing's rate (decision 031). A UTC day is
   * exactly 86,400,000 ms of JavaScript time (no leap seconds), so its bounds are one addition.
   */
  private today(): string {
    const t = this.now();
    if (!(t >= this.dayStart && t < this.dayStart + DAY_MS)) {
      this.day = new Date(t).toISOString().slice(0, 10);
      this.dayStart = Date.parse(this.day);
    }
    return this.day;
  }

  /** Flushes every `intervalMs` until `stop()`. */
  start(intervalMs = 5000): void {
    this.timer = setInterval(() => {
      this.flush().catch(() => {
        // Counts stay in memory and go out with the next flush.
      });
    }, intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and flushes what is left. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  /** Writes the pending counts; flushes never overlap. Counts are kept if the write fails. */
  flush(): Promise<void> {
    this.flushing = this.flushing.catch(() => {}).then(() => this.flushNow());
    return this.flushing;
  }

  private async flushNow(): Promise<void> {
    const pending = this.days;
    if (pending.size === 0) return;
    this.days = new Map();
    try {
      for (const [day, bucket] of pending) await this.writeDay(day, bucket);
    } catch (error) {
      for (const [day, bucket] of pending) this.merge(day, bucket);
      throw error;
    }
  }

  private merge(day: string, bucket: DayBucket) {
    const current = this.days.get(day);
    if (!current) {
      this.days.set(day, bucket);
      return;
    }
    current.views += bucket.views;
    for (const v of bucket.visitors)
      if (current.visitors.size < MAX_PENDING_VISITORS) current.visitors.add(v);
    for (const [key, n] of bucket.sources) current.sources.set(key, (current.sources.get(key) ?? 0) + n);
  }

  private async writeDay(day: string, bucket: DayBucket) {
    await this.db.transaction(async (tx) => {
      await tx
        .insert(visitSalts)
        .values({ day, salt: randomBytes(32).toString('base64') })
        .onConflictDoNothing();
      const [saltRow] = await tx
        .select({ salt: visitSalts.salt })
        .from(visitSalts)
        .where(sql`${visitSalts.day} = ${day}`);
      const salt = saltRow!.salt;
      const hashes = [...bucket.visitors].map((v) => ({
        day,
        hash: createHash('sha256').update(`${salt}\n${v}`).digest('base64url'),
      }));
      let newVisitors = 0;
      for (let i = 0; i < hashes.length; i += 1000) {
        const inserted = await tx
          .insert(visitorHashes)
          .values(hashes.slice(i, i + 1000))
          .onConflictDoNothing()
          .returning({ hash: visitorHashes.hash });
        newVisitors += inserted.length;
      }
      await tx
        .insert(dailyVisits)
        .values({ day, views: bucket.views, uniqueVisitors: newVisitors })
        .onConflictDoUpdate({
          target: dailyVisits.day,
          set: {
            views: sql`${dailyVisits.views} + ${bucket.views}`,
            uniqueVisitors: sql`${dailyVisits.uniqueVisitors} + ${newVisitors}`,
            updatedAt: sql`now()`,
          },
        });
      const sourceRows = [...bucket.sources].map(([key, views]) => {
        const [referrerHost = '', utmSource = ''] = key.split('\n');
        return { day, referrerHost, utmSource, views };
      });
      for (let i = 0; i < sourceRows.length; i += 500) {
        await tx
          .insert(dailyVisitSources)
          .values(sourceRows.slice(i, i + 500))
          .onConflictDoUpdate({
            target: [dailyVisitSources.day, dailyVisitSources.referrerHost, dailyVisitSources.utmSource],
            set: { views: sql`${dailyVisitSources.views} + excluded.views`, updatedAt: sql`now()` },
          });
      }
      const yesterday = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      await tx.delete(visitorHashes).where(lt(visitorHashes.day, yesterday));
      await tx.delete(visitSalts).where(lt(visitSalts.day, yesterday));
    });
  }
}

/** A `utm_source` as counted: one line, at most {@link VISIT_UTM_MAX} characters, '' for none. */
function utmValue(value: string | null | undefined): string {
  if (!value) return '';
  return value.replace(CONTROL, ' ').trim().slice(0, VISIT_UTM_MAX);
}
