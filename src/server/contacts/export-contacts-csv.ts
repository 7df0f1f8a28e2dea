import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { and, desc, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import { phonePattern } from '../../shared/contact.ts';
import type { ContactListQuery } from '../../shared/contacts.ts';
import { contactFilters } from './list-contacts.ts';

/** Rows read per query: small enough to keep memory flat, large enough to amortise round trips. */
export const EXPORT_BATCH_SIZE = 2000;

/** Column headers of the export, in order. */
export const EXPORT_COLUMNS = [
  'ID',
  'Name',
  'Email',
  'Phone',
  'Status',
  'Prefers text and call',
  'Message',
  'Notes',
  'Created (UTC)',
] as const;

/**
 * Characters that make a spreadsheet read a cell as a formula (OWASP 'CSV Injection'), with their
 * full-width forms, which some spreadsheets normalise.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

const exportColumns = {
  id: contacts.id,
  name: contacts.name,
  email: contacts.email,
  phone: contacts.phone,
  status: contacts.status,
  preferTextAndCall: contacts.preferTextAndCall,
  message: contacts.message,
  notes: contacts.notes,
  createdAt: contacts.createdAt,
};
type ExportRow = Pick<typeof contacts.$inferSelect, keyof typeof exportColumns>;

/**
 * The (filtered) contact list as a CSV byte stream for spreadsheets (issue #11 §2; decision 020):
 * a UTF-8 BOM and a header row, then one CRLF-ended record per contact, newest first (by id).
 * Fields holding CR, LF, `"` or `,` are quoted (RFC 4180).
 *
 * - Text that a spreadsheet would run as a formula gets a leading `'` (OWASP).
 * - A phone made only of the form's phone characters (digits, spaces, `+ ( ) - .`) is written as
 *   typed: it cannot name a function, a cell or another program, so it needs no `'` and opens as
 *   the same phone; any other phone is treated as text.
 * - Created is `YYYY-MM-DD HH:MM:SS` in UTC, the form Excel and Google Sheets read as a date and
 *   time (LibreOffice too, with its 'Detect special numbers' import option).
 *
 * Rows are read in batches of {@link EXPORT_BATCH_SIZE} by keyset on the id (exact, unlike a
 * timestamp that JavaScript holds to the millisecond), each batch only when the stream wants
 * more, so memory stays flat however many contacts match. Batches are separate statements (no
 * long transaction holding PGlite's only connection): contacts created during the export are
 * left out (higher ids), one deleted after its batch was read is still in.
 */
export function exportContactsCsv(db: Db, query: ContactListQuery): Readable {
  const rows = Readable.from(readBatches(db, contactFilters(query)), { objectMode: true });
  const csv = stringify({
    header: true,
    columns: [...EXPORT_COLUMNS],
    bom: true,
    record_delimiter: 'windows',
    // A field with a bare LF or CR must be quoted too, not only one holding the CRLF delimiter.
    quote_record_delimiter: true,
  });
  // pipeline() passes a read error on to the CSV stream (the reply then fails) and stops the reads
  // when the reply closes early; the caller sees both on the returned stream.
  return pipeline(rows, csv, () => {});
}

async function* readBatches(db: Db, filters: SQL[]): AsyncGenerator<string[]> {
  let before: number | undefined;
  for (;;) {
    const batch: ExportRow[] = await db
      .select(exportColumns)
      .from(contacts)
      .where(and(...filters, before === undefined ? undefined : lt(contacts.id, before)))
      .orderBy(desc(contacts.id))
      .limit(EXPORT_BATCH_SIZE);
    for (const row of batch) yield toRecord(row);
    const last = batch.at(-1);
    if (!last || batch.length < EXPORT_BATCH_SIZE) return;
    before = last.id;
  }
}

function toRecord(row: ExportRow): string[] {
  return [
    String(row.id),
    textCell(row.name),
    textCell(row.email),
    row.phone !== null && phonePattern.test(row.phone) ? row.phone : textCell(row.phone),
    row.status,
    row.preferTextAndCall ? 'yes' : 'no',
    textCell(row.message),
    textCell(row.notes),
    spreadsheetDateTime(row.createdAt),
  ];
}

/** Free text as a cell that never starts a formula. */
function textCell(value: string | null): string {
  if (!value) return '';
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** `2026-11-23T10:00:00.000Z` → `2026-11-23 10:00:00` (UTC, whole seconds). */
function spreadsheetDateTime(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}
