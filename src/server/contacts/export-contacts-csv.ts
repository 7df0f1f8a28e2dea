import { Readable } from 'node:stream';
import { type Options, stringify } from 'csv-stringify/sync';
import { and, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import { phonePattern } from '../../shared/contact.ts';
import type { ContactListQuery } from '../../shared/contacts.ts';
import { resultRows } from '../campaigns/campaign-audience.ts';
import { contactFilters, sourceLabelSql } from './list-contacts.ts';

/**
 * Rows read per query: small enough to keep memory flat (a batch held across its query's await
 * outlives the young generation; 5,000 grew the heap more), large enough to amortise round trips.
 */
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
  // The first-touch source (decision 037).
  'Source',
  'Referrer',
  'UTM source',
  'UTM medium',
  'UTM campaign',
  'UTM term',
  'UTM content',
  'Landing path',
  'First view (UTC)',
  'Device',
] as const;

/**
 * Characters that make a spreadsheet read a cell as a formula (OWASP 'CSV Injection'), with their
 * full-width forms, which some spreadsheets normalise.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * One contact as the export reads it: the database writes the id, the yes/no and the date as
 * text, so the rows come as plain objects of strings with no Date or per-column mapping in
 * between (the mapping and its garbage cost more than the query).
 */
interface ExportRow {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  status: string;
  prefers: 'yes' | 'no';
  message: string;
  notes: string | null;
  /** `YYYY-MM-DD HH:MM:SS` in UTC, whole seconds (PostgreSQL's `to_char`). */
  created: string;
  source: string;
  referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  landing_path: string | null;
  /** Like `created`; null when unknown. */
  first_seen: string | null;
  device: string | null;
}

/**
 * The (filtered) contact list as a CSV byte stream for spreadsheets (decision 020):
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
 * more, so memory stays flat however many contacts match. Each batch becomes one CSV chunk
 * (csv-stringify's sync API): a stream of row objects cost more than the query
 * (5k rows/s at 1M contacts; decision 026), and the rows are read as plain objects of text, formatted by the
 * database (17k → about 100k rows/s). Batches are separate statements (no
 * long transaction holding PGlite's only connection): contacts created during the export are
 * left out (higher ids), one deleted after its batch was read is still in.
 */
export function exportContactsCsv(db: Db, query: ContactListQuery): Readable {
  // A read error fails the stream (the reply then fails); a reply closed early stops the reads.
  return Readable.from(csvChunks(db, contactFilters(query)), { objectMode: false });
}

const csvOptions: Options = {
  columns: [...EXPORT_COLUMNS],
  record_delimiter: 'windows',
  // A field with a bare LF or CR must be quoted too, not only one holding the CRLF delimiter.
  quote_record_delimiter: true,
};

async function* csvChunks(db: Db, filters: SQL[]): AsyncGenerator<string> {
  yield stringify([], { ...csvOptions, header: true, bom: true });
  for await (const batch of readBatches(db, filters)) yield stringify(batch, csvOptions);
}

async function* readBatches(db: Db, filters: SQL[]): AsyncGenerator<string[][]> {
  let before: number | undefined;
  for (;;) {
    const where = and(...filters, before === undefined ? undefined : lt(contacts.id, before));
    const batch = resultRows<ExportRow>(
      await db.execute(sql`
        select ${contacts.id} as id, ${contacts.name} as name, ${contacts.email} as email,
          ${contacts.phone} as phone, ${contacts.status} as status,
          case when ${contacts.preferTextAndCall} then 'yes' else 'no' end as prefers,
          ${contacts.message} as message, ${contacts.notes} as notes,
          to_char(${contacts.createdAt} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as created,
          ${sourceLabelSql} as source, ${contacts.sourceReferrerHost} as referrer,
          ${contacts.sourceUtmSource} as utm_source, ${contacts.sourceUtmMedium} as utm_medium,
          ${contacts.sourceUtmCampaign} as utm_campaign, ${contacts.sourceUtmTerm} as utm_term,
          ${contacts.sourceUtmContent} as utm_content, ${contacts.sourceLandingPath} as landing_path,
          to_char(${contacts.sourceFirstSeenAt} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as first_seen,
          ${contacts.sourceDevice} as device
        from ${contacts} ${where ? sql`where ${where}` : sql``}
        order by ${contacts.id} desc
        limit ${EXPORT_BATCH_SIZE}`),
    );
    if (batch.length > 0) yield batch.map(toRecord);
    const last = batch.at(-1);
    if (!last || batch.length < EXPORT_BATCH_SIZE) return;
    before = Number(last.id);
  }
}

function toRecord(row: ExportRow): string[] {
  return [
    String(row.id),
    textCell(row.name),
    textCell(row.email),
    row.phone !== null && phonePattern.test(row.phone) ? row.phone : textCell(row.phone),
    row.status,
    row.prefers,
    textCell(row.message),
    textCell(row.notes),
    row.created,
    textCell(row.source),
    textCell(row.referrer),
    textCell(row.utm_source),
    textCell(row.utm_medium),
    textCell(row.utm_campaign),
    textCell(row.utm_term),
    textCell(row.utm_content),
    textCell(row.landing_path),
    row.first_seen ?? '',
    row.device ?? '',
  ];
}

/** Free text as a cell that never starts a formula. */
function textCell(value: string | null): string {
  if (!value) return '';
  return FORMULA_START.test(value) ? `'${value}` : value;
}
