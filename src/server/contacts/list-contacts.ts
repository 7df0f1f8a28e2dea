import { and, count, eq, getTableColumns, ne, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import {
  CONTACT_PAGE_MAX,
  type Contact,
  type ContactPageQuery,
  type ContactSort,
  defaultSortOrder,
  type SortOrder,
} from '../../shared/contacts.ts';
import { isStorableTime } from '../../shared/datetime.ts';
import { MAX_ID } from '../../shared/ids.ts';
import type { Tag } from '../../shared/tags.ts';
import { DomainError } from '../domain-error.ts';
import type { IdRange } from './contact-lanes.ts';
import { toContact } from './to-contact.ts';

/** A contact's status as its place in the pipeline (1 new … 4 converted, 5 spam): the status sort's key. */
const STATUS_RANK = sql`array_position(array['new', 'contacted', 'qualified', 'converted', 'lost', 'spam']::text[], ${contacts.status})`;

/** The last activity in microseconds since 1970, as stored (a JavaScript Date keeps only ms). */
const ACTIVITY_MICROS = sql<string>`(extract(epoch from ${contacts.lastActivityAt}) * 1000000)::bigint::text`;

/** One part of a sort key: how it is ordered, how a row's value is read, and how a cursor's is written back. */
interface KeyPart {
  expr: SQL;
  /** The value of this part in the cursor (text of the selected `cursorKey`, or the activity). */
  kind: 'text' | 'rank' | 'micros';
}

/**
 * The sorts of the contacts table (decision 040), each an index's order followed by the id, so a
 * page is a range of that index: `contacts_last_activity_idx` (DESC NULLS LAST),
 * `contacts_name_idx` and `contacts_email_idx` on (lower(…), id), `contacts_status_rank_idx` on
 * (rank, last activity, id). `indexDesc` says which way the index itself runs: the ORDER BY spells
 * its NULLS like the index (or its backward scan), else PostgreSQL sorts the whole table.
 */
const SORTS: Record<ContactSort, { parts: KeyPart[]; indexDesc: boolean }> = {
  activity: { parts: [{ expr: sql`${contacts.lastActivityAt}`, kind: 'micros' }], indexDesc: true },
  name: { parts: [{ expr: sql`lower(${contacts.name})`, kind: 'text' }], indexDesc: false },
  email: { parts: [{ expr: sql`lower(${contacts.email})`, kind: 'text' }], indexDesc: false },
  status: {
    parts: [
      { expr: STATUS_RANK, kind: 'rank' },
      { expr: sql`${contacts.lastActivityAt}`, kind: 'micros' },
    ],
    indexDesc: false,
  },
};

/** The ORDER BY of a sort: its key parts and the id, all one way, NULLS as the index has them. */
function orderBy(sort: ContactSort, order: SortOrder): SQL[] {
  const { parts, indexDesc } = SORTS[sort];
  const desc = order === 'desc';
  const direction = sql.raw(desc ? 'desc' : 'asc');
  // An index scanned backward gives the opposite NULLS: ASC NULLS LAST reads DESC NULLS FIRST.
  const nulls = sql.raw(desc === indexDesc ? 'nulls last' : 'nulls first');
  return [...parts.map((p) => p.expr), sql`${contacts.id}`].map((e) => sql`${e} ${direction} ${nulls}`);
}

export interface ContactPage {
  contacts: Contact[];
  /** Opaque cursor of the next page, or null on the last page. */
  nextCursor: string | null;
  /**
   * How many contacts match the search and filter, over all pages: counted on the first page only
   * (no cursor); later pages answer null and the client keeps the first page's figure (decision 026:
   * a count over a million rows per page doubled every page's time).
   */
  total: number | null;
}

/**
 * Contacts, by default most recently active first (`last_activity_at`: created, or wrote again
 * through the form), or by name, email or status either way (`sort`, `order`:
 * decision 040), optionally narrowed by a case-insensitive search over name, email and message
 * and by status (docs/product.md §6.1); `status: 'all'` means no status filter. Each row
 * carries its tags and its unread messages. One page of `limit` (default
 * {@link CONTACT_PAGE_MAX}: never the whole table) is returned, by keyset on the sort's
 * index: a contact that moves while someone pages never shows up twice. The search runs on
 * trigram indexes (migration 0005).
 * @throws DomainError `invalid` for a malformed cursor.
 */
export async function listContacts(db: Db, pageQuery: ContactPageQuery): Promise<ContactPage> {
  const query = withDefaultView(pageQuery);
  const limit = query.limit ?? CONTACT_PAGE_MAX;
  const sort = query.sort ?? 'activity';
  const order = query.order ?? defaultSortOrder(sort);
  const where: SQL[] = contactFilters(query);
  if (where.length > 0) await ensureStatistics(db);
  if (query.cursor) {
    const values = decodeCursor(query.cursor, sort, order);
    const parts = SORTS[sort].parts;
    const left = sql.join([...parts.map((p) => p.expr), sql`${contacts.id}`], sql`, `);
    const right = sql.join(
      values.map((value, i) => {
        const kind = parts[i]?.kind;
        if (kind === 'micros') return fromMicros(Number(value));
        if (kind === 'rank') return sql`${Number(value)}::int`;
        if (kind === 'text') return sql`${String(value)}::text`;
        return sql`${Number(value)}::int`;
      }),
      sql`, `,
    );
    // A row comparison, which the sort's index takes as where to start (every key part is NOT
    // NULL, so it means the same as the spelled-out `a < x or (a = x and …)`). That OR form is
    // only a filter: each page walked the index from the top, and page 10,000 of a search at 1M
    // contacts read half the table (705 ms against 0.3 ms).
    where.push(sql`(${left}) ${sql.raw(order === 'desc' ? '<' : '>')} (${right})`);
  }
  // One statement, and the planner picks the path from the table's statistics: a broad search or
  // filter walks the sort's index until the page is full; a rare one (an email, a full name)
  // reads its matches from the trigram indexes and sorts only those. A first pass over the 5,000 most recent contacts, which this replaced, cost a
  // rare search 15 ms of ILIKE before the same trigram query ran (decision 026).
  const rows = await db
    .select({
      ...getTableColumns(contacts),
      activityMicros: ACTIVITY_MICROS,
      textKey:
        sort === 'name' || sort === 'email' ? sql<string>`${SORTS[sort].parts[0]!.expr}` : sql<null>`null`,
      rank: sql<number>`${STATUS_RANK}`,
      // Partial index contact_messages_unread_idx: only unread rows are counted (decision 023).
      unreadReplies: sql<number>`(select count(*)::int from contact_messages m where m.contact_id = "contacts"."id" and m.unread)`,
      // The page's tags through the primary key of contact_tags: 20 index probes a page.
      tags: sql<
        Tag[] | string
      >`(select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color) order by lower(t.name), t.id), '[]'::json)
        from contact_tags ct join tags t on t.id = ct.tag_id where ct.contact_id = "contacts"."id")`,
    })
    .from(contacts)
    .where(and(...where))
    .orderBy(...orderBy(sort, order))
    .limit(limit + 1);
  const hasMore = rows.length > limit;
  const page = hasMore ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  const total = query.cursor || query.count === 'false' ? null : await countContacts(db, query);
  let nextCursor: string | null = null;
  if (hasMore && last) {
    const keyOf = (kind: KeyPart['kind']): CursorValue =>
      kind === 'micros'
        ? String(last.activityMicros)
        : kind === 'rank'
          ? Number(last.rank)
          : String(last.textKey);
    nextCursor = encodeCursor(sort, order, [...SORTS[sort].parts.map((p) => keyOf(p.kind)), last.id]);
  }
  return {
    contacts: page.map((row) => ({
      ...toContact(row),
      unreadReplies: Number(row.unreadReplies),
      // PGlite parses json; node-postgres too, unless a driver hands the text over.
      tags: typeof row.tags === 'string' ? (JSON.parse(row.tags) as Tag[]) : row.tags,
    })),
    nextCursor,
    total,
  };
}

/**
 * The list and its count show leads unless told otherwise (decision 058): imported people never
 * push a form lead off the first page.
 */
export function withDefaultView<Q extends Pick<ContactPageQuery, 'view'>>(query: Q): Q {
  return query.view ? query : { ...query, view: 'leads' };
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
 * page's `X-Total-Count`): proportional to the matches, so asked once per search (decision 026).
 */
export async function countContacts(
  db: Db,
  query: Pick<ContactPageQuery, 'q' | 'status' | 'source' | 'view'>,
): Promise<number> {
  const [totals] = await db
    .select({ n: count() })
    .from(contacts)
    .where(and(...contactFilters(query)));
  return Number(totals?.n ?? 0);
}

/**
 * A contact's source label, spelled as `contacts_source_label_idx` is: the UTM source, else the
 * referrer's host, else '(direct)' (`leadSourceLabel` in src/shared/lead-source.ts).
 */
export const sourceLabelSql = sql`(coalesce(${contacts.sourceUtmSource}, ${contacts.sourceReferrerHost}, '(direct)'))`;

/**
 * The search, status, source and view conditions shared by the list, its count, the CSV export and
 * the bulk actions. No status (or `all`) means every status but `spam`; no view, every origin. `within`: a bulk change's id
 * window, passed on to the search (see `contactSearchCondition`).
 */
export function contactFilters(
  query: Pick<ContactPageQuery, 'q' | 'status' | 'source' | 'view'>,
  within?: IdRange,
): SQL[] {
  const where: SQL[] = [];
  if (query.q) where.push(contactSearchCondition(contacts.id, query.q, within));
  // Spam is quarantined: listed only when asked for (decision 037).
  if (query.status && query.status !== 'all') where.push(eq(contacts.status, query.status));
  else where.push(ne(contacts.status, 'spam'));
  if (query.source) where.push(sql`${sourceLabelSql} = ${query.source}`);
  // Spelled as the partial indexes contacts_lead_activity_idx and contacts_imported_activity_idx
  // are, so the planner can read a view's page from its own index.
  if (query.view === 'leads' || query.view === 'form') where.push(sql`${contacts.origin} <> 'import'`);
  if (query.view === 'form') where.push(sql`${contacts.origin} = 'form'`);
  else if (query.view === 'imported') where.push(sql`${contacts.origin} = 'import'`);
  return where;
}

/**
 * Contacts (by `id`, a column or alias) whose name, address or first message contain `q`, accents
 * and case ignored on both sides ('ngoc' finds 'Ngọc'; decision 040), read from `contact_search`
 * and its trigram index (decision 050). Shared by the contacts list and the campaign audience.
 */
export function contactSearchCondition(id: SQLWrapper, q: string, within?: IdRange): SQL {
  // A bulk change works through id windows: bounded here too, the planner reads that slice of
  // `contact_search` rather than every match of the trigram index for each window (decision 050).
  const window = within ? sql` and contact_id > ${within.after} and contact_id <= ${within.last}` : sql``;
  return sql`${id} in (select contact_id from contact_search
    where document ilike immutable_unaccent(${`%${escapeLike(q)}%`})${window})`;
}

/** Escapes LIKE wildcards so a search for "50%" matches the text "50%". */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The timestamptz `micros` microseconds after 1970 (exact: it stays below 2^53). */
const fromMicros = (micros: number) =>
  sql`(timestamptz 'epoch' + ${micros}::float8 * interval '1 microsecond')`;

type CursorValue = string | number;

/** A cursor: the sort, its order and the last row's key values (the id last), as base64url JSON. */
function encodeCursor(sort: ContactSort, order: SortOrder, values: CursorValue[]): string {
  return Buffer.from(JSON.stringify({ s: sort, o: order, k: values })).toString('base64url');
}

/**
 * Reads a cursor of `encodeCursor` for the same sort and order: the last row's key values, the id
 * last. Anything else (another sort's cursor, text with a NUL byte, ids past the `integer` column,
 * times the database cannot compare) is a 400, never a failed query.
 */
function decodeCursor(cursor: string, sort: ContactSort, order: SortOrder): CursorValue[] {
  const invalid = () => new DomainError('invalid', 'Invalid cursor');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString());
  } catch {
    throw invalid();
  }
  const { s, o, k } = (parsed ?? {}) as { s?: unknown; o?: unknown; k?: unknown };
  const parts = SORTS[sort].parts;
  if (s !== sort || o !== order || !Array.isArray(k) || k.length !== parts.length + 1) throw invalid();
  parts.forEach((part, i) => {
    const value: unknown = k[i];
    if (part.kind === 'micros') {
      if (typeof value !== 'string' || !/^-?\d{1,16}$/.test(value)) throw invalid();
      if (!isStorableTime(Math.floor(Number(value) / 1000))) throw invalid();
    } else if (part.kind === 'rank') {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 5) throw invalid();
    } else if (typeof value !== 'string' || value.length > 1000 || value.includes('\u0000')) throw invalid();
  });
  const id = k[parts.length];
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > MAX_ID) throw invalid();
  return k as CursorValue[];
}
