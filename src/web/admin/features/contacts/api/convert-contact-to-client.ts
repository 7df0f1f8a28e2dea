import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Client } from '@/shared/clients';
import { callApi } from '@/web/lib/api-client';
import { getAnalyticsQueryOptions } from '../../analytics';
import { getClientsQueryOptions } from '../../clients';
import { getContactQueryOptions } from './get-contact';
import { getContactsQueryOptions } from './get-contacts';

/**
 * 'Turn into Client' (docs/product.md §12.3 `POST /api/admin/contacts/{id}/convert-to-client`;
 * docs/product.md §6.7): creates a client linked to the contact and sets the contact to converted.
 * @throws Error `"409: {\"error\":\"This contact is already a client.\"}"` on a second call.
 */
export async function convertContactToClient(contactId: number): Promise<Client> {
  return callApi('convertContactToClient', { params: { id: contactId } });
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
