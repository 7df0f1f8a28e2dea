import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Contact } from '@/shared/contacts';
import type { Tag } from '@/shared/tags';
import type { ContactTask } from '@/shared/tasks';
import { apiRequest } from '@/web/lib/api';
import { CONTACTS_URL } from './get-contacts';

/** GET /api/admin/contacts/{id}: the contact with its tags and follow-up tasks (docs/product.md §12.3). */
export interface ContactDetail {
  contact: Contact;
  tags: Tag[];
  tasks: ContactTask[];
}

/**
 * Fetches one contact with its tags and tasks.
 * @throws Error `"404: {\"error\":\"Contact not found\"}"` when there is no such contact.
 */
export async function getContact(id: number): Promise<ContactDetail> {
  const res = await apiRequest('GET', `${CONTACTS_URL}/${id}`);
  return (await res.json()) as ContactDetail;
}

/** Query options of one contact; the key is `['/api/admin/contacts/{id}']`. */
export function getContactQueryOptions(id: number) {
  return queryOptions({ queryKey: [`${CONTACTS_URL}/${id}`] as const, queryFn: () => getContact(id) });
}

/** One contact's detail as a query. */
export function useContact(id: number) {
  return useQuery(getContactQueryOptions(id));
}
