import { urlOf } from '@/web/lib/api-client';
import { type ContactsFilter, contactsFilterParams } from './get-contacts';

/**
 * URL of the CSV export of the contacts matching `filter` (`GET /api/admin/contacts/export.csv`).
 * The server answers it as an attachment, so a plain link downloads it with the session cookie.
 */
export function getContactsExportUrl(filter: ContactsFilter = {}): string {
  return urlOf('exportContactsCsv', {
    query: contactsFilterParams({ q: filter.q, status: filter.status, view: filter.view }),
  });
}
