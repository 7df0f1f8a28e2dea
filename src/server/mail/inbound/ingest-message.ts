import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { campaignRecipients, contactMessages, contacts } from '../../../db/schema/index.ts';
import { type InboundMessage, parseInbound } from './parse-inbound.ts';

/**
 * The import of one fetched email, the same for IMAP and Gmail (issue #12):
 * - a bounce marks the campaign recipient it answers `bounced` and the contact's address bouncing;
 * - a message answering one we sent (In-Reply-To/References = a stored Message-ID), or else sent
 *   from a contact's address, joins that contact's thread: unread if it is a real reply, read if
 *   it is an automatic one (RFC 3834; shown, never counted as a reply);
 * - everything else is ignored: the inbox is never imported as a whole.
 * Storing is `INSERT … ON CONFLICT DO NOTHING` on the unique Message-ID, so a message fetched twice
 * (a restart, a second instance, a re-scan) is stored once.
 */

export type IngestOutcome =
  | { kind: 'reply' | 'auto_reply'; contactId: number; stored: boolean; messageId: string }
  | { kind: 'bounce'; recipients: number; contacts: number }
  | { kind: 'ignored'; reason: string };

export interface IngestContext {
  db: Db;
  /** Where the message came from, kept on the row. */
  source: 'imap' | 'gmail';
  /** Our own addresses (lower case): copies of our own mail are never imported. */
  ownAddresses: string[];
  now?: () => Date;
}

/** Parses, classifies, matches and stores one raw message. @throws on database errors only. */
export async function ingestRawMessage(ctx: IngestContext, raw: Buffer): Promise<IngestOutcome> {
  let message: InboundMessage;
  try {
    message = await parseInbound(raw, ctx.now?.() ?? new Date());
  } catch {
    return { kind: 'ignored', reason: 'unreadable' };
  }
  return ingestMessage(ctx, message);
}

/** The import of an already parsed message (see the module comment). */
export async function ingestMessage(ctx: IngestContext, message: InboundMessage): Promise<IngestOutcome> {
  if (message.kind === 'bounce') return applyBounce(ctx, message);
  if (!message.from || ctx.ownAddresses.includes(message.from)) return { kind: 'ignored', reason: 'own' };
  const contactId =
    (await contactByThread(ctx.db, message.parents)) ?? (await contactByAddress(ctx.db, message.from));
  if (contactId === null) return { kind: 'ignored', reason: 'unrelated' };
  const now = ctx.now?.() ?? new Date();
  const auto = message.kind === 'auto_reply';
  const sentAt = message.date ?? now;
  const stored = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .insert(contactMessages)
      .values({
        contactId,
        sender: 'contact',
        status: 'sent',
        subject: message.subject,
        content: message.html,
        textContent: message.text,
        messageId: message.messageId,
        inReplyTo: message.inReplyTo,
        references: message.references,
        attachments: message.attachments,
        autoReply: auto,
        unread: !auto,
        source: ctx.source,
        sentAt,
      })
      .onConflictDoNothing({ target: contactMessages.messageId })
      .returning({ id: contactMessages.id });
    if (rows.length > 0 && !auto) {
      // A reply brings the contact back to the top of the list, like a new form message does.
      await tx
        .update(contacts)
        .set({ lastActivityAt: sql`greatest(${contacts.lastActivityAt}, ${sentAt})` })
        .where(eq(contacts.id, contactId));
    }
    return rows.length > 0;
  });
  return { kind: auto ? 'auto_reply' : 'reply', contactId, stored, messageId: message.messageId };
}

/** The contact whose sent message (one-to-one or campaign) is nearest in the thread, or null. */
async function contactByThread(db: Db, parents: string[]): Promise<number | null> {
  if (parents.length === 0) return null;
  const sent = await db
    .select({ contactId: contactMessages.contactId, messageId: contactMessages.messageId })
    .from(contactMessages)
    .where(inArray(contactMessages.messageId, parents));
  const campaign = await db
    .select({ contactId: campaignRecipients.contactId, messageId: campaignRecipients.messageId })
    .from(campaignRecipients)
    .where(inArray(campaignRecipients.messageId, parents));
  // `parents` runs from the direct parent outwards: the first known one decides.
  for (const id of parents) {
    const hit = [...sent, ...campaign].find((r) => r.messageId === id && r.contactId !== null);
    if (hit?.contactId) return hit.contactId;
  }
  return null;
}

/** The contact with this address (the current one, not a legacy duplicate), or null. */
async function contactByAddress(db: Db, address: string): Promise<number | null> {
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(sql`lower(${contacts.email}) = ${address} and not ${contacts.legacyDuplicate}`)
    .limit(1);
  return row?.id ?? null;
}

/**
 * Marks what a bounce reports: the campaign recipients whose message it returns (by the
 * original's Message-ID, else the latest sent one to the failed address) become `bounced`, and
 * every contact with a failed address is marked bouncing with the reason. Repeating it changes
 * nothing more, so a bounce fetched twice is harmless.
 */
async function applyBounce(ctx: IngestContext, message: InboundMessage): Promise<IngestOutcome> {
  const bounce = message.bounce!;
  const now = ctx.now?.() ?? new Date();
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const byId =
      bounce.originalIds.length > 0
        ? await db
            .select({ id: campaignRecipients.id, email: campaignRecipients.email })
            .from(campaignRecipients)
            .where(inArray(campaignRecipients.messageId, bounce.originalIds))
        : [];
    const addresses = [...new Set([...bounce.recipients, ...byId.map((r) => r.email.toLowerCase())])];
    // A non-standard bounce may name nobody: the returned original's id is all there is.
    const oneToOne =
      addresses.length === 0 && bounce.originalIds.length > 0
        ? await db
            .select({ email: contacts.email })
            .from(contactMessages)
            .innerJoin(contacts, eq(contacts.id, contactMessages.contactId))
            .where(inArray(contactMessages.messageId, bounce.originalIds))
        : [];
    addresses.push(...oneToOne.map((r) => r.email.toLowerCase()));
    const recipientIds = new Set(byId.map((r) => r.id));
    for (const address of addresses.filter((a) => !byId.some((r) => r.email.toLowerCase() === a))) {
      const [latest] = await db
        .select({ id: campaignRecipients.id })
        .from(campaignRecipients)
        .where(
          and(sql`lower(${campaignRecipients.email}) = ${address}`, eq(campaignRecipients.status, 'sent')),
        )
        .orderBy(desc(campaignRecipients.sentAt))
        .limit(1);
      if (latest) recipientIds.add(latest.id);
    }
    if (recipientIds.size > 0) {
      await db
        .update(campaignRecipients)
        .set({ status: 'bounced', errorMessage: `Bounced: ${bounce.reason}`.slice(0, 1000) })
        .where(inArray(campaignRecipients.id, [...recipientIds]));
    }
    const marked =
      addresses.length === 0
        ? []
        : await db
            .update(contacts)
            .set({ bouncingAt: now, bounceReason: bounce.reason })
            .where(
              and(
                sql`lower(${contacts.email}) in (select value from json_array_elements_text(${JSON.stringify(addresses)}::json))`,
                isNull(contacts.bouncingAt),
              ),
            )
            .returning({ id: contacts.id });
    if (recipientIds.size === 0 && marked.length === 0)
      return { kind: 'ignored', reason: 'bounce for nobody we know' };
    return { kind: 'bounce', recipients: recipientIds.size, contacts: marked.length };
  });
}
