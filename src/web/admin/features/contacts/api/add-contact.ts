import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactCreate } from '@/shared/contacts';
import { callApi } from '@/web/lib/api-client';
import { getAnalyticsQueryOptions } from '../../analytics';
import { CONTACTS_URL } from './get-contacts';

/**
 * Adds a contact by hand (`POST /api/admin/contacts`, 201 `{ id }`).
 * @throws Error `"409: {\"error\":…,\"id\":n}"` when the address has a contact already,
 * `"400: …"` for invalid fields.
 */
export async function addContact(contact: ContactCreate): Promise<{ id: number }> {
  return callApi('addContact', { body: contact });
}

/** The id of the contact that already has the address, from a 409 of {@link addContact}. */
export function existingContactId(error: unknown): number | null {
  const message = error instanceof Error ? error.message : '';
  if (!message.startsWith('409:')) return null;
  let body: unknown;
  try {
    body = JSON.parse(message.slice(message.indexOf('{')));
  } catch {
    return null;
  }
  // A refusal's body, so checked rather than trusted: only the 409 of an existing address has an id.
  return typeof body === 'object' && body !== null && 'id' in body && typeof body.id === 'number'
    ? body.id
    : null;
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
