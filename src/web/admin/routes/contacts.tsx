import { Download, Inbox, Loader2 } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/web/components/ui/button';
import { useDebouncedValue } from '@/web/hooks/use-debounced-value';
import { useOnVisible } from '@/web/hooks/use-on-visible';
import { AdminPage } from '../components/admin-page';
import { InlineError } from '../components/query-state';
import { getContactsExportUrl } from '../features/contacts/api/export-contacts-csv';
import { type ContactsFilter, useContacts, useContactsCount } from '../features/contacts/api/get-contacts';
import { ContactCard } from '../features/contacts/components/contact-card';
import { ContactsToolbar, type StatusFilter } from '../features/contacts/components/contacts-toolbar';

/** Wait after the last keystroke before searching (keeps typing from firing a request per key). */
const SEARCH_DEBOUNCE_MS = 250;

/**
 * /admin/contacts (spec §2): header navigation Dashboard, Campaigns, Credentials, Logout; search
 * (name, email or message, case-insensitive) and status filter, both applied by the server;
 * 'Export CSV' of the filtered list; a card per contact, loaded page by page as the admin
 * scrolls, with the number of matches; 'No contacts found' when empty.
 */
export function ContactsRoute() {
  const [search, setSearch] = React.useState('');
  const [status, setStatus] = React.useState<StatusFilter>('all');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const filter: ContactsFilter = { q, status: status === 'all' ? undefined : status };
  const contacts = useContacts(filter);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = contacts;
  const loadMore = React.useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const sentinel = useOnVisible(loadMore, { enabled: hasNextPage && !isFetchingNextPage });

  const list = contacts.data?.pages.flatMap((page) => page.contacts) ?? [];
  const count = useContactsCount(filter);
  const total = count.data ?? list.length;

  return (
    <AdminPage title="Contacts" links={['dashboard', 'campaigns', 'credentials']}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Contacts</h1>
          {contacts.data ? (
            <p className="mt-1 text-sm text-muted-foreground" aria-live="polite">
              {list.length < total
                ? `Showing ${list.length} of ${total} contacts`
                : total === 1
                  ? '1 contact'
                  : `${total} contacts`}
            </p>
          ) : null}
        </div>
        <Button asChild variant="outline">
          <a href={getContactsExportUrl(filter)} download>
            <Download aria-hidden="true" />
            Export CSV
          </a>
        </Button>
      </div>
      <div className="mt-6">
        <ContactsToolbar
          search={search}
          onSearchChange={setSearch}
          status={status}
          onStatusChange={setStatus}
        />
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
            <ul className="grid gap-4 md:grid-cols-2">
              {list.map((contact) => (
                <li key={contact.id}>
                  <ContactCard contact={contact} />
                </li>
              ))}
            </ul>
            {hasNextPage ? (
              <div ref={sentinel} className="mt-6 flex justify-center">
                <Button variant="outline" onClick={loadMore} disabled={isFetchingNextPage}>
                  {isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                  {isFetchingNextPage ? 'Loading...' : 'Load more'}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </AdminPage>
  );
}
