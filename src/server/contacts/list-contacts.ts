import { and, count, desc, eq, ilike, lt, or, type SQL } from 'drizzle-orm';
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
 * Contacts, newest first, optionally narrowed by a case-insensitive search over name, email and
 * message and by status (spec §2 '/admin/contacts'); `status: 'all'` means no status filter.
 * With `limit`, one page is returned (keyset paging on created_at, id: stable while new leads
 * arrive); without it, every match.
 * @throws HttpError 400 for a malformed cursor.
 */
export async function listContacts(db: Db, query: ContactPageQuery): Promise<ContactPage> {
  const filters = contactFilters(query);
  const where: SQL[] = [...filters];
  if (query.cursor) {
    const { createdAt, id } = decodeCursor(query.cursor);
    where.push(
      or(
        lt(contacts.createdAt, createdAt),
        and(eq(contacts.createdAt, createdAt), lt(contacts.id, id)),
      ) as SQL,
    );
  }
  const rows = await db
    .select()
    .from(contacts)
    .where(and(...where))
    .orderBy(desc(contacts.createdAt), desc(contacts.id))
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
    nextCursor: hasMore && last ? encodeCursor(last.createdAt, last.id) : null,
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

function encodeCursor(createdAt: Date, id: number): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');
}

/** What `encodeCursor` writes: an ISO 8601 UTC time (4-digit year) and a row id. */
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([1-9]\d{0,9})$/;

/**
 * Reads a cursor of `encodeCursor`. Anything else — including ids past the `integer` column and
 * years the database cannot compare (issue #10 §6) — is a 400, never a failed query.
 */
function decodeCursor(cursor: string): { createdAt: Date; id: number } {
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString());
  const createdAt = new Date(match?.[1] ?? '');
  const id = Number(match?.[2]);
  if (!match || !isStorableTime(createdAt.getTime()) || id > MAX_ID)
    throw new HttpError(400, 'Invalid cursor');
  return { createdAt, id };
}
