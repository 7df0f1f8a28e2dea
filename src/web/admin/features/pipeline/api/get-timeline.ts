import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Timeline } from '@/shared/pipeline';
import { callApi, urlOf } from '@/web/lib/api-client';

/** A contact's timeline, newest first (GET /api/admin/contacts/{id}/timeline, decision 063). */
export async function getTimeline(contactId: number): Promise<Timeline> {
  return callApi('getContactTimeline', { params: { id: contactId } });
}

/**
 * Query options of a contact's timeline. The key starts with the contact's own key, so whatever
 * refreshes the contact (a status change, an edit, a task) refreshes its timeline too.
 */
export function getTimelineQueryOptions(contactId: number) {
  return queryOptions({
    queryKey: [urlOf('getContact', { params: { id: contactId } }), 'timeline'] as const,
    queryFn: () => getTimeline(contactId),
  });
}

/** A contact's timeline as a query. */
export function useTimeline(contactId: number) {
  return useQuery(getTimelineQueryOptions(contactId));
}
