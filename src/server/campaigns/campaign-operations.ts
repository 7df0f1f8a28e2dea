import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaignRecipients, campaigns, contacts } from '../../db/schema/index.ts';
import {
  CAMPAIGN_PAGE_MAX,
  type Campaign,
  type CampaignCreate,
  type CampaignDetails,
  type CampaignEdit,
  type RecipientStatus,
} from '../../shared/campaigns.ts';
import { MAX_ID } from '../../shared/ids.ts';
import { conflict, notFound } from '../domain-error.ts';
import { insertRecipients } from './campaign-audience.ts';

/**
 * Adds one `pending` recipient row per existing contact among `contactIds` (unknown ids are
 * ignored); see {@link insertRecipients} for the per-address uniqueness.
 */
export async function addRecipients(db: Db, campaignId: number, contactIds: number[]): Promise<void> {
  await insertRecipients(db, campaignId, { recipientIds: contactIds });
}

/**
 * The API's campaign. Its counts are the ones kept with the campaign by the database (decision 029:
 * no aggregate over its recipients; migration 0007).
 */
function toCampaign(row: typeof campaigns.$inferSelect): Campaign {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    htmlContent: row.htmlContent,
    status: row.status,
    recipientCount: row.recipientCount,
    sentCount: row.sentCount,
    failedCount: row.failedCount,
    pendingCount: row.pendingCount,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every campaign, newest first, with recipient counts (docs/product.md §8.1). */
export async function listCampaigns(db: Db): Promise<Campaign[]> {
  const rows = await db.select().from(campaigns).orderBy(desc(campaigns.createdAt), desc(campaigns.id));
  return rows.map(toCampaign);
}

/**
 * Creates a draft (docs/product.md §8.2). The contacts ticked in the dialog, and everyone
 * matching its audience filter ('Select all N matching'), are kept as the draft's `pending`
 * recipients, inserted by the database in one statement (decision 029); nothing is sent until
 * 'Send'. Unknown contact ids are ignored.
 */
export async function createCampaign(db: Db, input: CampaignCreate): Promise<Campaign> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(campaigns)
      .values({ name: input.name, subject: input.subject, htmlContent: input.htmlContent })
      .returning();
    const added = await insertRecipients(tx as unknown as Db, row!.id, {
      audience: input.audience,
      recipientIds: input.recipientIds,
      excludeIds: input.excludeIds,
    });
    return toCampaign({ ...row!, recipientCount: added, pendingCount: added });
  });
}

/**
 * Replaces a draft's name, subject and content; a campaign that has started sending keeps what
 * its recipients got. @throws DomainError `not-found`, `conflict` 'Only a draft can be edited.'
 */
export async function editDraftCampaign(db: Db, id: number, input: CampaignEdit): Promise<Campaign> {
  const [row] = await db
    .update(campaigns)
    .set({ name: input.name, subject: input.subject, htmlContent: input.htmlContent, updatedAt: new Date() })
    .where(and(eq(campaigns.id, id), eq(campaigns.status, 'draft')))
    .returning();
  if (row) return toCampaign(row);
  const [existing] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, id));
  if (!existing) throw notFound('Campaign');
  throw conflict('Only a draft can be edited.');
}

/**
 * The campaign with its counts and one page of its recipients in queue order (docs/product.md §8.1,
 * the details dialog; `limit` rows after the recipient id `cursor`, never the whole list), and how
 * many interrupted recipients may still be resent (decision 044).
 * @throws DomainError `not-found`.
 */
export async function getCampaignDetails(
  db: Db,
  id: number,
  page: { limit: number; cursor?: string } = { limit: CAMPAIGN_PAGE_MAX },
): Promise<CampaignDetails> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!row) throw notFound('Campaign');
  const after = page.cursor === undefined ? 0 : Number(page.cursor);
  const recipients = await db
    .select({
      id: campaignRecipients.id,
      contactId: campaignRecipients.contactId,
      email: campaignRecipients.email,
      status: campaignRecipients.status,
      sentAt: campaignRecipients.sentAt,
      errorMessage: campaignRecipients.errorMessage,
      contactName: contacts.name,
      contactEmail: contacts.email,
    })
    .from(campaignRecipients)
    .leftJoin(contacts, eq(contacts.id, campaignRecipients.contactId))
    .where(and(eq(campaignRecipients.campaignId, id), gt(campaignRecipients.id, Math.min(after, MAX_ID))))
    .orderBy(asc(campaignRecipients.id))
    .limit(page.limit + 1);
  // The partial index on unfinished rows finds them without reading the campaign's other rows.
  const [resendable] = await db
    .select({ n: sql<number>`count(*)` })
    .from(campaignRecipients)
    .where(
      and(
        eq(campaignRecipients.status, 'interrupted'),
        eq(campaignRecipients.campaignId, id),
        isNull(campaignRecipients.resentAt),
      ),
    );
  const hasMore = recipients.length > page.limit;
  const shown = hasMore ? recipients.slice(0, page.limit) : recipients;
  return {
    ...toCampaign(row),
    recipients: shown.map((r) => ({
      id: r.id,
      contactId: r.contactId,
      email: r.email,
      status: r.status as RecipientStatus,
      sentAt: r.sentAt?.toISOString() ?? null,
      errorMessage: r.errorMessage,
      contact: r.contactName === null ? null : { name: r.contactName, email: r.contactEmail! },
    })),
    recipientsNextCursor: hasMore ? String(shown.at(-1)!.id) : null,
    interruptedToResend: Number(resendable?.n ?? 0),
  };
}

/**
 * Deletes a campaign and, by cascade in the same statement, its recipient log (docs/product.md §8.1
 * 'Delete Campaign'). A campaign that is sending right now cannot be deleted (409): its worker holds rows.
 * @throws DomainError `not-found`, `conflict`.
 */
export async function deleteCampaign(db: Db, id: number): Promise<void> {
  const [row] = await db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, id));
  if (!row) throw notFound('Campaign');
  const [busy] = await db
    .select({ id: campaignRecipients.id })
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.campaignId, id), inArray(campaignRecipients.status, ['sending'])))
    .limit(1);
  if (row.status === 'sending' && busy)
    throw conflict('The campaign is being sent right now; delete it when it is done.');
  await db.delete(campaigns).where(eq(campaigns.id, id));
}
