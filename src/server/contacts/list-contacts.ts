import { and, count, desc, eq, getTableColumns, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import type { Contact, ContactPageQuery } from '../../shared/contacts.ts';
import { isStorableTime } from '../../shared/datetime.ts';
import { MAX_ID } from '../../shared/ids.ts';
import { HttpError } from '../http-error.ts';
import { toContact } from './to-contact.ts';

export interface ContactPage {
  contacts: Contact[];
  /** Opaque cursor of the next page, or null on the last page (only when `limit` was given). */
  nextCursor: string | null;
  /** How many contacts match the search and filter, over all pages. */
  total: number;
}

/**
 * Contacts, most recently active first (`last_activity_at`: created, or wrote again through the
 * form; issue #11 §3), optionally narrowed by a case-insensitive search over name, email and
 * message and by status (spec §2 '/admin/contacts'); `status: 'all'` means no status filter.
 * With `limit`, one page is returned (keyset paging on last_activity_at, id: a contact that
 * moves to the top while someone pages never shows up twice); without it, every match.
 * @throws HttpError 400 for a malformed cursor.
 */
export async function listContacts(db: Db, query: ContactPageQuery): Promise<ContactPage> {
  const filters = contactFilters(query);
  const where: SQL[] = [...filters];
  if (query.cursor) {
    const { activityAt, id } = decodeCursor(query.cursor);
    where.push(
      or(
        sql`${contacts.lastActivityAt} < ${fromMicros(activityAt)}`,
        and(sql`${contacts.lastActivityAt} = ${fromMicros(activityAt)}`, lt(contacts.id, id)),
      ) as SQL,
    );
  }
  const rows = await db
    // The cursor carries the time in microseconds since 1970, as stored; a JavaScript Date keeps
    // only milliseconds, and contacts a few microseconds apart would fall between two pages.
    .select({
      ...getTableColumns(contacts),
      activityMicros: sql<string>`(extract(epoch from ${contacts.lastActivityAt}) * 1000000)::bigint::text`,
    })
    .from(contacts)
    .where(and(...where))
    .orderBy(desc(contacts.lastActivityAt), desc(contacts.id))
    .limit(query.limit ? query.limit + 1 : Number.MAX_SAFE_INTEGER);
  const hasMore = query.limit !== undefined && rows.length > query.limit;
  const page = hasMore ? rows.slice(0, query.limit) : rows;
  const last = page.at(-1);
  const [totals] = await db
    .select({ n: count() })
    .from(contacts)
    .where(and(...filters));
  return {
    contacts: page.map(toContact),
    nextCursor: hasMore && last ? encodeCursor(String(last.activityMicros), last.id) : null,
    total: Number(totals?.n ?? 0),
  };
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
