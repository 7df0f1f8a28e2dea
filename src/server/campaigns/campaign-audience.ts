import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type {
  AudienceFilter,
  AudienceMember,
  AudiencePage,
  AudiencePageQuery,
} from '../../shared/campaigns.ts';
import { MAX_ID } from '../../shared/ids.ts';
import { contactSearchCondition } from '../contacts/list-contacts.ts';
import { DomainError } from '../domain-error.ts';

/**
 * Server-side campaign audiences (decision 026). A campaign's recipients are chosen as
 * a filter (everyone subscribed, narrowed by search, status, tag) plus hand-picked contact ids,
 * and the database turns them into recipient rows in one `INSERT … SELECT`: nothing of the
 * audience passes through the browser or the server's memory.
 */

/** Contacts in name order a filtered checklist page first looks through. */
const RECENT_WINDOW = 5000;

/**
 * The condition on contact alias `c` for a filter: the search as the contacts list's (case-
 * insensitive substring of name, email or message; trigram indexes), the status, the tag.
 */
function filterCondition(filter: Pick<AudienceFilter, 'q' | 'status' | 'tagId'>): SQL {
  // Spam is in no audience (decision 037).
  const parts: SQL[] = [sql`c.status <> 'spam'`];
  if (filter.q) parts.push(contactSearchCondition(sql`c.id`, filter.q));
  if (filter.status) parts.push(sql`c.status = ${filter.status}`);
  if (filter.tagId !== undefined)
    parts.push(
      sql`exists (select 1 from contact_tags ct where ct.contact_id = c.id and ct.tag_id = ${filter.tagId})`,
    );
  return sql.join(parts, sql` and `);
}

/**
 * Contact alias `c` may get campaigns: not unsubscribed, its address not in `unsubscribes`, and,
 * when imported from a CSV, only with the consent the owner ticked at import.
 */
const subscribed = sql`c.unsubscribed_at is null
  and not exists (select 1 from unsubscribes u where lower(u.email) = lower(c.email))
  and (c.origin <> 'import' or c.consent_at is not null)`;

/** The ids travel as one JSON parameter: any number of them fits one statement. */
const idList = (ids: readonly number[]) =>
  sql`(select value::int from json_array_elements_text(${JSON.stringify(ids)}::json))`;

/** A choice of recipients: an audience filter and/or hand-picked contact ids, minus `excludeIds`. */
export interface RecipientChoice {
  audience?: AudienceFilter;
  recipientIds?: readonly number[];
  excludeIds?: readonly number[];
}

/**
 * The chosen contacts' ids as a subquery: everyone subscribed matching the audience, plus the
 * hand-picked ids (those as given: an unsubscribed one is queued and then reported `skipped`).
 */
export function chosenContactIds(choice: RecipientChoice): SQL {
  const ids = choice.recipientIds ?? [];
  const byAudience = choice.audience
    ? sql`select c.id from contacts c where ${subscribed} and ${filterCondition(choice.audience)}`
    : null;
  const byIds =
    ids.length > 0
      ? sql`select value::int from json_array_elements_text(${JSON.stringify(ids)}::json)`
      : null;
  const exclude = choice.excludeIds ?? [];
  const union =
    byAudience && byIds
      ? sql`${byAudience} union ${byIds}`
      : (byAudience ?? byIds ?? sql`select null::int where false`);
  if (exclude.length === 0) return sql`(${union})`;
  return sql`(select id from (${union}) as chosen(id) where id not in ${idList(exclude)})`;
}

/**
 * Queues the chosen contacts as `pending` recipients of a campaign with one `INSERT … SELECT`.
 * An address that already has a row in this campaign, in any case and through any contact, keeps
 * it: the unique index on (campaign, lower(email)) skips the rest, even for two sends racing
 * (decision 019); of two contacts sharing an address, the one outside the legacy duplicates wins.
 * Unknown ids are ignored. @returns how many rows were added.
 */
export async function insertRecipients(db: Db, campaignId: number, choice: RecipientChoice): Promise<number> {
  const ids = choice.recipientIds ?? [];
  if (!choice.audience && ids.length === 0) return 0;
  const where = [
    choice.audience ? sql`(${subscribed} and ${filterCondition(choice.audience)})` : null,
    ids.length > 0 ? sql`c.id in ${idList(ids)}` : null,
  ].filter((part): part is SQL => part !== null);
  const exclude = choice.excludeIds ?? [];
  const result = await db.execute(sql`
    insert into campaign_recipients (campaign_id, contact_id, email, name)
    select ${campaignId}, c.id, c.email, c.name from contacts c
    where (${sql.join(where, sql` or `)})
      -- A hand-picked id of a spam contact is not queued either (decision 037).
      and c.status <> 'spam'
      ${exclude.length > 0 ? sql`and c.id not in ${idList(exclude)}` : sql``}
    order by c.legacy_duplicate, c.id
    on conflict do nothing`);
  return rowCount(result);
}

/** Affected rows of `db.execute` on either driver (node-postgres: rowCount; PGlite: affectedRows). */
function rowCount(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

/**
 * One page of the recipient checklist (GET /api/admin/campaigns/audience): contacts matching the
 * filter by name (then id), keyset-paged on (lower(name), id); unsubscribed ones listed and
 * flagged. With `campaignId`, each is marked when that campaign already sent to its address, or
 * has it queued while sending. Counts on the first page only.
 * @throws DomainError `invalid` for a malformed cursor.
 */
export async function listAudiencePage(db: Db, query: AudiencePageQuery): Promise<AudiencePage> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const after = cursor ? sql`(lower(c.name), c.id) > (${cursor.name}, ${cursor.id})` : sql`true`;
  const mark = query.campaignId === undefined ? sql`null::text` : markOf(query.campaignId);
  type Row = {
    id: number;
    name: string;
    email: string;
    unsubscribed: boolean;
    sort_name: string;
    mark: 'sent' | 'queued' | 'chosen' | null;
  };
  const pageFrom = async (source: SQL) =>
    resultRows<Row>(
      await db.execute(sql`
        select c.id, c.name, c.email, c.unsubscribed_at is not null as unsubscribed,
          lower(c.name) as sort_name, ${mark} as mark
        from ${source}
        where ${after} and ${filterCondition(query)}
        order by lower(c.name), c.id
        limit ${query.limit + 1}`),
    );
  let rows: Row[] | undefined;
  if (query.q || query.status || query.tagId !== undefined) {
    // As the contacts list: a broad filter finds its page among the next few thousand contacts
    // by name (the name index, a subquery the planner keeps); a narrow one then asks the trigram
    // indexes for every match, few by then (decision 026).
    const near = await pageFrom(sql`(
      select c.id, c.name, c.email, c.message, c.status, c.unsubscribed_at from contacts c
      where ${after} order by lower(c.name), c.id limit ${RECENT_WINDOW}) as c`);
    if (near.length > query.limit) rows = near;
  }
  rows ??= await pageFrom(sql`contacts c`);
  const hasMore = rows.length > query.limit;
  const page = hasMore ? rows.slice(0, query.limit) : rows;
  let total: number | null = null;
  let selectable: number | null = null;
  if (!query.cursor) {
    const [counts] = resultRows<{ total: string | number; selectable: string | number }>(
      await db.execute(sql`
        select count(*) as total,
          count(*) filter (where ${subscribed}
            ${query.campaignId === undefined ? sql`` : sql`and coalesce(${markOf(query.campaignId)}, 'chosen') = 'chosen'`}) as selectable
        from contacts c where ${filterCondition(query)}`),
    );
    total = Number(counts?.total ?? 0);
    selectable = Number(counts?.selectable ?? 0);
  }
  const last = page.at(-1);
  return {
    members: page.map(
      (r): AudienceMember => ({
        id: Number(r.id),
        name: r.name,
        email: r.email,
        unsubscribed: Boolean(r.unsubscribed),
        mark: r.mark ?? null,
      }),
    ),
    nextCursor: hasMore && last ? encodeCursor(last.sort_name, Number(last.id)) : null,
    total,
    selectable,
  };
}

/**
 * What campaign `campaignId` already holds for contact alias `c`, by address in any case
 * (decision 019) or by contact: 'sent', 'queued' (pending or being sent, campaign not a draft), 'chosen'
 * (a draft's pending recipient), or null.
 */
function markOf(campaignId: number): SQL {
  return sql`(select case when bool_or(r.status = 'sent') then 'sent'
      when bool_or(r.status in ('pending', 'sending') and k.status <> 'draft') then 'queued'
      when bool_or(r.status = 'pending') then 'chosen' end
    from campaign_recipients r join campaigns k on k.id = r.campaign_id
    where r.campaign_id = ${campaignId}
      and ((not r.legacy_duplicate and lower(r.email) = lower(c.email)) or r.contact_id = c.id))`;
}

/** Rows of `db.execute` on either driver. */
export function resultRows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

function encodeCursor(name: string, id: number): string {
  return Buffer.from(JSON.stringify([name, id])).toString('base64url');
}

/** Reads a cursor of `encodeCursor`; anything else (NUL bytes, huge ids) is a 400, not a failed query. */
function decodeCursor(cursor: string): { name: string; id: number } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    if (Array.isArray(value) && value.length === 2) {
      const [name, id] = value as [unknown, unknown];
      if (
        typeof name === 'string' &&
        name.length <= 1000 &&
        !name.includes('\0') &&
        Number.isInteger(id) &&
        (id as number) >= 1 &&
        (id as number) <= MAX_ID
      )
        return { name, id: id as number };
    }
  } catch {
    // Falls through to the 400.
  }
  throw new DomainError('invalid', 'Invalid cursor');
}
