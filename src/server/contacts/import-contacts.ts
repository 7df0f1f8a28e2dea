import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  IMPORT_INVALID_LISTED,
  type ImportField,
  type ImportFormat,
  type ImportMapping,
  type ImportResult,
} from '../../shared/contact-import.ts';
import { resultRows } from '../campaigns/campaign-audience.ts';
import { DomainError } from '../domain-error.ts';
import { addressHash } from './address-hash.ts';
import { withDeadlockRetry } from './contact-lanes.ts';
import { detectEncoding } from './import-decode.ts';
import { notCsvMessage } from './import-file-kind.ts';
import { recogniseFormat } from './import-formats.ts';
import {
  FILE_KIND_BYTES,
  firstBytes,
  guessMapping,
  type ImportRow,
  readRecords,
  readRow,
} from './import-read.ts';

/**
 * CSV import of contacts (docs/guide.md 'Contacts and leads'). The uploaded file (received whole to a
 * private temporary file by import-upload.ts) is read as a stream (csv-parse, RFC 4180: quoted
 * fields with commas, quotes and line breaks; UTF-8, UTF-16 or Windows-1252, see import-decode.ts;
 * comma or semicolon, chosen from the header line) and handled in batches, so memory stays flat
 * for any number of rows. Each row's address decides (lower-cased, one contact per address): a new
 * address creates a contact (origin `import`); a known one, or one repeated in the file, merges:
 * empty fields are filled and tags added, nothing is overwritten. So importing a file twice
 * creates nothing the second time. A dry run reads the same way and writes nothing, so its
 * counts are the import's.
 *
 * Consent: imported people are not campaign recipients unless the owner ticked that they agreed
 * (`consent`), stored on each contact as `consent_at` (the import's time) and `consent_source`.
 */

export interface ImportOptions {
  /** The uploaded file, whole (import-upload.ts); read more than once, never changed. */
  file: string;
  /** Columns mapped by the owner; the others are guessed from their headers. */
  mapping?: ImportMapping;
  dryRun: boolean;
  /** Set when the owner ticked 'These people agreed to receive email from us'. */
  consent: { source: string } | null;
  /** Key of the unsubscribe list's address hashes: an erased person who unsubscribed stays so. */
  hashKey: Buffer;
  /** The file's name, kept on each contact the import creates (origin `import`; decision 058). */
  fileName?: string;
  /**
   * Rows per batch (each stored in its own transaction). Default 500, adapted on a shared
   * database to batches of 100–250 ms (250–1,000 rows).
   */
  batchSize?: number;
  /**
   * The database runs one statement at a time for the whole process (the embedded PGlite): batches
   * of about 100 ms, and other requests go first between batches.
   */
  shareDatabase?: boolean;
  /** Whether other requests are under way now (the import waits for them between batches). */
  othersWaiting?: () => boolean;
}

/**
 * A text[] of `values` for `= any(…)`: one JSON parameter turned into an array, which the planner
 * compares through the index on lower(email) (an `in (subquery)` became a join over the table).
 */
function toTextArray(values: string[]) {
  return sql`array(select json_array_elements_text(${JSON.stringify(values)}::json))`;
}

/** What the reading does with the rows: check the file only, count against the database, or store. */
type Mode = 'check' | 'count' | 'store';

/**
 * Thrown when an import stopped after some batches were stored: rows up to `lastRow` (the file's
 * row number) are in the database. Importing the same file again finishes it (decision 059).
 */
export class ImportInterruptedError extends Error {
  constructor(
    readonly lastRow: number,
    readonly stored: number,
    override readonly cause: unknown,
  ) {
    super(`import stopped after row ${lastRow}`);
    this.name = 'ImportInterruptedError';
  }
}

/**
 * Reads the file and, unless `dryRun`, imports it (decision 059): the whole file is read once
 * first without the database (so a file that turns out malformed halfway imports nothing), then
 * applied in batches, each its own short transaction, and other requests get the database in
 * between (the embedded one runs one statement at a time).
 * @throws DomainError `invalid` for an empty file, a file that is not CSV or not text, or no
 *   column holding addresses; ImportInterruptedError when it stopped after storing some batches.
 */
export async function importContacts(db: Db, options: ImportOptions): Promise<ImportResult> {
  // A photo or a workbook chosen by mistake is told by its first bytes, before any decoding.
  const notCsv = notCsvMessage(await firstBytes(options.file, FILE_KIND_BYTES));
  if (notCsv) throw new DomainError('invalid', notCsv);
  const encoding = await detectEncoding(options.file);
  if (!options.dryRun) await readAll(db, 'check', readRecords(options.file, encoding), options);
  const result = await readAll(
    db,
    options.dryRun ? 'count' : 'store',
    readRecords(options.file, encoding),
    options,
  );
  return { ...result, encoding: encoding.name };
}

/** Longest wait after one batch for other requests to finish (ms). */
const MAX_YIELD_MS = 100;

/**
 * After a batch on a shared database: lets waiting I/O in (new requests start and queue their
 * statements ahead of the next batch), then waits while other requests are under way, up to
 * MAX_YIELD_MS, so a lead's statements that follow each other are not each queued behind a batch.
 */
async function pause(options: ImportOptions): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  if (!options.shareDatabase || !options.othersWaiting) return;
  const until = performance.now() + MAX_YIELD_MS;
  while (options.othersWaiting() && performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

async function readAll(db: Db, mode: Mode, records: AsyncIterable<string[]>, options: ImportOptions) {
  let batchSize = options.batchSize ?? 500;
  let headers: string[] | null = null;
  let mapping: ImportMapping = {};
  let columns: ImportField[] = [];
  let format: ImportFormat = 'generic';
  const seen = new Set<string>();
  const result = { create: 0, merge: 0, invalid: [] as { row: number; reason: string }[], invalidCount: 0 };
  let batch: ImportRow[] = [];
  let row = 0;
  let storedThrough = 0;
  let stored = 0;

  const knownOf = async (reader: Db, rows: ImportRow[]) => {
    const fresh = [...new Set(rows.map((r) => r.email.toLowerCase()).filter((e) => !seen.has(e)))];
    return new Set(
      resultRows<{ e: string }>(
        await reader.execute(sql`
          select lower(email) as e from contacts
          where lower(email) = any(${toTextArray(fresh)})`),
      ).map((r) => r.e),
    );
  };
  const flush = async () => {
    if (batch.length === 0 || mode === 'check') {
      batch = [];
      return;
    }
    const rows = batch;
    batch = [];
    const started = performance.now();
    let known: Set<string>;
    if (mode === 'count') known = await knownOf(db, rows);
    else {
      try {
        // Two imports at once may want the same addresses: PostgreSQL picks one as a deadlock's
        // victim, which rolls back whole and runs again (the batch's rows are also locked in
        // address order, so that is rare).
        known = await withDeadlockRetry(() =>
          db.transaction(async (tx) => {
            const found = await knownOf(tx as unknown as Db, rows);
            await storeBatch(tx as unknown as Db, rows, options);
            return found;
          }),
        );
      } catch (error) {
        if (stored === 0) throw error;
        throw new ImportInterruptedError(storedThrough, stored, error);
      }
      stored += rows.length;
      storedThrough = row;
    }
    for (const r of rows) {
      const key = r.email.toLowerCase();
      if (!seen.has(key) && !known.has(key)) result.create++;
      else result.merge++;
      seen.add(key);
    }
    const busyMs = performance.now() - started;
    if (options.shareDatabase && options.batchSize === undefined) {
      // Batches of 100–250 ms on the embedded database: the longest a lead waits for one. Not
      // under 250 rows while a batch takes under 0.5 s: each transaction has a fixed cost, and
      // smaller ones made a loaded machine's import crawl; down to 100 rows when even 250 take
      // longer (a machine so busy that one batch would keep a lead waiting about 1 s).
      if (busyMs > 500 && batchSize > 100) batchSize = Math.max(100, Math.floor(batchSize / 2));
      else if (busyMs > 250 && batchSize > 250) batchSize = Math.max(250, Math.floor(batchSize / 2));
      else if (busyMs < 100 && batchSize < 1000) batchSize = Math.min(1000, batchSize * 2);
    }
    await pause(options);
  };

  for await (const record of records) {
    row++;
    if (!headers) {
      headers = record.map((h, i) => h.trim() || `Column ${i + 1}`);
      format = recogniseFormat(headers);
      mapping = guessMapping(headers, options.mapping);
      columns = headers.map((h) => mapping[h] ?? 'ignore');
      if (!columns.includes('email'))
        throw new DomainError('invalid', 'No column holds email addresses: map one to Email.', {
          details: { headers, mapping },
        });
      continue;
    }
    const parsed = readRow(record, columns, { headers, format });
    if (typeof parsed === 'string') {
      result.invalidCount++;
      if (result.invalid.length < IMPORT_INVALID_LISTED) result.invalid.push({ row, reason: parsed });
      continue;
    }
    batch.push(parsed);
    if (batch.length >= batchSize) await flush();
  }
  if (!headers) throw new DomainError('invalid', 'The file is empty.');
  await flush();
  return { ...result, headers, mapping, format, dryRun: options.dryRun };
}

/**
 * Stores one batch: rows of one address folded into one (first values win, tags joined), then one
 * INSERT … ON CONFLICT on the unique index of lower(email) that fills only empty fields of an
 * existing contact, then the tags (created when no tag of that name exists, in any case).
 */
async function storeBatch(tx: Db, rows: ImportRow[], options: ImportOptions): Promise<void> {
  const byEmail = new Map<string, ImportRow>();
  for (const r of rows) {
    const key = r.email.toLowerCase();
    const first = byEmail.get(key);
    if (!first) byEmail.set(key, { ...r, tags: [...r.tags] });
    else {
      first.phone ??= r.phone;
      first.company ??= r.company;
      first.notes ??= r.notes;
      first.tags.push(...r.tags.filter((t) => !first.tags.includes(t)));
    }
  }
  // In address order: two imports at once then lock the rows they share in the same order.
  const people = [...byEmail.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, r]) => ({ ...r, hash: addressHash(options.hashKey, r.email) }));
  const consentAt = options.consent ? sql`now()` : sql`null::timestamptz`;
  const consentSource = options.consent?.source ?? null;
  await tx.execute(sql`
    insert into contacts (name, email, phone, company, notes, status, message, origin,
      imported_at, import_file_name, consent_at, consent_source, unsubscribed_at)
    select r.name, r.email, r.phone, r.company, r.notes, r.status, '', 'import',
      now(), ${options.fileName ?? null}::text,
      ${consentAt}, ${consentSource}::text,
      case when exists (select 1 from unsubscribes u
        where lower(u.email) = lower(r.email) or u.email_hash = r.hash) then now() end
    from json_to_recordset(${JSON.stringify(people)}::json)
      as r(name text, email text, phone text, company text, notes text, status text, hash text)
    on conflict (lower(email)) where not legacy_duplicate do update set
      phone = coalesce(contacts.phone, excluded.phone),
      company = coalesce(contacts.company, excluded.company),
      notes = coalesce(contacts.notes, excluded.notes),
      consent_at = coalesce(contacts.consent_at, excluded.consent_at),
      consent_source = case when contacts.consent_at is null then excluded.consent_source
        else contacts.consent_source end,
      updated_at = now()
    where (contacts.phone is null and excluded.phone is not null)
      or (contacts.company is null and excluded.company is not null)
      or (contacts.notes is null and excluded.notes is not null)
      or (contacts.consent_at is null and excluded.consent_at is not null)`);
  const pairs = people.flatMap((p) => p.tags.map((tag) => ({ e: p.email.toLowerCase(), tag })));
  if (pairs.length === 0) return;
  const pairTable = sql`(select * from json_to_recordset(${JSON.stringify(pairs)}::json) as p(e text, tag text))`;
  await tx.execute(sql`
    insert into tags (name, color)
    select distinct on (lower(p.tag)) p.tag, '#64748B' from ${pairTable} p
    where not exists (select 1 from tags t where lower(t.name) = lower(p.tag))
    order by lower(p.tag)
    on conflict (name) do nothing`);
  // The batch's contacts by address, through the unique index (a join on lower(email) read the
  // whole table per batch where the planner had no statistics, as on the embedded database).
  const ids = resultRows<{ id: number; e: string }>(
    await tx.execute(sql`
      select id, lower(email) as e from contacts
      where lower(email) = any(${toTextArray([...new Set(pairs.map((p) => p.e))])}) and not legacy_duplicate`),
  );
  const idByEmail = new Map(ids.map((r) => [r.e, Number(r.id)]));
  const links = pairs.flatMap((p) => {
    const contactId = idByEmail.get(p.e);
    return contactId === undefined ? [] : [{ c: contactId, tag: p.tag }];
  });
  await tx.execute(sql`
    insert into contact_tags (contact_id, tag_id)
    select distinct l.c, t.id from json_to_recordset(${JSON.stringify(links)}::json) as l(c int, tag text)
    join tags t on lower(t.name) = lower(l.tag)
    order by 1, 2
    on conflict do nothing`);
}
