import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactMessage, SendEmailRequest } from '@/shared/contacts';
import { callApi } from '@/web/lib/api-client';
import { getContactMessagesQueryOptions } from './get-contact-messages';

/**
 * Emails a contact through the active mail provider and records it in the conversation
 * (docs/product.md §12.3 `POST /api/admin/contacts/{id}/send-email`).
 * @throws Error `"400: {\"error\":\"Subject and message are required\"}"`, or `"502: {…}"` with
 *   the provider's message when sending failed.
 */
export async function sendContactEmail({
  contactId,
  email,
}: {
  contactId: number;
  email: SendEmailRequest;
}): Promise<ContactMessage> {
  return callApi('sendContactEmail', { params: { id: contactId }, body: email });
}

/** Send Email as a mutation; on success the contact's conversation is refetched. */
export function useSendContactEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendContactEmail,
    onSuccess: (_message, { contactId }) =>
      queryClient.invalidateQueries({ queryKey: getContactMessagesQueryOptions(contactId).queryKey }),
  });
}
