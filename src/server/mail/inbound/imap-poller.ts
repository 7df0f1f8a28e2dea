import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ImapFlow } from 'imapflow';
import type { Db } from '../../../db/client.ts';
import { mailboxSync } from '../../../db/schema/index.ts';
import { describeDatabaseError, importMessage } from './import-message.ts';
import { MailboxPoller, MailboxReader } from './mailbox-poller.ts';
import { syncRow } from './mailbox-sync.ts';

/**
 * Reads replies from any IMAP mailbox (`IMAP_URL`) with imapflow, off the request
 * path: a WorkerLoop pass every `pollMs`, and at once when the server announces new mail (imapflow
 * keeps the connection in IDLE between commands, or polls with NOOP where IDLE is missing).
 * Each pass imports the messages with a UID above the stored last one, in UID order, advancing the
 * stored UID after each; a changed UIDVALIDITY (the server renumbered the mailbox) or a first run
 * re-scans the last `RESCAN_DAYS` days instead, and the unique Message-ID keeps that from storing
 * anything twice. One instance at a time holds the mailbox's lease; a failing server is retried
 * with backoff and its error shown on the setup page.
 */

/** How far back a first run or a renumbered mailbox is scanned (days). */
export const RESCAN_DAYS = 14;
/** Messages imported per pass at most (the next pass continues). */
const BATCH = 200;

export interface ImapTarget {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  pass: string;
  path: string;
  /** Names the mailbox in the sync table and on the setup page (no password). */
  mailbox: string;
}

/** Reads `IMAP_URL` (validated by config.ts). Port defaults: 993 for imaps, 143 for imap. */
export function parseImapUrl(value: string): ImapTarget {
  const url = new URL(value);
  const secure = url.protocol === 'imaps:';
  const port = url.port ? Number(url.port) : secure ? 993 : 143;
  const user = decodeURIComponent(url.username);
  const path = decodeURIComponent(url.pathname.replace(/^\/+/, '')) || 'INBOX';
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port,
    secure,
    user,
    pass: decodeURIComponent(url.password),
    path,
    mailbox: `imap:${user}@${url.hostname}:${port}/${path}`,
  };
}

export interface ImapPollerOptions {
  db: Db;
  log: FastifyBaseLogger;
  url: string;
  /** Our own addresses: copies of our own mail are not imported. */
  ownAddresses: string[];
  /** The authserv-ids whose Authentication-Results are trusted (IMAP_AUTHSERV_ID; docs/decisions/033). */
  authservIds?: string[];
  /** Regular pass interval (ms); new mail announced by the server starts a pass at once. */
  pollMs?: number;
  /** Lease length (ms); renewed on every pass. */
  leaseMs?: number;
  /** Lease holder id (tests run two "instances" in one process). */
  instanceId?: string;
  now?: () => Date;
}

export class ImapPoller extends MailboxReader {
  protected readonly poller: MailboxPoller;
  private readonly target: ImapTarget;
  private readonly now: () => Date;
  private client: ImapFlow | undefined;

  constructor(private readonly o: ImapPollerOptions) {
    super();
    this.target = parseImapUrl(o.url);
    this.now = o.now ?? (() => new Date());
    this.poller = new MailboxPoller({
      ...o,
      source: {
        name: 'imap',
        mailbox: async () => this.target.mailbox,
        importNew: (_mailbox, _row, signal) => this.importNew(signal),
        describeError: safeMessage,
        release: () => this.disconnect(),
      },
    });
  }

  /** The sync-table name of the mailbox (for the setup page). */
  get mailbox(): string {
    return this.target.mailbox;
  }

  private async connect(): Promise<ImapFlow> {
    if (this.client?.usable) return this.client;
    await this.disconnect();
    const t = this.target;
    // Loaded here, not at start: imapflow is about 6 MB of heap, needed only with IMAP_URL (decision 027).
    const { ImapFlow } = await import('imapflow');
    const client = new ImapFlow({
      host: t.host,
      port: t.port,
      secure: t.secure,
      auth: { user: t.user, pass: t.pass },
      logger: false,
      connectionTimeout: 20_000,
      greetingTimeout: 15_000,
      socketTimeout: 5 * 60_000,
      // IDLE from a second after each pass, not imapflow's 15 s: mail that arrives in between is
      // then announced at once ('exists' below) instead of waiting for the next 30 s poll.
      autoIdleDelay: 1000,
    });
    // New mail announced during IDLE: import it now rather than at the next poll.
    client.on('exists', () => this.poller.nudge());
    client.on('error', (err: Error) => this.o.log.warn({ err: safeMessage(err) }, 'imap connection error'));
    client.on('close', () => {
      if (this.client === client) this.client = undefined;
    });
    await client.connect();
    this.client = client;
    return client;
  }

  private async disconnect() {
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    try {
      if (client.usable) await Promise.race([client.logout(), new Promise((r) => setTimeout(r, 2000))]);
    } catch {
      // Logging out of a broken connection fails; closing it is all that matters.
    }
    client.close();
  }

  private async importNew(signal?: AbortSignal): Promise<number> {
    const { db } = this.o;
    const reused = this.client?.usable === true;
    const client = await this.connect();
    // A session learns of mail appended by other sessions only when it syncs (RFC 9051 §7.4.1).
    if (reused) await client.noop();
    const lock = await client.getMailboxLock(this.target.path);
    let stored = 0;
    try {
      const box = client.mailbox;
      if (!box) throw new Error(`Mailbox ${this.target.path} could not be opened`);
      const validity = String(box.uidValidity);
      const row = await syncRow(db, this.target.mailbox);
      let uids: number[];
      if (row.uidValidity !== validity || row.lastUid === null) {
        const since = new Date(this.now().getTime() - RESCAN_DAYS * 86_400_000);
        uids = ((await client.search({ since }, { uid: true })) || []).sort((a, b) => a - b);
        // From here on the position belongs to this UIDVALIDITY; the re-scan resumes after a crash.
        await db
          .update(mailboxSync)
          .set({ uidValidity: validity, lastUid: uids.length > 0 ? uids[0]! - 1 : Number(box.uidNext) - 1 })
          .where(eq(mailboxSync.mailbox, this.target.mailbox));
        if (row.uidValidity !== null) {
          this.o.log.warn({ mailbox: this.target.mailbox }, 'UIDVALIDITY changed: re-scanning recent mail');
        }
      } else {
        const last = row.lastUid;
        const found = (await client.search({ uid: `${last + 1}:*` }, { uid: true })) || [];
        // `n:*` always matches the highest UID, even one at or below n.
        uids = found.filter((u) => u > last).sort((a, b) => a - b);
      }
      uids = uids.slice(0, BATCH);
      if (uids.length === 0) return 0;
      const messages: { uid: number; source: Buffer }[] = [];
      for await (const m of client.fetch(uids.join(','), { uid: true, source: true }, { uid: true })) {
        if (m.source) messages.push({ uid: m.uid, source: m.source });
      }
      messages.sort((a, b) => a.uid - b.uid);
      for (const m of messages) {
        if (signal?.aborted) break;
        // A message that cannot be imported is recorded as skipped: the position moves past it.
        const outcome = await importMessage(
          {
            db,
            source: 'imap',
            ownAddresses: this.o.ownAddresses,
            authservIds: this.o.authservIds ?? [],
            now: this.now,
          },
          { mailbox: this.target.mailbox, position: `${validity}/${m.uid}` },
          m.source,
        );
        if ((outcome.kind === 'reply' || outcome.kind === 'auto_reply') && outcome.stored) stored++;
        const handled = outcome.kind !== 'ignored' && outcome.kind !== 'skipped';
        await db
          .update(mailboxSync)
          .set({
            lastUid: sql`greatest(${mailboxSync.lastUid}, ${m.uid})`,
            imported: sql`${mailboxSync.imported} + ${handled ? 1 : 0}`,
          })
          .where(eq(mailboxSync.mailbox, this.target.mailbox));
      }
      // More than one batch waiting: continue right after this pass.
      if (uids.length === BATCH) this.poller.nudge();
      return stored;
    } finally {
      lock.release();
    }
  }
}

/**
 * An error's text fit for the setup page and logs: the server's answer, never the URL, and for a
 * database error only its SQLSTATE (a failed query's message lists its parameters: mail content).
 */
function safeMessage(error: unknown): string {
  const e = error as Error & { responseText?: string; code?: string; authenticationFailed?: boolean };
  if (e?.authenticationFailed) return 'The IMAP server refused the user name or password.';
  const database = describeDatabaseError(error);
  if (database) return database;
  const text = e?.responseText ? `${e.message}: ${e.responseText}` : (e?.message ?? String(error));
  return `${e?.code ? `${e.code} ` : ''}${text}`.replace(/imaps?:\/\/[^\s]+/gi, 'IMAP_URL').slice(0, 500);
}
