import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { inboundSkipped, mailboxSync } from '../../../db/schema/index.ts';
import type { InboundStatus } from '../../../shared/replies.ts';

/**
 * The mailboxes replies are read from and how their last check went (decision 023), for the setup
 * page: the configured IMAP mailbox (listed even before its first check) and any Gmail account.
 */
export async function inboundStatus(db: Db, imapMailbox: string | null): Promise<InboundStatus> {
  const rows = await db.select().from(mailboxSync).orderBy(desc(mailboxSync.id));
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  const shown = rows.filter((r) =>
    r.mailbox.startsWith('imap:') ? r.mailbox === imapMailbox : r.mailbox.startsWith('gmail:'),
  );
  const skipped = new Map(
    await Promise.all(shown.map(async (r) => [r.mailbox, await skippedOf(db, r.mailbox)] as const)),
  );
  const known = shown.map((r) => ({
    kind: r.mailbox.startsWith('imap:') ? ('imap' as const) : ('gmail' as const),
    // The IMAP name is user@host:port/path; no password is ever part of it.
    mailbox: r.mailbox.replace(/^(imap|gmail):/, ''),
    lastCheckedAt: iso(r.lastCheckedAt),
    lastSuccessAt: iso(r.lastSuccessAt),
    lastError: r.lastError,
    nextAttemptAt: iso(r.nextAttemptAt),
    imported: r.imported,
    ...skipped.get(r.mailbox)!,
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
      skipped: 0,
      latestSkipped: [],
    });
  }
  return { mailboxes: known };
}

/** How many messages of `mailbox` were skipped, and the latest five (no content: docs/decisions/033). */
async function skippedOf(db: Db, mailbox: string) {
  const [total] = await db
    .select({ n: count() })
    .from(inboundSkipped)
    .where(eq(inboundSkipped.mailbox, mailbox));
  const latest = await db
    .select()
    .from(inboundSkipped)
    .where(eq(inboundSkipped.mailbox, mailbox))
    .orderBy(desc(inboundSkipped.id))
    .limit(5);
  return {
    skipped: Number(total?.n ?? 0),
    latestSkipped: latest.map((s) => ({
      at: s.createdAt.toISOString(),
      position: s.position,
      reason: s.reason,
      size: s.size,
    })),
  };
}
