import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactCreate } from '@/shared/contacts';
import { apiRequest } from '@/web/lib/api';
import { getAnalyticsQueryOptions } from '../../analytics/api/get-analytics';
import { CONTACTS_URL } from './get-contacts';

/**
 * Adds a contact by hand (`POST /api/admin/contacts`, 201 `{ id }`).
 * @throws Error `"409: {\"error\":…,\"id\":n}"` when the address has a contact already,
 * `"400: …"` for invalid fields.
 */
export async function addContact(contact: ContactCreate): Promise<{ id: number }> {
  const res = await apiRequest('POST', CONTACTS_URL, contact);
  return (await res.json()) as { id: number };
}

/** The id of the contact that already has the address, from a 409 of {@link addContact}. */
export function existingContactId(error: unknown): number | null {
  const message = error instanceof Error ? error.message : '';
  if (!message.startsWith('409:')) return null;
  try {
    const body = JSON.parse(message.slice(message.indexOf('{'))) as { id?: unknown };
    return typeof body.id === 'number' ? body.id : null;
  } catch {
    return null;
  }
}

/** Add Contact as a mutation; refreshes every contact list and the dashboard. */
export function useAddContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addContact,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [CONTACTS_URL] }),
        queryClient.invalidateQueries({ queryKey: getAnalyticsQueryOptions().queryKey }),
      ]),
  });
}
