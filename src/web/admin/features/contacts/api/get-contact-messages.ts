import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactMessage } from '@/shared/contacts';
import { callApi, urlOf } from '@/web/lib/api-client';

/**
 * Fetches the stored email conversation of a contact, oldest first (docs/product.md §12.3). The contact's
 * original form message is not part of it: the thread component shows it first.
 * @throws Error `"404: …"` when there is no such contact.
 */
export async function getContactMessages(contactId: number): Promise<ContactMessage[]> {
  return callApi('listContactMessages', { params: { id: contactId } });
}

/** Query options of a contact's conversation; the key is `['/api/admin/contacts/{id}/messages']`. */
export function getContactMessagesQueryOptions(contactId: number) {
  return queryOptions({
    queryKey: [urlOf('listContactMessages', { params: { id: contactId } })] as const,
    queryFn: () => getContactMessages(contactId),
  });
}

/**
 * A contact's conversation as a query. `pollMs` refetches it at that interval, so replies the
 * server imports show up in an open thread without a reload (decision 023).
 */
export function useContactMessages(contactId: number, { pollMs = false }: { pollMs?: number | false } = {}) {
  return useQuery({ ...getContactMessagesQueryOptions(contactId), refetchInterval: pollMs });
}
