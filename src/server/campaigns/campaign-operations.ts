import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaignRecipients, campaigns, contacts } from '../../db/schema/index.ts';
import type {
  AudienceMember,
  Campaign,
  CampaignCreate,
  CampaignDetails,
  RecipientStatus,
} from '../../shared/campaigns.ts';
import { conflict, notFound } from '../http-error.ts';

/** Per-status counts of recipients, by campaign. */
const countsQuery = (db: Db) =>
  db
    .select({
      campaignId: campaignRecipients.campaignId,
      total: sql<number>`count(*)`,
      sent: sql<number>`count(*) filter (where ${campaignRecipients.status} = 'sent')`,
      failed: sql<number>`count(*) filter (where ${campaignRecipients.status} in ('failed', 'interrupted'))`,
      pending: sql<number>`count(*) filter (where ${campaignRecipients.status} in ('pending', 'sending'))`,
    })
    .from(campaignRecipients)
    .groupBy(campaignRecipients.campaignId);

type Counts = { total: number; sent: number; failed: number; pending: number };

/**
 * Adds one `pending` recipient row per existing contact (unknown ids are ignored). An address
 * that already has a row in this campaign, in any case and through any contact, keeps it: the
 * unique index on (campaign, lower(email)) skips the rest, even for two sends racing (issue #11
 * §3), so nobody is queued twice. The ids travel as one JSON parameter, so any number of them
 * fits in one statement.
 */
export async function addRecipients(db: Db, campaignId: number, contactIds: number[]): Promise<void> {
  if (contactIds.length === 0) return;
  await db.execute(sql`
    insert into campaign_recipients (campaign_id, contact_id, email, name)
    select ${campaignId}, c.id, c.email, c.name from contacts c
    where c.id in (select value::int from json_array_elements_text(${JSON.stringify(contactIds)}::json))
    order by c.legacy_duplicate, c.id
    on conflict do nothing`);
}

function toCampaign(row: typeof campaigns.$inferSelect, counts: Counts | undefined): Campaign {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    htmlContent: row.htmlContent,
    status: row.status,
    recipientCount: Number(counts?.total ?? 0),
    sentCount: Number(counts?.sent ?? 0),
    failedCount: Number(counts?.failed ?? 0),
    pendingCount: Number(counts?.pending ?? 0),
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every campaign, newest first, with recipient counts (spec §2 campaign cards). */
export async function listCampaigns(db: Db): Promise<Campaign[]> {
  const rows = await db.select().from(campaigns).orderBy(desc(campaigns.createdAt), desc(campaigns.id));
  const counts = new Map((await countsQuery(db)).map((c) => [c.campaignId, c]));
  return rows.map((row) => toCampaign(row, counts.get(row.id)));
}

/**
 * Every contact a campaign could go to, by name (then id), in the compact shape of the recipient
 * checklists: one short row per contact, so 10,000 contacts are one ~0.6 MB answer.
 */
export async function listAudience(db: Db): Promise<AudienceMember[]> {
  const rows = await db
    .select({
      id: contacts.id,
      name: contacts.name,
      email: contacts.email,
      unsubscribedAt: contacts.unsubscribedAt,
    })
    .from(contacts)
    .orderBy(asc(sql`lower(${contacts.name})`), asc(contacts.id));
  return rows.map(({ unsubscribedAt, ...row }) => ({ ...row, unsubscribed: unsubscribedAt !== null }));
}

/**
 * Creates a draft (spec §2 'Create Campaign'). The contacts ticked in the dialog are kept as the
 * draft's `pending` recipients; nothing is sent until 'Send'. Unknown contact ids are ignored.
 */
export async function createCampaign(db: Db, input: CampaignCreate): Promise<Campaign> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(campaigns)
      .values({ name: input.name, subject: input.subject, htmlContent: input.htmlContent })
      .returning();
    await addRecipients(tx as unknown as Db, row!.id, input.recipientIds ?? []);
    const [counts] = await (tx as unknown as Db)
      .select({ total: sql<number>`count(*)` })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, row!.id));
    return toCampaign(row!, {
      total: Number(counts?.total ?? 0),
      sent: 0,
      failed: 0,
      pending: Number(counts?.total ?? 0),
    });
  });
}

/** The campaign with its recipients (spec §2 details dialog). @throws HttpError 404. */
export async function getCampaignDetails(db: Db, id: number): Promise<CampaignDetails> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!row) throw notFound('Campaign');
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
    .where(eq(campaignRecipients.campaignId, id))
    .orderBy(asc(campaignRecipients.id));
  const counts = recipients.reduce(
    (c, r) => {
      c.total++;
      if (r.status === 'sent') c.sent++;
      if (r.status === 'failed' || r.status === 'interrupted') c.failed++;
      if (r.status === 'pending' || r.status === 'sending') c.pending++;
      return c;
    },
    { total: 0, sent: 0, failed: 0, pending: 0 },
  );
  return {
    ...toCampaign(row, counts),
    recipients: recipients.map((r) => ({
      id: r.id,
      contactId: r.contactId,
      email: r.email,
      status: r.status as RecipientStatus,
      sentAt: r.sentAt?.toISOString() ?? null,
      errorMessage: r.errorMessage,
      contact: r.contactName === null ? null : { name: r.contactName, email: r.contactEmail! },
    })),
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
