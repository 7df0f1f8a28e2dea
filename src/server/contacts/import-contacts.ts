import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { phonePattern } from '../../shared/contact.ts';
import {
  IMPORT_INVALID_LISTED,
  type ImportField,
  type ImportMapping,
  type ImportResult,
} from '../../shared/contact-import.ts';
import { type ContactStatus, contactStatuses } from '../../shared/contacts.ts';
import { resultRows } from '../campaigns/campaign-audience.ts';
import { DomainError } from '../domain-error.ts';
import { addressHash } from './address-hash.ts';

/**
 * CSV import of contacts (README 'Contacts and leads'). The file is read as a stream (csv-parse,
 * RFC 4180: quoted fields with commas, quotes and line breaks; UTF-8 with or without BOM; comma
 * or semicolon, chosen from the header line) and handled in batches, so memory stays flat for
 * any number of rows. Each row's address decides (lower-cased, one contact per address): a new
 * address creates a contact (origin `import`); a known one, or one repeated in the file, merges:
 * empty fields are filled and tags added, nothing is overwritten. So importing a file twice
 * creates nothing the second time. A dry run reads the same way and writes nothing, so its
 * counts are the import's.
 *
 * Consent: imported people are not campaign recipients unless the owner ticked that they agreed
 * (`consent`), stored on each contact as `consent_at` (the import's time) and `consent_source`.
 */

export interface ImportOptions {
  /** The file's bytes, as they arrive. */
  input: AsyncIterable<Buffer | string>;
  /** Columns mapped by the owner; the others are guessed from their headers. */
  mapping?: ImportMapping;
  dryRun: boolean;
  /** Set when the owner ticked 'These people agreed to receive email from us'. */
  consent: { source: string } | null;
  /** Key of the unsubscribe list's address hashes: an erased person who unsubscribed stays so. */
  hashKey: Buffer;
  /** Rows per database round trip (default 1,000). */
  batchSize?: number;
}

/** A valid row, ready to store. */
interface ImportRow {
  email: string;
  name: string;
  phone: string | null;
  company: string | null;
  notes: string | null;
  status: ContactStatus;
  tags: string[];
}

const normalise = (header: string) =>
  header
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * Header names (normalised: lower case, words only) of Google Sheets and Excel lists as people
 * write them, Google Contacts, HubSpot and Excel/Outlook exports, and this product's own CSV export.
 */
const HEADER_GUESSES: Record<string, ImportField> = Object.fromEntries(
  (
    [
      [
        'name',
        ['name', 'full name', 'fullname', 'contact', 'contact name', 'display name', 'client', 'client name'],
      ],
      ['firstName', ['first name', 'firstname', 'first', 'given name', 'forename']],
      ['lastName', ['last name', 'lastname', 'last', 'surname', 'family name']],
      [
        'email',
        [
          'email',
          'e mail',
          'email address',
          'e mail address',
          'e mail 1 value',
          'email 1 value',
          'primary email',
          'work email',
          'mail',
        ],
      ],
      [
        'phone',
        [
          'phone',
          'phone number',
          'telephone',
          'tel',
          'mobile',
          'mobile phone',
          'mobile phone number',
          'mobile number',
          'cell',
          'phone 1 value',
          'business phone',
          'primary phone',
          'work phone',
        ],
      ],
      [
        'company',
        [
          'company',
          'company name',
          'organization',
          'organisation',
          'organization name',
          'organization 1 name',
          'associated company',
          'business',
          'account name',
        ],
      ],
      ['notes', ['notes', 'note', 'comments', 'comment', 'description']],
      ['status', ['status', 'lead status', 'contact status']],
      ['tags', ['tags', 'tag', 'labels', 'label', 'groups', 'group membership']],
    ] as const
  ).flatMap(([field, names]) => names.map((n) => [n, field])),
);

/**
 * The mapping for `headers`: the owner's choice where given, else the guess from the header
 * (unknown headers are ignored). A field is filled by its first column only.
 */
export function guessMapping(headers: string[], given: ImportMapping = {}): ImportMapping {
  const mapping: ImportMapping = {};
  const taken = new Set<ImportField>();
  for (const header of headers) {
    if (header in mapping) continue;
    const field = given[header] ?? HEADER_GUESSES[normalise(header)] ?? 'ignore';
    if (field !== 'ignore' && taken.has(field)) {
      mapping[header] = 'ignore';
      continue;
    }
    taken.add(field);
    mapping[header] = field;
  }
  return mapping;
}

const emailSchema = z.email();
/** A leading quote the CSV export adds before text that starts like a formula. */
const NEUTRALISED = /^'(?=[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/;

/** One record as a row to store, or the reason it cannot be. */
function readRow(record: string[], columns: ImportField[]): ImportRow | string {
  const values: Partial<Record<ImportField, string>> = {};
  for (let i = 0; i < columns.length; i++) {
    const field = columns[i]!;
    if (field === 'ignore') continue;
    const value = (record[i] ?? '').replace(NEUTRALISED, '').trim();
    if (value.includes('\u0000')) return 'Contains a NUL character.';
    if (value) values[field] = value;
  }
  const email = values.email;
  if (!email) return 'No email address.';
  if (email.length > 254 || !emailSchema.safeParse(email).success) return 'Not a valid email address.';
  const name =
    values.name ?? ([values.firstName, values.lastName].filter(Boolean).join(' ') || email.split('@')[0]!);
  if (name.length > 200) return 'Name is longer than 200 characters.';
  const phone = values.phone ?? null;
  if (phone && (phone.length > 40 || !phonePattern.test(phone)))
    return 'Phone may contain only digits, spaces and + ( ) - .';
  const company = values.company ?? null;
  if (company && company.length > 200) return 'Company is longer than 200 characters.';
  const notes = values.notes ?? null;
  if (notes && notes.length > 20_000) return 'Notes are longer than 20,000 characters.';
  const status = (values.status?.toLowerCase() ?? 'new') as ContactStatus;
  const tags = [
    ...new Set(
      (values.tags ?? '')
        .split(/[;,|]/)
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
  if (tags.some((t) => t.length > 50)) return 'A tag is longer than 50 characters.';
  if (tags.length > 20) return 'More than 20 tags.';
  return {
    email,
    name,
    phone,
    company,
    notes,
    status: contactStatuses.includes(status) ? status : 'new',
    tags,
  };
}

/**
 * A text[] of `values` for `= any(…)`: one JSON parameter turned into an array, which the planner
 * compares through the index on lower(email) (an `in (subquery)` became a join over the table).
 */
function toTextArray(values: string[]) {
  return sql`array(select json_array_elements_text(${JSON.stringify(values)}::json))`;
}

/** Comma or semicolon: whichever the header line holds more of, outside quotes. */
function detectDelimiter(start: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of start) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/** The input with its first bytes read ahead (enough for the header line), as one stream. */
async function withHead(input: AsyncIterable<Buffer | string>): Promise<{ head: string; stream: Readable }> {
  const iterator = input[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < 64 * 1024) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    const chunk = Buffer.from(next.value);
    chunks.push(chunk);
    size += chunk.length;
    if (chunk.includes(10)) break;
  }
  const first = Buffer.concat(chunks);
  async function* all() {
    yield first;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield Buffer.from(next.value);
    }
  }
  return { head: first.toString('utf8').replace(/^\uFEFF/, ''), stream: Readable.from(all()) };
}

/**
 * Reads the file and, unless `dryRun`, imports it in one transaction (a file that turns out
 * malformed halfway imports nothing).
 * @throws DomainError `invalid` for an empty file, a file that is not CSV, or no column holding addresses.
 */
export async function importContacts(db: Db, options: ImportOptions): Promise<ImportResult> {
  const { head, stream } = await withHead(options.input);
  if (!head.trim()) throw new DomainError('invalid', 'The file is empty.');
  const parser = stream.pipe(
    parse({
      bom: true,
      delimiter: detectDelimiter(head),
      relax_column_count: true,
      skip_empty_lines: true,
      // An unclosed quote would otherwise read the rest of the file into one field.
      max_record_size: 1_000_000,
    }),
  );
  // Errors reach the reader through the iteration; the parser may emit one more as it ends.
  parser.on('error', () => {});
  const run = async (reader: Db, store: boolean) => {
    try {
      return await readAll(reader, store, parser, options);
    } catch (error) {
      stream.destroy();
      if (error instanceof CsvError) {
        throw new DomainError(
          'invalid',
          `The file is not valid CSV near line ${error.lines ?? '?'}: ${error.code}.`,
        );
      }
      throw error;
    }
  };
  if (options.dryRun) return run(db, false);
  return db.transaction(async (tx) => run(tx as unknown as Db, true));
}

async function readAll(db: Db, store: boolean, records: AsyncIterable<string[]>, options: ImportOptions) {
  const batchSize = options.batchSize ?? 1000;
  let headers: string[] | null = null;
  let mapping: ImportMapping = {};
  let columns: ImportField[] = [];
  const seen = new Set<string>();
  const result = { create: 0, merge: 0, invalid: [] as { row: number; reason: string }[], invalidCount: 0 };
  let batch: ImportRow[] = [];
  let row = 0;

  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    const fresh = [...new Set(rows.map((r) => r.email.toLowerCase()).filter((e) => !seen.has(e)))];
    const known = new Set(
      resultRows<{ e: string }>(
        await db.execute(sql`
          select lower(email) as e from contacts
          where lower(email) = any(${toTextArray(fresh)})`),
      ).map((r) => r.e),
    );
    for (const r of rows) {
      const key = r.email.toLowerCase();
      if (!seen.has(key) && !known.has(key)) result.create++;
      else result.merge++;
      seen.add(key);
    }
    if (store) await storeBatch(db, rows, options);
  };

  for await (const record of records) {
    row++;
    if (!headers) {
      headers = record.map((h, i) => h.trim() || `Column ${i + 1}`);
      mapping = guessMapping(headers, options.mapping);
      columns = headers.map((h) => mapping[h] ?? 'ignore');
      if (!columns.includes('email'))
        throw new DomainError('invalid', 'No column holds email addresses: map one to Email.', {
          details: { headers, mapping },
        });
      continue;
    }
    const parsed = readRow(record, columns);
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
  return { ...result, headers, mapping, dryRun: options.dryRun };
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
  const people = [...byEmail.values()].map((r) => ({ ...r, hash: addressHash(options.hashKey, r.email) }));
  const consentAt = options.consent ? sql`now()` : sql`null::timestamptz`;
  const consentSource = options.consent?.source ?? null;
  await tx.execute(sql`
    insert into contacts (name, email, phone, company, notes, status, message, origin,
      consent_at, consent_source, unsubscribed_at)
    select r.name, r.email, r.phone, r.company, r.notes, r.status, '', 'import',
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
    on conflict do nothing`);
}
