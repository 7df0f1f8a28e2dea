import { and, count, eq, getTableColumns, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import { CONTACT_PAGE_MAX, type Contact, type ContactPageQuery } from '../../shared/contacts.ts';
import { isStorableTime } from '../../shared/datetime.ts';
import { MAX_ID } from '../../shared/ids.ts';
import { HttpError } from '../http-error.ts';
import { toContact } from './to-contact.ts';

/**
 * The list's order, spelled as its index is (`contacts_last_activity_idx`: DESC NULLS LAST): a
 * plain DESC means NULLS FIRST, which that index cannot give, and PostgreSQL sorted the whole
 * table for every page (issue #15).
 */
const LIST_ORDER = [
  sql`${contacts.lastActivityAt} desc nulls last`,
  sql`${contacts.id} desc nulls last`,
] as const;

export interface ContactPage {
  contacts: Contact[];
  /** Opaque cursor of the next page, or null on the last page. */
  nextCursor: string | null;
  /**
   * How many contacts match the search and filter, over all pages: counted on the first page only
   * (no cursor); later pages answer null and the client keeps the first page's figure (issue #15:
   * a count over a million rows per page doubled every page's time).
   */
  total: number | null;
}

/**
 * Contacts, most recently active first (`last_activity_at`: created, or wrote again through the
 * form; issue #11 §3), optionally narrowed by a case-insensitive search over name, email and
 * message and by status (spec §2 '/admin/contacts'); `status: 'all'` means no status filter.
 * One page of `limit` (default {@link CONTACT_PAGE_MAX}: never the whole table, issue #15) is
 * returned, by keyset on (last_activity_at, id): a contact that moves to the top while someone
 * pages never shows up twice. The search runs on trigram indexes (migration 0005).
 * @throws HttpError 400 for a malformed cursor.
 */
export async function listContacts(db: Db, query: ContactPageQuery): Promise<ContactPage> {
  const limit = query.limit ?? CONTACT_PAGE_MAX;
  const where: SQL[] = contactFilters(query);
  if (where.length > 0) await ensureStatistics(db);
  if (query.cursor) {
    const { activityAt, id } = decodeCursor(query.cursor);
    // A row comparison, which the list's index takes as where to start (both columns are NOT
    // NULL, so it means the same as `activity < t or (activity = t and id < i)`). That OR form is
    // only a filter: each page walked the index from the top, and page 10,000 of a search at 1M
    // contacts read half the table (705 ms against 0.3 ms; issue #15).
    where.push(sql`(${contacts.lastActivityAt}, ${contacts.id}) < (${fromMicros(activityAt)}, ${id})`);
  }
  // One statement, and the planner picks the path from the table's statistics: a broad search or
  // filter walks the list's index until the page is full; a rare one (an email, a full name)
  // reads its matches from the trigram indexes and sorts only those. A first pass over the 5,000 most recent contacts, which this replaced, cost a
  // rare search 15 ms of ILIKE before the same trigram query ran (issue #15).
  const rows = await db
    // The cursor carries the time in microseconds since 1970, as stored; a JavaScript Date keeps
    // only milliseconds, and contacts a few microseconds apart would fall between two pages.
    .select({
      ...getTableColumns(contacts),
      activityMicros: sql<string>`(extract(epoch from ${contacts.lastActivityAt}) * 1000000)::bigint::text`,
      // Partial index contact_messages_unread_idx: only unread rows are counted (issue #12).
      unreadReplies: sql<number>`(select count(*)::int from contact_messages m where m.contact_id = "contacts"."id" and m.unread)`,
    })
    .from(contacts)
    .where(and(...where))
    .orderBy(...LIST_ORDER)
    .limit(limit + 1);
  const hasMore = rows.length > limit;
  const page = hasMore ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  const total = query.cursor || query.count === 'false' ? null : await countContacts(db, query);
  return {
    contacts: page.map((row) => ({ ...toContact(row), unreadReplies: Number(row.unreadReplies) })),
    nextCursor: hasMore && last ? encodeCursor(String(last.activityMicros), last.id) : null,
    total,
  };
}

/** When each database's contacts statistics were last looked for (ms since 1970). */
const statisticsChecked = new WeakMap<Db, number>();
const STATISTICS_RECHECK_MS = 10 * 60_000;

/**
 * Gathers the planner's statistics of `contacts` when the table has none, looking at most once per
 * {@link STATISTICS_RECHECK_MS} per database. The list's plan depends on them: without them
 * PostgreSQL guesses a few hundred matches for any search, and at 1M contacts 'invoices' read
 * and sorted its 142,857 matches (1.1 s) instead of walking the list's index (1 ms). PostgreSQL's
 * autovacuum gathers them, but an embedded database has no autovacuum, and a restored backup or
 * a bulk insert starts without them. ANALYZE reads a sample (about 1 s at 1M contacts).
 */
async function ensureStatistics(db: Db): Promise<void> {
  const now = Date.now();
  if (now - (statisticsChecked.get(db) ?? 0) < STATISTICS_RECHECK_MS) return;
  statisticsChecked.set(db, now);
  const result = (await db.execute(sql`
    select exists (select 1 from pg_stats
      where schemaname = current_schema() and tablename = 'contacts') as analyzed`)) as unknown as {
    rows: { analyzed: boolean }[];
  };
  if (!result.rows[0]?.analyzed) await db.execute(sql`analyze ${contacts}`);
}

/**
 * How many contacts match the search and status (GET /api/admin/contacts/count, and the first
 * page's `X-Total-Count`): proportional to the matches, so asked once per search (issue #15).
 */
export async function countContacts(db: Db, query: Pick<ContactPageQuery, 'q' | 'status'>): Promise<number> {
  const [totals] = await db
    .select({ n: count() })
    .from(contacts)
    .where(and(...contactFilters(query)));
  return Number(totals?.n ?? 0);
}

/** The search and status conditions shared by the list and the CSV export. */
export function contactFilters(query: Pick<ContactPageQuery, 'q' | 'status'>): SQL[] {
  const where: SQL[] = [];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    where.push(
      or(
        ilike(contacts.name, pattern),
        ilike(contacts.email, pattern),
        ilike(contacts.message, pattern),
      ) as SQL,
    );
  }
  if (query.status && query.status !== 'all') where.push(eq(contacts.status, query.status));
  return where;
}

/** Escapes LIKE wildcards so a search for "50%" matches the text "50%". */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The timestamptz `micros` microseconds after 1970 (exact: it stays below 2^53). */
const fromMicros = (micros: number) =>
  sql`(timestamptz 'epoch' + ${micros}::float8 * interval '1 microsecond')`;

function encodeCursor(activityMicros: string, id: number): string {
  return Buffer.from(`${activityMicros}|${id}`).toString('base64url');
}

/**
 * Reads a cursor of `encodeCursor`: the last row's activity time in microseconds and its id.
 * Anything else — including ids past the `integer` column and times the database cannot compare
 * (issue #10 §6) — is a 400, never a failed query.
 */
function decodeCursor(cursor: string): { activityAt: number; id: number } {
  const [micros = '', idText = ''] = Buffer.from(cursor, 'base64url').toString().split('|');
  const id = Number(idText);
  const activityAt = Number(micros);
  if (!/^-?\d{1,16}$/.test(micros) || !isStorableTime(Math.floor(activityAt / 1000)))
    throw new HttpError(400, 'Invalid cursor');
  if (!/^[1-9]\d{0,9}$/.test(idText) || id > MAX_ID) throw new HttpError(400, 'Invalid cursor');
  return { activityAt, id };
}
