import { Readable } from 'node:stream';
import { type Options, stringify } from 'csv-stringify/sync';
import { and, lt, type SQL, sql } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import { contactFields } from '../../shared/contact-fields.ts';
import type { ContactListQuery } from '../../shared/contacts.ts';
import { contactFilters, sourceLabelSql } from './list-contacts.ts';

/** The fields the export writes: every text field; the deal's (decision 063) are not exported yet. */
const csvFields = contactFields.filter((f) => !('csv' in f) || f.csv !== false);

/**
 * Rows read per query: small enough to keep memory flat (a batch held across its query's await
 * outlives the young generation; 5,000 grew the heap more), large enough to amortise round trips.
 */
export const EXPORT_BATCH_SIZE = 2000;

/** Column headers of the export, in order. */
export const EXPORT_COLUMNS = [
  'ID',
  // The contact's fields (src/shared/contact-fields.ts): Name, Email, Phone, Company, Notes. The
  // import reads them back by these headers.
  ...csvFields.map((f) => f.label),
  'Status',
  'Prefers text and call',
  'Message',
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
 * The (filtered) contact list as a CSV byte stream for spreadsheets (decision 020):
 * a UTF-8 BOM and a header row, then one CRLF-ended record per contact, newest first (by id).
 * Fields holding CR, LF, `"` or `,` are quoted (RFC 4180).
 *
 * - Text that a spreadsheet would run as a formula gets a leading `'` (OWASP), phones included:
 *   Excel reads `-1+1` or `+1-1` as a sum, and `+4915112345678` as a number without its `+`;
 *   `'+49 151 12345678` stays the phone as text (decision 061 amends decision 020). A phone
 *   starting with a digit or `(` is written as typed.
 * - Created is `YYYY-MM-DD HH:MM:SS` in UTC, the form Excel and Google Sheets read as a date and
 *   time (LibreOffice too, with its 'Detect special numbers' import option).
 *
 * Rows are read in batches of {@link EXPORT_BATCH_SIZE} by keyset on the id (exact, unlike a
 * timestamp that JavaScript holds to the millisecond), each batch only when the stream wants
 * more, so memory stays flat however many contacts match. Each batch becomes one CSV chunk
 * (csv-stringify's sync API): a stream of row objects cost more than the query
 * (5k rows/s at 1M contacts; decision 026), and the rows are read as arrays of text, formatted by the
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
    const batch = await arrayRows(
      db,
      sql`
        select ${contacts.id}::text as id, ${fieldColumns}, ${contacts.status} as status,
          case when ${contacts.preferTextAndCall} then 'yes' else 'no' end as prefers,
          ${contacts.message} as message,
          to_char(${contacts.createdAt} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as created,
          ${sourceLabelSql} as source, ${contacts.sourceReferrerHost} as referrer,
          ${contacts.sourceUtmSource} as utm_source, ${contacts.sourceUtmMedium} as utm_medium,
          ${contacts.sourceUtmCampaign} as utm_campaign, ${contacts.sourceUtmTerm} as utm_term,
          ${contacts.sourceUtmContent} as utm_content, ${contacts.sourceLandingPath} as landing_path,
          to_char(${contacts.sourceFirstSeenAt} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as first_seen,
          ${contacts.sourceDevice} as device
        from ${contacts} ${where ? sql`where ${where}` : sql``}
        order by ${contacts.id} desc
        limit ${EXPORT_BATCH_SIZE}`,
    );
    // The id (first column) is read before the row becomes a record.
    const last = batch.at(-1)?.[0];
    for (const row of batch) toRecord(row);
    if (batch.length > 0) yield batch as string[][];
    if (last == null || batch.length < EXPORT_BATCH_SIZE) return;
    before = Number(last);
  }
}

/** The fields' columns, each as `f_<key>`. */
const fieldColumns = sql.join(
  csvFields.map((f) => sql`${sql.identifier(f.column)} as ${sql.identifier(`f_${f.key}`)}`),
  sql`, `,
);

/** The select's columns in order: the positions the records are read by. */
const SELECTED = [
  'id',
  ...csvFields.map((f) => `f_${f.key}`),
  'status',
  'prefers',
  'message',
  'created',
  'source',
  'referrer',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'landing_path',
  'first_seen',
  'device',
];

/** Positions of the columns holding text someone typed: neutralised ({@link textCell}). */
const TEXT_COLUMNS = SELECTED.flatMap((name, i) =>
  name.startsWith('f_') || /^(message|source|referrer|utm_\w+|landing_path)$/.test(name) ? [i] : [],
);

/**
 * Rows of `query` as arrays of column values, read by position: a batch of the export is 2,000
 * rows of 20 columns, and an object per row (with its keys) was most of the garbage the export
 * made (about half of its time went to the GC). Both drivers take `rowMode: 'array'`.
 */
async function arrayRows(db: Db, query: SQL): Promise<(string | null)[][]> {
  const { sql: text, params } = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
  const client = (db as unknown as { $client: ArrayQueryClient }).$client;
  const result =
    'totalCount' in client
      ? await client.query({ text, values: params, rowMode: 'array' })
      : await client.query(text, params, { rowMode: 'array' });
  return result.rows;
}

/** pg's Pool (`query(config)`) or PGlite (`query(text, params, options)`), array rows either way. */
type ArrayQueryClient = {
  query(...args: unknown[]): Promise<{ rows: (string | null)[][] }>;
};

/** Turns a row, in place, into the record the CSV writes: empty cells for nulls, text neutralised. */
function toRecord(row: (string | null)[]): void {
  for (let i = 0; i < row.length; i++) if (row[i] === null) row[i] = '';
  // Every field, phones too, neutralised like any cell (decisions 020, 061).
  for (const i of TEXT_COLUMNS) row[i] = textCell(row[i] as string);
}

/** Free text as a cell that never starts a formula. */
function textCell(value: string): string {
  return value && FORMULA_START.test(value) ? `'${value}` : value;
}
