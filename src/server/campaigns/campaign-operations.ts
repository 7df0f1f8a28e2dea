import { and, asc, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaignRecipients, campaigns, contacts } from '../../db/schema/index.ts';
import {
  CAMPAIGN_PAGE_MAX,
  type Campaign,
  type CampaignCreate,
  type CampaignDetails,
  type RecipientStatus,
} from '../../shared/campaigns.ts';
import { MAX_ID } from '../../shared/ids.ts';
import { conflict, notFound } from '../http-error.ts';
import { insertRecipients } from './campaign-audience.ts';

/**
 * Adds one `pending` recipient row per existing contact among `contactIds` (unknown ids are
 * ignored); see {@link insertRecipients} for the per-address uniqueness.
 */
export async function addRecipients(db: Db, campaignId: number, contactIds: number[]): Promise<void> {
  await insertRecipients(db, campaignId, { recipientIds: contactIds });
}

/**
 * The API's campaign. Its counts are the ones kept with the campaign by the database (issue #15:
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

/** Every campaign, newest first, with recipient counts (spec §2 campaign cards). */
export async function listCampaigns(db: Db): Promise<Campaign[]> {
  const rows = await db.select().from(campaigns).orderBy(desc(campaigns.createdAt), desc(campaigns.id));
  return rows.map(toCampaign);
}

/**
 * Creates a draft (spec §2 'Create Campaign'). The contacts ticked in the dialog, and everyone
 * matching its audience filter ('Select all N matching'), are kept as the draft's `pending`
 * recipients, inserted by the database in one statement (issue #15); nothing is sent until
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
 * The campaign with its counts and one page of its recipients in queue order (spec §2 details
 * dialog; issue #15: `limit` rows after the recipient id `cursor`, never the whole list).
 * @throws HttpError 404.
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
  };
}

/**
 * Deletes a campaign and, by cascade in the same statement, its recipient log (spec §2 'Delete
 * Campaign'). A campaign that is sending right now cannot be deleted (409): its worker holds rows.
 * @throws HttpError 404, 409.
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
