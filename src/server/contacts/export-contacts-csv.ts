import { stringify } from 'csv-stringify/sync';
import { and, desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import type { ContactListQuery } from '../../shared/contacts.ts';
import { contactFilters } from './list-contacts.ts';

/** Characters that make a spreadsheet treat a cell as a formula (OWASP 'CSV Injection'). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The (filtered) contact list as CSV (RFC 4180, via csv-stringify): a header row, then one row per
 * contact, newest first. A cell that starts like a formula is prefixed with `'` so spreadsheet
 * programs show it as text instead of running it.
 */
export async function exportContactsCsv(db: Db, query: ContactListQuery): Promise<string> {
  const rows = await db
    .select()
    .from(contacts)
    .where(and(...contactFilters(query)))
    .orderBy(desc(contacts.createdAt), desc(contacts.id));
  const cell = (value: string | null) => (value && FORMULA_START.test(value) ? `'${value}` : (value ?? ''));
  return stringify(
    rows.map((r) => [
      r.id,
      cell(r.name),
      cell(r.email),
      cell(r.phone),
      r.status,
      r.preferTextAndCall ? 'yes' : 'no',
      cell(r.message),
      cell(r.notes),
      r.createdAt.toISOString(),
    ]),
    {
      header: true,
      columns: [
        'ID',
        'Name',
        'Email',
        'Phone',
        'Status',
        'Prefers text and call',
        'Message',
        'Notes',
        'Created',
      ],
      bom: true,
      record_delimiter: 'windows',
    },
  );
}
