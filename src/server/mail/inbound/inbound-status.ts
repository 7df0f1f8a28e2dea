import { desc } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { mailboxSync } from '../../../db/schema/index.ts';
import type { InboundStatus } from '../../../shared/replies.ts';

/**
 * The mailboxes replies are read from and how their last check went (issue #12), for the setup
 * page: the configured IMAP mailbox (listed even before its first check) and any Gmail account.
 */
export async function inboundStatus(db: Db, imapMailbox: string | null): Promise<InboundStatus> {
  const rows = await db.select().from(mailboxSync).orderBy(desc(mailboxSync.id));
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  const known = rows
    .filter((r) =>
      r.mailbox.startsWith('imap:') ? r.mailbox === imapMailbox : r.mailbox.startsWith('gmail:'),
    )
    .map((r) => ({
      kind: r.mailbox.startsWith('imap:') ? ('imap' as const) : ('gmail' as const),
      // The IMAP name is user@host:port/path; no password is ever part of it.
      mailbox: r.mailbox.replace(/^(imap|gmail):/, ''),
      lastCheckedAt: iso(r.lastCheckedAt),
      lastSuccessAt: iso(r.lastSuccessAt),
      lastError: r.lastError,
      nextAttemptAt: iso(r.nextAttemptAt),
      imported: r.imported,
    }));
  if (imapMailbox && !rows.some((r) => r.mailbox === imapMailbox)) {
    known.unshift({
      kind: 'imap',
      mailbox: imapMailbox.replace(/^imap:/, ''),
      lastCheckedAt: null,
      lastSuccessAt: null,
      lastError: null,
      nextAttemptAt: null,
      imported: 0,
    });
  }
  return { mailboxes: known };
}
