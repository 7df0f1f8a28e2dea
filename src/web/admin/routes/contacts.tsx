import { Download, Inbox, Loader2, X } from 'lucide-react';
import * as React from 'react';
import { useSearchParams } from 'react-router';
import {
  type ContactSort,
  type ContactView,
  contactSorts,
  defaultSortOrder,
  type SortOrder,
  storedContactStatuses,
} from '@/shared/contacts';
import { Button } from '@/web/components/ui/button';
import { useDebouncedValue } from '@/web/hooks/use-debounced-value';
import { useMediaQuery } from '@/web/hooks/use-media-query';
import { useOnVisible } from '@/web/hooks/use-on-visible';
import { AdminPage } from '../components/admin-page';
import { InlineError } from '../components/query-state';
import { getContactsExportUrl } from '../features/contacts/api/export-contacts-csv';
import { type ContactsFilter, useContacts, useContactsCount } from '../features/contacts/api/get-contacts';
import { AddContactDialog } from '../features/contacts/components/add-contact-dialog';
import { ContactCard } from '../features/contacts/components/contact-card';
import { useContactSelection } from '../features/contacts/components/contact-selection';
import { ContactsBulkBar } from '../features/contacts/components/contacts-bulk-bar';
import { ContactsTable } from '../features/contacts/components/contacts-table';
import { ContactsToolbar, type StatusFilter } from '../features/contacts/components/contacts-toolbar';
import { ImportContactsDialog } from '../features/contacts/components/import-contacts-dialog';

/** Wait after the last keystroke before searching (keeps typing from firing a request per key). */
const SEARCH_DEBOUNCE_MS = 250;

/** The list's Leads / Imported / All switch (decision 058), with its labels. */
const LIST_VIEWS = ['leads', 'imported', 'all'] as const satisfies readonly ContactView[];
const VIEW_LABELS: Record<(typeof LIST_VIEWS)[number], string> = {
  leads: 'Leads',
  imported: 'Imported',
  all: 'All',
};

/** The table from this width up, cards below it (decision 040). */
const TABLE_MEDIA = '(min-width: 1024px)';

/** A known value of the URL's `name` parameter, or undefined (a hand-edited link falls back). */
function pick<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((v) => v === value);
}

/**
 * The list's state in the URL (`?q=…&status=…&source=…&view=…&sort=…&order=…`, decision 040), so Back, a reload
 * and a shared link keep the search, filter and order. Defaults are left out of the URL. Every
 * change replaces the history entry: Back leaves the list instead of undoing keystrokes.
 */
function useContactsUrlState() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const status: StatusFilter = pick(params.get('status'), storedContactStatuses) ?? 'all';
  // Status and source come from the address, so the dashboard can link to a filtered list.
  const source = params.get('source')?.slice(0, 200) || undefined;
  // Leads (form and hand-added) by default: an import never pushes a lead off the page (decision 058).
  const view: ContactView = pick(params.get('view'), LIST_VIEWS) ?? 'leads';
  const sort: ContactSort = pick(params.get('sort'), contactSorts) ?? 'activity';
  const order: SortOrder = pick(params.get('order'), ['asc', 'desc'] as const) ?? defaultSortOrder(sort);
  const update = React.useCallback(
    (changes: Record<string, string | undefined>) =>
      setParams(
        () => {
          // From the address bar, not the last render's copy: two changes close together (a
          // debounced search and a filter) would otherwise each undo the other.
          const next = new URLSearchParams(window.location.search);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { q, status, source, view, sort, order, update };
}

/**
 * /admin/contacts (docs/product.md §6.1): header navigation Dashboard, Campaigns, Credentials, Logout; search
 * (name, email or message, case-insensitive) and status filter, both applied by the server and
 * kept in the URL; 'All Status' leaves out spam, 'Spam (N)' lists the quarantine; `?source=`
 * narrows to one lead source (decision 037); Leads / Imported / All (default Leads: form and
 * hand-added contacts; decision 058); 'Export CSV' of the filtered list; from 1024 px a
 * sortable table navigable by keyboard, below it a card per contact (decision 040); loaded page
 * by page as the admin scrolls, with the number of matches; 'No contacts found' when empty.
 * Rows and cards carry tick boxes for the bulk action bar (docs/guide.md 'Bulk actions'); the selection
 * is dropped whenever the search or a filter changes.
 */
export function ContactsRoute() {
  const url = useContactsUrlState();
  const [search, setSearch] = React.useState(url.q);
  const typed = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const { update } = url;
  const lastUrlQ = React.useRef(url.q);
  React.useEffect(() => {
    if (typed !== lastUrlQ.current) update({ q: typed || undefined });
  }, [typed, update]);
  // The URL changed under the box (a link to the list with another search): show its search.
  React.useEffect(() => {
    if (url.q !== lastUrlQ.current && url.q !== typed) setSearch(url.q);
    lastUrlQ.current = url.q;
  }, [url.q, typed]);
  const { status, source, view } = url;
  const wide = useMediaQuery(TABLE_MEDIA);
  const filter: ContactsFilter = {
    q: url.q,
    status: status === 'all' ? undefined : status,
    source,
    // Sent even for the default, so the export and 'Select all N matching' act on this view.
    view,
    sort: url.sort === 'activity' ? undefined : url.sort,
    order: url.order === defaultSortOrder(url.sort) ? undefined : url.order,
  };
  const spamCount = useContactsCount({ status: 'spam' });
  const contacts = useContacts(filter);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = contacts;
  const loadMore = React.useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const sentinel = useOnVisible(loadMore, { enabled: hasNextPage && !isFetchingNextPage });

  const list = contacts.data?.pages.flatMap((page) => page.contacts) ?? [];
  const count = useContactsCount(filter);
  const total = count.data ?? list.length;
  // Ticked contacts belong to this search and these filters; a new one starts with none.
  const selection = useContactSelection({ q: url.q, status, source, view }, list);
  // 'Select all N matching' only once the count and the rows are this filter's, not the last one's.
  const matchingTotal =
    count.data !== undefined && !count.isPlaceholderData && !contacts.isPlaceholderData
      ? count.data
      : undefined;

  return (
    <AdminPage title="Contacts" links={['dashboard', 'campaigns', 'credentials']}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Contacts</h1>
          {/* The line is there while the list loads: the count appearing would move the buttons
              from under a tap or click already on its way. */}
          <p className="mt-1 min-h-5 text-sm text-muted-foreground" aria-live="polite">
            {contacts.data
              ? list.length < total
                ? `Showing ${list.length} of ${total} contacts`
                : total === 1
                  ? '1 contact'
                  : `${total} contacts`
              : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href={getContactsExportUrl(filter)} download>
              <Download aria-hidden="true" />
              Export CSV
            </a>
          </Button>
          <ImportContactsDialog />
          <AddContactDialog />
        </div>
      </div>
      <div className="mt-6">
        <fieldset className="mb-3 flex min-w-0 flex-wrap gap-1 rounded-xl border border-white/10 p-1 sm:w-fit">
          <legend className="sr-only">Show</legend>
          {LIST_VIEWS.map((value) => (
            <Button
              key={value}
              variant={view === value ? 'secondary' : 'ghost'}
              size="sm"
              aria-pressed={view === value}
              className="flex-1 sm:flex-none"
              onClick={() => update({ view: value === 'leads' ? undefined : value })}
            >
              {VIEW_LABELS[value]}
            </Button>
          ))}
        </fieldset>
        <ContactsToolbar
          search={search}
          onSearchChange={setSearch}
          status={status}
          onStatusChange={(value) => update({ status: value === 'all' ? undefined : value })}
          spamCount={spamCount.data}
        />
        {source ? (
          <p className="mt-3 flex flex-wrap items-center gap-2 text-sm">
            <span className="text-muted-foreground">Source:</span>
            <span className="max-w-full wrap-anywhere rounded-full border border-white/15 px-3 py-1">
              {source}
            </span>
            <Button variant="ghost" size="sm" onClick={() => update({ source: undefined })}>
              <X aria-hidden="true" />
              All sources
            </Button>
          </p>
        ) : null}
      </div>
      <div className="mt-6" aria-busy={contacts.isFetching}>
        {contacts.isPending ? (
          <p role="status" className="py-16 text-center text-muted-foreground">
            Loading...
          </p>
        ) : contacts.isError ? (
          <InlineError error={contacts.error} fallback="Failed to load contacts." className="py-16" />
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-white/10 py-16 text-muted-foreground">
            <Inbox className="size-8" aria-hidden="true" />
            <p>No contacts found</p>
          </div>
        ) : (
          <>
            {wide ? (
              <ContactsTable
                contacts={list}
                sort={url.sort}
                order={url.order}
                onSortChange={(sort, order) =>
                  update({
                    sort: sort === 'activity' ? undefined : sort,
                    order: order === defaultSortOrder(sort) ? undefined : order,
                  })
                }
                onLoadMore={loadMore}
                selection={selection}
              />
            ) : (
              <ul className="grid gap-4 md:grid-cols-2">
                {list.map((contact) => (
                  <li key={contact.id}>
                    <ContactCard
                      contact={contact}
                      selected={selection.isSelected(contact.id)}
                      onSelect={(on, range) => selection.toggle(contact.id, on, range)}
                    />
                  </li>
                ))}
              </ul>
            )}
            {hasNextPage ? (
              <div ref={sentinel} className="mt-6 flex justify-center">
                <Button variant="outline" onClick={loadMore} disabled={isFetchingNextPage}>
                  {isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                  {isFetchingNextPage ? 'Loading...' : 'Load more'}
                </Button>
              </div>
            ) : null}
            <ContactsBulkBar selection={selection} loaded={list.length} total={matchingTotal} />
          </>
        )}
      </div>
    </AdminPage>
  );
}
