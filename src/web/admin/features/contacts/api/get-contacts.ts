import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Contact, ContactSort, ContactView, SortOrder, StoredContactStatus } from '@/shared/contacts';
import { callApi, callApiResponse } from '@/web/lib/api-client';
import { CONTACTS_URL } from '../../../query-keys';

export { CONTACTS_URL };

/** Contacts fetched per page while the admin scrolls (decision 026: lists of 10,000 stay responsive). */
export const CONTACTS_PAGE_SIZE = 20;

/** Filters of the contact list, applied by the server (docs/product.md §6.1). */
export interface ContactsFilter {
  /** Case-insensitive text matched against name, email or message; empty means no search. */
  q?: string;
  /** One status (`spam`: the quarantine), or `undefined` for 'All Status' (every status but spam). */
  status?: StoredContactStatus;
  /** One lead source label (utm_source, else referrer host, else '(direct)'; decision 037). */
  source?: string;
  /**
   * Leads (form and hand-added), Imported, All (decision 058); `undefined` is the server's default,
   * leads, for the list and its count, and every origin for the export and bulk actions.
   */
  view?: ContactView;
  /** The column the server sorts by (decision 040); `undefined` is last activity. */
  sort?: ContactSort;
  /** `undefined` is the sort's own default (newest activity first, else A → Z). */
  order?: SortOrder;
}

/** One page of the contact list. */
export interface ContactsPage {
  contacts: Contact[];
  /** Matches over all pages (`X-Total-Count`), when the server sent it; else 0. */
  total: number;
  /** Cursor of the next page (`X-Next-Cursor`), or `null` on the last one. */
  nextCursor: string | null;
}

/** Search parameters of a filter, without empty values (so `{}` is "no filter"). */
export function contactsFilterParams(filter: ContactsFilter): ContactsFilter {
  const params: ContactsFilter = {};
  if (filter.q) params.q = filter.q;
  if (filter.status) params.status = filter.status;
  if (filter.source) params.source = filter.source;
  if (filter.view) params.view = filter.view;
  if (filter.sort) params.sort = filter.sort;
  if (filter.order) params.order = filter.order;
  return params;
}

/**
 * Fetches one page of the contacts matching `filter`, newest first.
 * @param page.limit Page size (1–200); `page.cursor` comes from the previous page.
 * @throws Error `"401: …"` without an admin session, `"400: …"` for a bad cursor.
 */
export async function getContacts(
  filter: ContactsFilter = {},
  page: { limit?: number; cursor?: string } = {},
): Promise<ContactsPage> {
  // The count comes from its own query (useContactsCount): the pages never wait for it.
  const { data, headers } = await callApiResponse('listContacts', {
    query: { ...contactsFilterParams(filter), limit: page.limit, cursor: page.cursor, count: 'false' },
  });
  return {
    contacts: data,
    total: Number(headers.get('x-total-count') ?? 0),
    nextCursor: headers.get('x-next-cursor'),
  };
}

/**
 * Infinite-query options of the filtered contact list, loaded {@link CONTACTS_PAGE_SIZE} at a
 * time. The key is `[CONTACTS_URL, params]`; `getContactsQueryOptions().queryKey` (no filter,
 * `{}`) matches every contact list, so mutations invalidate it to refresh them all.
 */
export function getContactsQueryOptions(filter: ContactsFilter = {}) {
  return infiniteQueryOptions({
    queryKey: [CONTACTS_URL, contactsFilterParams(filter)] as const,
    queryFn: ({ pageParam }) => getContacts(filter, { limit: CONTACTS_PAGE_SIZE, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Keep showing the last list while a new search is on its way (no flash of 'Loading...').
    placeholderData: keepPreviousData,
  });
}

/** The filtered contact list as an infinite query (`fetchNextPage` loads the next page). */
export function useContacts(filter: ContactsFilter = {}) {
  return useInfiniteQuery(getContactsQueryOptions(filter));
}

/**
 * How many contacts match `filter` (`GET /api/admin/contacts/count`), once per search (decision 026).
 * The key starts with CONTACTS_URL, so contact mutations refresh it with the lists.
 */
export function useContactsCount(filter: ContactsFilter = {}) {
  // The order does not change how many match: one count per search, status and source (the
  // source too: 'Select all N matching' acts on exactly this filter).
  const params = contactsFilterParams({
    q: filter.q,
    status: filter.status,
    source: filter.source,
    view: filter.view,
  });
  return useQuery({
    queryKey: [CONTACTS_URL, params, 'count'] as const,
    queryFn: async () => (await callApi('countContacts', { query: params })).total,
    placeholderData: keepPreviousData,
  });
}
