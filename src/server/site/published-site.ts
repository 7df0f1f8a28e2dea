import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { SiteContent } from '../../shared/site-content.ts';
import type { Page, Pages } from '../web/load-pages.ts';
import { WorkerLoop } from '../worker-loop.ts';
import { ensureSiteContent, publishedContent, publishedVersion, publishIfDue } from './site-content.ts';

/** How often an instance on PostgreSQL asks for the live version (ms; decision 067: served within 2 s). */
export const SITE_POLL_MS = 500;
/**
 * How often the one embedded-database instance looks for a due 'Publish at' (ms, decision 069);
 * its own publishes refresh it at once.
 */
export const SITE_SCHEDULE_POLL_MS = 5000;

/**
 * Keeps this instance's landing on the live content version (decision 067). A pass reads the
 * highest version number (one indexed row); when it is newer than the page in memory, it reads
 * that document, renders the landing in a worker thread and swaps the page in as a whole, then
 * `onSwap` lets the fast path take the new bytes. Requests meanwhile get the old page: none
 * fails and none waits.
 *
 * On PostgreSQL every instance polls every {@link SITE_POLL_MS}, so a publish on one is served by
 * all within the poll plus one render; the publishing instance does not wait for its poll
 * ({@link refreshNow}). The embedded database has one instance, which refreshes on its own
 * publish only. Database outages pause the polling like every worker (decision 032).
 */
export class PublishedSite {
  private readonly loop: WorkerLoop;
  /** A version whose render failed: not tried again on every poll (a newer one is). */
  private failedVersion = 0;
  /** The last preview rendered (or rendering): its document as JSON and its page. */
  private preview: { key: string; page: Promise<Page> } | undefined;

  constructor(
    private readonly o: {
      db: Db;
      pages: Pages;
      log: FastifyBaseLogger;
      /** Called after a new page is in `pages.landing`. */
      onSwap: () => void;
    },
  ) {
    this.loop = new WorkerLoop({ name: 'site content', log: o.log, pass: () => this.pass() });
  }

  /** The content version the landing in memory shows. */
  get version(): number {
    return this.o.pages.contentVersion;
  }

  /** Seeds the content when the database has none, then polls every `pollMs` (0: no polling). */
  async start(pollMs: number): Promise<void> {
    await ensureSiteContent(this.o.db);
    await this.refreshNow();
    if (pollMs > 0) this.loop.start(pollMs);
  }

  /** Brings the landing to the live version now (after a publish here), between polls. */
  refreshNow(): Promise<void> {
    return this.loop.exclusive(() => this.pass());
  }

  /**
   * The landing rendered from `content` (the admin's preview of the draft, decision 069), by the
   * same worker render as a publish. The last document's page is kept, and a render already
   * running for the same document is shared, so reloading the preview or two frames asking at
   * once cost one render. Keyed by the document itself, so two instances never serve a stale one.
   * @throws the bundle's own error when rendering fails.
   */
  renderPreview(content: SiteContent): Promise<Page> {
    const key = JSON.stringify(content);
    if (this.preview?.key !== key) {
      const page = this.o.pages.renderLanding(content);
      const entry = { key, page };
      this.preview = entry;
      // A failed render is not kept: the next request tries again.
      page.catch(() => {
        if (this.preview === entry) this.preview = undefined;
      });
    }
    return this.preview.page;
  }

  stop(deadlineMs: number): Promise<boolean> {
    return this.loop.stop(deadlineMs);
  }

  private async pass(): Promise<void> {
    // 'Publish at' (decision 069): whichever instance passes first publishes; the row lock makes
    // it one version however many poll at once.
    const scheduled = await publishIfDue(this.o.db, new Date());
    if (scheduled !== null) this.o.log.info({ version: scheduled }, 'scheduled site publish done');
    if ((await publishedVersion(this.o.db)) <= this.version) return;
    const live = await publishedContent(this.o.db);
    if (!live || live.version <= this.version || live.version === this.failedVersion) return;
    const started = Date.now();
    let page: Awaited<ReturnType<Pages['renderLanding']>>;
    try {
      page = await this.o.pages.renderLanding(live.document);
    } catch (err) {
      this.failedVersion = live.version;
      this.o.log.error(
        { err, version: live.version },
        'rendering the landing for a new content version failed; serving the previous one',
      );
      return;
    }
    this.o.pages.landing = page;
    this.o.pages.contentVersion = live.version;
    this.o.onSwap();
    this.o.log.info(
      { version: live.version, renderMs: Date.now() - started },
      'landing re-rendered for a new content version',
    );
  }
}
