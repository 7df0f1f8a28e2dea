import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { mailboxSync } from '../../../db/schema/index.ts';
import type { AppConfig } from '../../config.ts';
import { describeDatabaseError, importMessage } from '../inbound/import-message.ts';
import { MailboxPoller, MailboxReader } from '../inbound/mailbox-poller.ts';
import { gmailAccessToken } from './gmail-access.ts';
import { type GmailConnection, getGmailConnection } from './gmail-connection.ts';
import { GMAIL_READ_SCOPE } from './google-oauth.ts';

/**
 * Reads replies from the connected Gmail account with the Gmail API (decision 023), off the request
 * path, in a WorkerLoop pass every `pollMs`: `users.history.list` from the stored history id
 * (messages added to INBOX), then `users.messages.get?format=raw` for each, through the same
 * import as IMAP. The first run, and a history id Google no longer keeps (404: history is kept
 * for about a week), fall back to a bounded re-scan: `messages.list` of the last `RESCAN_DAYS`
 * days in the inbox, at most `RESCAN_MAX` messages; the unique Message-ID keeps it from storing
 * anything twice. A connection made before reading was asked for (no gmail.readonly) is skipped:
 * the setup page says 'Reconnect to receive replies'. Lease, backoff and last error as for IMAP.
 */

export const RESCAN_DAYS = 14;
/** The authserv-id of Gmail's receiving servers (RFC 8601 §2.5). */
export const GMAIL_AUTHSERV_ID = 'mx.google.com';
const RESCAN_MAX = 200;
const MAX_PAGES = 20;

/** Whether a connection may read replies (connected, gmail.readonly granted). */
export function canReadReplies(connection: GmailConnection | null): boolean {
  return (
    connection?.status === 'connected' && (connection.scopes ?? '').split(/\s+/).includes(GMAIL_READ_SCOPE)
  );
}

export interface GmailReaderOptions {
  db: Db;
  log: FastifyBaseLogger;
  key: Buffer;
  google: AppConfig['google'];
  ownAddresses: string[];
  pollMs?: number;
  leaseMs?: number;
  instanceId?: string;
  now?: () => Date;
}

class GmailApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export class GmailReader extends MailboxReader {
  protected readonly poller: MailboxPoller;
  private readonly now: () => Date;
  /** The connection the current pass reads (looked up when the pass starts). */
  private connection: GmailConnection | null = null;

  constructor(private readonly o: GmailReaderOptions) {
    super();
    this.now = o.now ?? (() => new Date());
    this.poller = new MailboxPoller({
      ...o,
      source: {
        name: 'gmail',
        mailbox: async () => {
          this.connection = o.google.clientId ? await getGmailConnection(o.db) : null;
          return this.connection && canReadReplies(this.connection) ? `gmail:${this.connection.email}` : null;
        },
        importNew: (mailbox, row, signal) => this.importNew(this.connection!, row.historyId, mailbox, signal),
        // A database error is named by its SQLSTATE only: its message lists the failed query's
        // parameters, which are the mail's content.
        describeError: (error) => (describeDatabaseError(error) ?? (error as Error).message).slice(0, 500),
      },
    });
  }

  private async importNew(
    connection: GmailConnection,
    historyId: string | null,
    mailbox: string,
    signal?: AbortSignal,
  ): Promise<number> {
    let ids: string[];
    let nextHistoryId: string;
    if (historyId) {
      const history = await this.historySince(connection, historyId);
      if (history) {
        ids = history.ids;
        nextHistoryId = history.historyId;
      } else {
        this.o.log.warn({ mailbox }, 'gmail history id expired: re-scanning recent mail');
        ({ ids, historyId: nextHistoryId } = await this.rescan(connection));
      }
    } else {
      ({ ids, historyId: nextHistoryId } = await this.rescan(connection));
    }
    let stored = 0;
    for (const id of [...new Set(ids)]) {
      if (signal?.aborted) return stored;
      const message = await this.api<{ raw?: string; labelIds?: string[] }>(
        connection,
        `/messages/${encodeURIComponent(id)}?format=raw`,
      ).catch((error: unknown) => {
        // Deleted between the listing and now: nothing to import.
        if (error instanceof GmailApiError && error.status === 404) return null;
        throw error;
      });
      if (!message?.raw) continue;
      // A message that cannot be imported is recorded as skipped, so the history id still advances.
      const outcome = await importMessage(
        {
          db: this.o.db,
          source: 'gmail',
          ownAddresses: [connection.email.toLowerCase(), ...this.o.ownAddresses],
          // Gmail writes its verdict as `Authentication-Results: mx.google.com; …` on every
          // message it receives, and that is the one to trust (docs/decisions/033).
          authservIds: [GMAIL_AUTHSERV_ID],
          now: this.now,
        },
        { mailbox, position: id },
        Buffer.from(message.raw, 'base64url'),
      );
      if ((outcome.kind === 'reply' || outcome.kind === 'auto_reply') && outcome.stored) stored++;
      if (outcome.kind !== 'ignored' && outcome.kind !== 'skipped') {
        await this.o.db
          .update(mailboxSync)
          .set({ imported: sql`${mailboxSync.imported} + 1` })
          .where(eq(mailboxSync.mailbox, mailbox));
      }
    }
    // Stored only once every message up to it is imported: a crash repeats, never skips.
    await this.o.db
      .update(mailboxSync)
      .set({ historyId: nextHistoryId })
      .where(eq(mailboxSync.mailbox, mailbox));
    return stored;
  }

  /** Ids of messages added to INBOX since `startHistoryId`; null when Google no longer has it. */
  private async historySince(connection: GmailConnection, startHistoryId: string) {
    const ids: string[] = [];
    let pageToken: string | undefined;
    let historyId = startHistoryId;
    for (let page = 0; page < MAX_PAGES; page++) {
      const query = new URLSearchParams({ startHistoryId, historyTypes: 'messageAdded', labelId: 'INBOX' });
      if (pageToken) query.set('pageToken', pageToken);
      let res: {
        history?: { messagesAdded?: { message: { id: string; labelIds?: string[] } }[] }[];
        historyId?: string;
        nextPageToken?: string;
      };
      try {
        res = await this.api(connection, `/history?${query}`);
      } catch (error) {
        if (error instanceof GmailApiError && error.status === 404) return null;
        throw error;
      }
      for (const h of res.history ?? [])
        for (const added of h.messagesAdded ?? []) ids.push(added.message.id);
      if (res.historyId) historyId = res.historyId;
      pageToken = res.nextPageToken;
      if (!pageToken) break;
    }
    return { ids, historyId };
  }

  /** The inbox's messages of the last RESCAN_DAYS days (at most RESCAN_MAX), oldest first, and the current history id. */
  private async rescan(connection: GmailConnection) {
    const profile = await this.api<{ historyId: string }>(connection, '/profile');
    const ids: string[] = [];
    let pageToken: string | undefined;
    while (ids.length < RESCAN_MAX) {
      const query = new URLSearchParams({
        q: `newer_than:${RESCAN_DAYS}d`,
        labelIds: 'INBOX',
        maxResults: String(Math.min(100, RESCAN_MAX - ids.length)),
      });
      if (pageToken) query.set('pageToken', pageToken);
      const res = await this.api<{ messages?: { id: string }[]; nextPageToken?: string }>(
        connection,
        `/messages?${query}`,
      );
      ids.push(...(res.messages ?? []).map((m) => m.id));
      pageToken = res.nextPageToken;
      if (!pageToken) break;
    }
    // messages.list answers newest first.
    return { ids: ids.reverse(), historyId: profile.historyId };
  }

  /** A GET on `users/me` with a fresh access token (refreshed once on 401). @throws GmailApiError */
  private async api<T>(connection: GmailConnection, path: string): Promise<T> {
    const get = async (token: string) =>
      fetch(`${this.o.google.gmailApiUrl}/gmail/v1/users/me${path}`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(30_000),
      });
    let res: Response;
    try {
      res = await get(await this.accessToken(connection.id, false));
      if (res.status === 401) res = await get(await this.accessToken(connection.id, true));
    } catch (error) {
      if (error instanceof GmailApiError) throw error;
      throw new GmailApiError(0, `Gmail API unreachable: ${(error as Error).message}`);
    }
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
      throw new GmailApiError(
        res.status,
        `Gmail API error ${res.status}: ${body?.error?.message ?? res.statusText}`,
      );
    }
    return (await res.json()) as T;
  }

  /** The shared access token (gmail-access.ts); its errors become GmailApiErrors. */
  private async accessToken(connectionId: number, force: boolean): Promise<string> {
    try {
      return await gmailAccessToken(this.o, connectionId, force);
    } catch (error) {
      throw new GmailApiError(0, (error as Error).message);
    }
  }
}
