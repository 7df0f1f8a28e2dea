import type { ImportField, ImportFormat } from '../../shared/contact-import.ts';
import type { ContactStatus } from '../../shared/contacts.ts';
import { EXPORT_COLUMNS } from './export-contacts-csv.ts';

/**
 * The exports people actually have, recognised from their header row (docs/product.md, 'Import
 * CSV'): Google Contacts (the current 'First Name … E-mail 1 - Value … Labels' layout and the
 * older 'Given Name … Group Membership' one), Outlook ('E-mail Address', 'Categories'), HubSpot
 * ('Record ID', 'Lead Status'), this product's own CSV export, and any other spreadsheet
 * ('generic', matched by header names in English and German, as Excel's 'CSV UTF-8' writes them).
 * Also the cell rules of those exports: Google's ' ::: ' between several values in one cell and
 * its system labels ('* myContacts', '* starred'), and HubSpot's lead statuses.
 */

/** A header as compared: lower case, accents dropped, words of letters and digits only. */
export const normaliseHeader = (header: string) =>
  header
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const has = (set: Set<string>, ...names: string[]) => names.every((n) => set.has(n));

/** Which export `headers` (the file's first row) come from; 'generic' when none is known. */
export function recogniseFormat(headers: string[]): ImportFormat {
  const set = new Set(headers.map(normaliseHeader));
  if (
    has(set, 'e mail 1 value') &&
    (has(set, 'first name', 'last name') || has(set, 'given name', 'family name'))
  )
    return 'google';
  if (has(set, 'e mail address') && (set.has('e mail 2 address') || set.has('categories'))) return 'outlook';
  if (
    has(set, 'record id', 'email') &&
    ['lead status', 'lifecycle stage', 'contact owner'].some((n) => set.has(n))
  )
    return 'hubspot';
  const own = EXPORT_COLUMNS.map(normaliseHeader);
  if (own.every((n) => set.has(n))) return 'own';
  return 'generic';
}

/** Fields of one export's columns that a generic guess would get wrong or miss. */
const FORMAT_HEADERS: Record<ImportFormat, Record<string, ImportField>> = {
  google: {
    'first name': 'firstName',
    'given name': 'firstName',
    'middle name': 'middleName',
    'additional name': 'middleName',
    'last name': 'lastName',
    'family name': 'lastName',
    name: 'name',
    'organization name': 'company',
    'organization 1 name': 'company',
    notes: 'notes',
    labels: 'tags',
    'group membership': 'tags',
  },
  outlook: {
    'first name': 'firstName',
    'middle name': 'middleName',
    'last name': 'lastName',
    'e mail address': 'email',
    'e mail 2 address': 'otherEmail',
    'e mail 3 address': 'otherEmail',
    'mobile phone': 'phone',
    'business phone': 'otherPhone',
    'business phone 2': 'otherPhone',
    'home phone': 'otherPhone',
    'home phone 2': 'otherPhone',
    'primary phone': 'otherPhone',
    'other phone': 'otherPhone',
    company: 'company',
    categories: 'tags',
    notes: 'notes',
  },
  hubspot: {
    'first name': 'firstName',
    'last name': 'lastName',
    email: 'email',
    'phone number': 'phone',
    'mobile phone number': 'otherPhone',
    'company name': 'company',
    'associated company': 'company',
    'lead status': 'status',
  },
  // The export's 'Message' is the form message the contact came with: kept, in the notes.
  own: { id: 'ignore', message: 'notes', notes: 'notes' },
  generic: {},
};

/**
 * The field a header fills in `format`, or undefined to fall back to the generic guess. Google's
 * numbered 'E-mail N - Value' and 'Phone N - Value': the first is the email or phone, the others
 * go to the notes.
 */
export function formatField(format: ImportFormat, header: string): ImportField | undefined {
  const name = normaliseHeader(header);
  const numbered = /^(e mail|phone) (\d+) value$/.exec(name);
  if (numbered) {
    const first = numbered[2] === '1';
    if (numbered[1] === 'e mail') return first ? 'email' : 'otherEmail';
    return first ? 'phone' : 'otherPhone';
  }
  return FORMAT_HEADERS[format][name];
}

/** Fields that several columns may fill: their values add up instead of the first one winning. */
export const MULTI_COLUMN_FIELDS: ReadonlySet<ImportField> = new Set([
  'notes',
  'tags',
  'otherEmail',
  'otherPhone',
]);

/** A second column of a single field keeps its value in the notes instead of being dropped. */
export function spareField(field: ImportField): ImportField {
  if (field === 'email') return 'otherEmail';
  if (field === 'phone') return 'otherPhone';
  return 'ignore';
}

/** Google Contacts' separator between several values in one cell ('a@x.com ::: b@y.com'). */
const MULTI_VALUE = /\s*:::\s*/;

/** The values of one cell: split on ' ::: ', trimmed, empty ones dropped. */
export function splitMultiValue(cell: string): string[] {
  return cell
    .split(MULTI_VALUE)
    .map((v) => v.trim())
    .filter(Boolean);
}

/**
 * The tags of a labels cell: Google's ' ::: ' list, else ';', ',' or '|' between tags. Google's
 * system labels ('* myContacts', '* starred': a '* ' prefix) are its own bookkeeping, not the
 * owner's groups, so in a Google export (`google`) or a ' ::: ' list they never become tags.
 */
export function splitTags(cell: string, google: boolean): string[] {
  const listed = MULTI_VALUE.test(cell);
  const parts = listed ? cell.split(MULTI_VALUE) : cell.split(/[;,|]/);
  const system = google || listed;
  return parts.map((t) => t.trim()).filter((t) => t && !(system && (t.startsWith('* ') || t === '*')));
}

/** The name from its parts: 'First Middle Last', any of them missing; '' when all are. */
export function joinName(parts: (string | undefined)[]): string {
  return parts.filter(Boolean).join(' ').replace(/\s+/g, ' ').trim();
}

/**
 * A status cell as this product's status: its own values, and HubSpot's lead statuses ('Open',
 * 'In Progress', 'Attempted to contact', 'Connected', 'Open Deal'); anything else is 'new'.
 */
export function statusFrom(cell: string | undefined): ContactStatus {
  const value = (cell ?? '')
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();
  if (['contacted', 'in progress', 'attempted to contact', 'connected'].includes(value)) return 'contacted';
  if (['qualified', 'open deal'].includes(value)) return 'qualified';
  if (['converted', 'customer', 'won'].includes(value)) return 'converted';
  return 'new';
}

/** Headers of a plain notes column: its text goes into the notes as it is. */
export const NOTES_HEADERS = [
  'notes',
  'note',
  'comments',
  'comment',
  'description',
  'notizen',
  'notiz',
  'bemerkung',
  'bemerkungen',
  'anmerkungen',
  'kommentar',
];

/**
 * One line of the notes from a column: a plain notes column's text as it is, any other column's
 * after its header ('Message: …'), and the further addresses and numbers after 'Other email: ' and
 * 'Other phone: ', so nothing the file held is lost.
 */
export function noteLine(field: 'notes' | 'otherEmail' | 'otherPhone', header: string, values: string[]) {
  if (field === 'otherEmail') return `Other email: ${values.join(', ')}`;
  if (field === 'otherPhone') return `Other phone: ${values.join(', ')}`;
  const text = values.join('\n');
  return NOTES_HEADERS.includes(normaliseHeader(header)) ? text : `${header}: ${text}`;
}
