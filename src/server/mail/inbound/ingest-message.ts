import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { campaignRecipients, contactMessages, contacts, unmatchedMail } from '../../../db/schema/index.ts';
import { queuePush } from '../../push/queue-push.ts';
import { queueWebhookEvent } from '../../webhooks/queue-event.ts';
import { authenticationSummary, senderAuthenticated } from './authentication-results.ts';
import { type InboundMessage, parseInbound } from './parse-inbound.ts';

/**
 * The import of one fetched email, the same for IMAP and Gmail (decision 023):
 * - a delivery-status notification returning a message we sent marks that one campaign recipient
 *   `bounced` and its contact bouncing (docs/decisions/033);
 * - a message answering one we sent (In-Reply-To/References = the Message-ID of an email we sent),
 *   or else sent from a contact's address and authenticated by the provider (Authentication-Results
 *   from a trusted authserv-id: dmarc=pass, or dkim=pass aligned with the From domain), joins that
 *   contact's thread: unread if it is a real reply, read if it is an automatic one (RFC 3834);
 * - a message from a contact's address that proves neither waits in 'Unmatched mail' for the owner
 *   (docs/decisions/033);
 * - everything else is ignored: the inbox is never imported as a whole.
 * Storing is `INSERT … ON CONFLICT DO NOTHING` on the unique Message-ID, so a message fetched twice
 * (a restart, a second instance, a re-scan) is stored once.
 */

export type IngestOutcome =
  | { kind: 'reply' | 'auto_reply'; contactId: number; stored: boolean; messageId: string }
  | { kind: 'bounce'; recipients: number; contacts: number }
  | { kind: 'ignored'; reason: string }
  /** From a contact's address but unproven: kept in 'Unmatched mail' (docs/decisions/033). */
  | { kind: 'unmatched'; contactId: number; stored: boolean }
  /** Not a message the parser can read (the caller records it as skipped, docs/decisions/033). */
  | { kind: 'unreadable'; reason: string };

export interface IngestContext {
  db: Db;
  /** Where the message came from, kept on the row. */
  source: 'imap' | 'gmail';
  /** Our own addresses (lower case): copies of our own mail are never imported. */
  ownAddresses: string[];
  /**
   * The authserv-ids whose `Authentication-Results` are believed (RFC 8601 §5; lower case). Empty
   * or missing: none, so only mail answering ours joins a thread.
   */
  authservIds?: string[];
  now?: () => Date;
}

/** Parses, classifies, matches and stores one raw message. @throws on database errors only. */
export async function ingestRawMessage(ctx: IngestContext, raw: Buffer): Promise<IngestOutcome> {
  let message: InboundMessage;
  try {
    message = await parseInbound(raw, ctx.now?.() ?? new Date());
  } catch (error) {
    return { kind: 'unreadable', reason: unreadableReason(error) };
  }
  return ingestMessage(ctx, message);
}

/**
 * Why the parser gave up, in our words (its own message is not shown: it may quote the message).
 * mailsplit stops at 1,000 MIME nodes with `EMAXLEN` 'Max allowed child nodes exceeded'.
 */
function unreadableReason(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown };
  if (e?.code === 'EMAXLEN' && typeof e.message === 'string' && /child nodes/i.test(e.message))
    return 'More than 1,000 MIME parts';
  if (e?.code === 'EMAXLEN') return 'A header or line over the parser’s size limits';
  return 'Unreadable MIME';
}

/** The import of an already parsed message (see the module comment). */
export async function ingestMessage(ctx: IngestContext, message: InboundMessage): Promise<IngestOutcome> {
  if (message.kind === 'bounce') return applyBounce(ctx, message);
  if (!message.from || ctx.ownAddresses.includes(message.from)) return { kind: 'ignored', reason: 'own' };
  const now = ctx.now?.() ?? new Date();
  const auto = message.kind === 'auto_reply';
  const sentAt = message.date ?? now;
  let contactId = await contactByThread(ctx.db, message.parents);
  if (contactId === null) {
    // Not an answer to our mail: the From header alone is anyone's to write, so the sender must
    // be authenticated by the provider, or the message waits for the owner in 'Unmatched mail'.
    const claimed = await contactByAddress(ctx.db, message.from);
    if (claimed === null) return { kind: 'ignored', reason: 'unrelated' };
    const trusted = ctx.authservIds ?? [];
    if (!senderAuthenticated(message.authResults, message.from, trusted)) {
      const rows = await ctx.db
        .insert(unmatchedMail)
        .values({
          contactId: claimed,
          fromAddress: message.from,
          subject: message.subject,
          content: message.html,
          textContent: message.text,
          attachments: message.attachments,
          messageId: message.messageId,
          inReplyTo: message.inReplyTo,
          references: message.references,
          autoReply: auto,
          authentication: authenticationSummary(message.authResults, trusted),
          source: ctx.source,
          sentAt,
        })
        .onConflictDoNothing({ target: unmatchedMail.messageId })
        .returning({ id: unmatchedMail.id });
      return { kind: 'unmatched', contactId: claimed, stored: rows.length > 0 };
    }
    contactId = claimed;
  }
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
      const [contact] = await tx
        .update(contacts)
        .set({ lastActivityAt: sql`greatest(${contacts.lastActivityAt}, ${sentAt})` })
        .where(eq(contacts.id, contactId))
        .returning({ name: contacts.name, email: contacts.email });
      // In this transaction, so the event goes out once the reply is stored (decision 066).
      await queueWebhookEvent(
        tx as unknown as Db,
        'reply.received',
        {
          contactId,
          messageId: rows[0]!.id,
          name: contact?.name ?? null,
          email: contact?.email ?? null,
          subject: message.subject ?? null,
          text: message.text ?? null,
          receivedAt: sentAt.toISOString(),
        },
        contactId,
      );
      await queuePush(tx as unknown as Db, 'reply.received', {
        title: contact?.name ? `Reply from ${contact.name}` : 'New reply',
        url: `/admin/contacts/${contactId}`,
        contactId,
      });
    }
    return rows.length > 0;
  });
  return { kind: auto ? 'auto_reply' : 'reply', contactId, stored, messageId: message.messageId };
}

/**
 * The contact whose message from us (one-to-one or campaign) is nearest in the thread, or null.
 * Only ids we sent count: a contact's own Message-IDs travel to everyone they wrote to.
 */
async function contactByThread(db: Db, parents: string[]): Promise<number | null> {
  if (parents.length === 0) return null;
  const sent = await db
    .select({ contactId: contactMessages.contactId, messageId: contactMessages.messageId })
    .from(contactMessages)
    .where(and(inArray(contactMessages.messageId, parents), eq(contactMessages.sender, 'admin')));
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
 * Marks what a delivery-status notification reports (docs/decisions/033): only when it returns a
 * message we sent (its original's Message-ID is a campaign recipient's or a one-to-one email's),
 * and then only that one recipient and its contact, whatever addresses the report names. The
 * campaign recipient becomes `bounced`, the contact bouncing with the reason. Repeating it changes
 * nothing more, so a bounce fetched twice is harmless.
 */
async function applyBounce(ctx: IngestContext, message: InboundMessage): Promise<IngestOutcome> {
  const bounce = message.bounce!;
  const now = ctx.now?.() ?? new Date();
  const originals = bounce.originalIds.slice(0, 5);
  if (originals.length === 0) return { kind: 'ignored', reason: 'bounce answering nothing we sent' };
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [recipient] = await db
      .select({ id: campaignRecipients.id, contactId: campaignRecipients.contactId })
      .from(campaignRecipients)
      .where(inArray(campaignRecipients.messageId, originals))
      .limit(1);
    const [direct] = recipient
      ? []
      : await db
          .select({ contactId: contactMessages.contactId })
          .from(contactMessages)
          .where(and(inArray(contactMessages.messageId, originals), eq(contactMessages.sender, 'admin')))
          .limit(1);
    if (!recipient && !direct) return { kind: 'ignored', reason: 'bounce answering nothing we sent' };
    if (recipient) {
      await db
        .update(campaignRecipients)
        .set({ status: 'bounced', errorMessage: `Bounced: ${bounce.reason}`.slice(0, 1000) })
        .where(eq(campaignRecipients.id, recipient.id));
    }
    const contactId = recipient?.contactId ?? direct?.contactId ?? null;
    const marked =
      contactId === null
        ? []
        : await db
            .update(contacts)
            .set({ bouncingAt: now, bounceReason: bounce.reason })
            .where(and(eq(contacts.id, contactId), isNull(contacts.bouncingAt)))
            .returning({ id: contacts.id });
    return { kind: 'bounce', recipients: recipient ? 1 : 0, contacts: marked.length };
  });
}
