import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Client } from '@/shared/clients';
import { apiRequest } from '@/web/lib/api';
import { getAnalyticsQueryOptions } from '../../analytics/api/get-analytics';
import { getClientsQueryOptions } from '../../clients/api/get-clients';
import { getContactQueryOptions } from './get-contact';
import { CONTACTS_URL, getContactsQueryOptions } from './get-contacts';

/**
 * 'Turn into Client' (docs/product.md §12.3 `POST /api/admin/contacts/{id}/convert-to-client`;
 * docs/product.md §6.7): creates a client linked to the contact and sets the contact to converted.
 * @throws Error `"409: {\"error\":\"This contact is already a client.\"}"` on a second call.
 */
export async function convertContactToClient(contactId: number): Promise<Client> {
  const res = await apiRequest('POST', `${CONTACTS_URL}/${contactId}/convert-to-client`);
  return (await res.json()) as Client;
}

/**
 * Convert as a mutation; refreshes the contact lists (docs/product.md §12.3 'list refreshed'), the contact
 * and the clients.
 */
export function useConvertContactToClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: convertContactToClient,
    onSuccess: (_client, contactId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getContactsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getContactQueryOptions(contactId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getClientsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getAnalyticsQueryOptions().queryKey }),
      ]),
  });
}
