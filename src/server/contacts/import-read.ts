import fs from 'node:fs';
import { pipeline, Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { z } from 'zod';
import { phonePattern } from '../../shared/contact.ts';
import type { ImportField, ImportFormat, ImportMapping } from '../../shared/contact-import.ts';
import type { ContactStatus } from '../../shared/contacts.ts';
import { DomainError } from '../domain-error.ts';
import { type DetectedEncoding, decodedText } from './import-decode.ts';
import {
  formatField,
  joinName,
  MULTI_COLUMN_FIELDS,
  NOTES_HEADERS,
  normaliseHeader,
  noteLine,
  recogniseFormat,
  spareField,
  splitMultiValue,
  splitTags,
  statusFrom,
} from './import-formats.ts';

/**
 * Reading an uploaded CSV file for the import (import-contacts.ts, docs/guide.md 'Contacts and
 * leads'): its first bytes (is it text at all), its records (csv-parse, RFC 4180, over the decoded
 * text, comma or semicolon), the columns guessed from the headers, and each record turned into a
 * valid row or the reason it is not one. Nothing here touches the database.
 */

/** A valid row, ready to store. */
export interface ImportRow {
  email: string;
  name: string;
  phone: string | null;
  company: string | null;
  notes: string | null;
  status: ContactStatus;
  tags: string[];
}

/**
 * Header names (normalised: lower case, words only) of Google Sheets and Excel lists as people
 * write them (in English and German), Google Contacts, HubSpot and Excel/Outlook exports, and this
 * product's own CSV export. A recognised export's own rules come first (import-formats.ts).
 */
const HEADER_GUESSES: Record<string, ImportField> = Object.fromEntries(
  (
    [
      [
        'name',
        ['name', 'full name', 'fullname', 'contact', 'contact name', 'display name', 'client', 'client name'],
      ],
      ['firstName', ['first name', 'firstname', 'first', 'given name', 'forename', 'vorname']],
      ['middleName', ['middle name', 'additional name']],
      ['lastName', ['last name', 'lastname', 'last', 'surname', 'family name', 'nachname', 'familienname']],
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
          'e mail adresse',
          'emailadresse',
          'mail adresse',
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
          'telefon',
          'telefonnummer',
          'tel nr',
          'handy',
          'mobil',
          'mobilnummer',
          'mobiltelefon',
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
          'firma',
          'firmenname',
          'unternehmen',
        ],
      ],
      ['notes', NOTES_HEADERS],
      ['status', ['status', 'lead status', 'contact status']],
      [
        'tags',
        [
          'tags',
          'tag',
          'labels',
          'label',
          'groups',
          'group membership',
          'categories',
          'kategorien',
          'kategorie',
          'gruppen',
          'schlagworter',
        ],
      ],
    ] as const
  ).flatMap(([field, names]) => names.map((n) => [n, field])),
);

/**
 * The mapping for `headers`: the owner's choice where given, else the recognised export's rule
 * (import-formats.ts), else the guess from the header (unknown headers are ignored). A field is
 * filled by its first column only, except notes, tags and further emails and phones, which add
 * up; a second email or phone column becomes 'Other email' or 'Other phone' (kept in the notes).
 */
export function guessMapping(headers: string[], given: ImportMapping = {}): ImportMapping {
  const format = recogniseFormat(headers);
  const mapping: ImportMapping = {};
  const taken = new Set<ImportField>();
  for (const header of headers) {
    if (header in mapping) continue;
    let field =
      given[header] ?? formatField(format, header) ?? HEADER_GUESSES[normaliseHeader(header)] ?? 'ignore';
    if (taken.has(field) && !MULTI_COLUMN_FIELDS.has(field)) field = spareField(field);
    taken.add(field);
    mapping[header] = field;
  }
  return mapping;
}

const emailSchema = z.email();
/** A leading quote the CSV export adds before text that starts like a formula. */
const NEUTRALISED = /^'(?=[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/;

/** One record as a row to store, or the reason it cannot be. */
export function readRow(
  record: string[],
  columns: ImportField[],
  layout: { headers: string[]; format: ImportFormat },
): ImportRow | string {
  const values: Partial<Record<ImportField, string>> = {};
  const plainNotes: string[] = [];
  const otherNotes: string[] = [];
  const others = { otherEmail: [] as string[], otherPhone: [] as string[] };
  const tagList: string[] = [];
  for (let i = 0; i < columns.length; i++) {
    const field = columns[i]!;
    if (field === 'ignore') continue;
    const value = (record[i] ?? '').replace(NEUTRALISED, '').trim();
    if (value.includes('\u0000')) return 'Contains a NUL character.';
    if (!value) continue;
    if (field === 'email' || field === 'phone') {
      // Google Contacts writes several addresses or numbers into one cell: the first is the one.
      const [first, ...rest] = splitMultiValue(value);
      if (first) values[field] = first;
      others[field === 'email' ? 'otherEmail' : 'otherPhone'].push(...rest);
    } else if (field === 'otherEmail' || field === 'otherPhone')
      others[field].push(...splitMultiValue(value));
    else if (field === 'tags') tagList.push(...splitTags(value, layout.format === 'google'));
    else if (field === 'notes') {
      const line = noteLine('notes', layout.headers[i] ?? '', [value]);
      (line === value ? plainNotes : otherNotes).push(line);
    } else values[field] ??= value;
  }
  // An empty first address or number column with a further one filled: that one is the contact's.
  values.email ??= others.otherEmail.shift();
  values.phone ??= others.otherPhone.shift();
  const email = values.email;
  if (!email) return 'No email address.';
  if (email.length > 254 || !emailSchema.safeParse(email).success) return 'Not a valid email address.';
  const name =
    values.name ?? (joinName([values.firstName, values.middleName, values.lastName]) || email.split('@')[0]!);
  if (name.length > 200) return 'Name is longer than 200 characters.';
  const phone = values.phone ?? null;
  if (phone && (phone.length > 40 || !phonePattern.test(phone)))
    return 'Phone may contain only digits, spaces and + ( ) - .';
  const company = values.company ?? null;
  if (company && company.length > 200) return 'Company is longer than 200 characters.';
  const unique = (list: string[], taken: string | null) =>
    [...new Set(list)].filter((v) => v.toLowerCase() !== taken?.toLowerCase());
  const otherEmails = unique(others.otherEmail, email);
  const otherPhones = unique(others.otherPhone, phone);
  const notes =
    [
      ...plainNotes,
      ...otherNotes,
      ...(otherEmails.length ? [noteLine('otherEmail', '', otherEmails)] : []),
      ...(otherPhones.length ? [noteLine('otherPhone', '', otherPhones)] : []),
    ].join('\n') || null;
  if (notes && notes.length > 20_000) return 'Notes are longer than 20,000 characters.';
  const tags = [...new Set(tagList)];
  if (tags.some((t) => t.length > 50)) return 'A tag is longer than 50 characters.';
  if (tags.length > 20) return 'More than 20 tags.';
  return { email, name, phone, company, notes, status: statusFrom(values.status), tags };
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

/**
 * The file's records, parsed as it is read (csv-parse over the decoded text, delimiter chosen
 * from the header line). Leaving the iteration early closes the file.
 * @throws DomainError `invalid` for an empty file or one that is not valid CSV.
 */
export async function* readRecords(file: string, encoding: DetectedEncoding): AsyncGenerator<string[]> {
  const text = decodedText(file, encoding);
  // Enough of the text for the header line, read ahead to choose the delimiter.
  let head = '';
  let done = false;
  while (head.length < 64 * 1024 && !/[\r\n]/.test(head)) {
    const next = await text.next();
    if (next.done) {
      done = true;
      break;
    }
    head += next.value;
  }
  if (!head.trim()) {
    await text.return(undefined);
    throw new DomainError('invalid', 'The file is empty.');
  }
  async function* all() {
    yield head;
    if (!done) yield* text;
  }
  const parser = parse({
    delimiter: detectDelimiter(head),
    relax_column_count: true,
    skip_empty_lines: true,
    // An unclosed quote would otherwise read the rest of the file into one field.
    max_record_size: 1_000_000,
  });
  // Every stream's error reaches the iteration below; none is left without a listener.
  const records = pipeline(Readable.from(all()), parser, () => {}) as unknown as AsyncIterable<string[]>;
  try {
    yield* records;
  } catch (error) {
    if (error instanceof CsvError) {
      throw new DomainError(
        'invalid',
        `The file is not valid CSV near line ${error.lines ?? '?'}: ${error.code}.`,
      );
    }
    throw error;
  } finally {
    parser.destroy();
  }
}

/** How much of the file's start tells a photo, a workbook or binary data from text (import-file-kind.ts). */
export const FILE_KIND_BYTES = 4096;

/** The first `size` bytes of `file` (fewer when it is shorter). */
export async function firstBytes(file: string, size: number): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(size);
    const { bytesRead } = await handle.read(buffer, 0, size, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
