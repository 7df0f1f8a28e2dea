import { Briefcase } from 'lucide-react';
import * as React from 'react';
import { useLocation } from 'react-router';
import { AdminPage } from '../components/admin-page';
import { InlineError, InlineLoading } from '../components/query-state';
import { useClients } from '../features/clients/api/get-clients';
import { AddClientDialog } from '../features/clients/components/add-client-dialog';
import { ClientCard } from '../features/clients/components/client-card';

/**
 * /admin/clients (docs/product.md §7.1): title 'Clients', navigation Dashboard, Contacts, Campaigns,
 * Credentials, Logout; 'Manage Clients' with 'Add Client'; a card per client with its tasks;
 * the empty state 'No clients yet. Click "Add Client" to get started.'
 */
export function ClientsRoute() {
  const clients = useClients();
  const { hash } = useLocation();
  // The reminder email links to a card (#client-<id>); it exists only once the list loaded.
  React.useEffect(() => {
    if (clients.data && hash.startsWith('#client-')) {
      document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
    }
  }, [clients.data, hash]);
  return (
    <AdminPage title="Clients" links={['dashboard', 'contacts', 'campaigns', 'credentials']}>
      <h1 className="text-3xl font-bold tracking-tight">Clients</h1>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-muted-foreground">Manage Clients</h2>
        <AddClientDialog />
      </div>
      <div className="mt-6" aria-busy={clients.isFetching}>
        {clients.isPending ? (
          <InlineLoading className="py-16" />
        ) : clients.isError ? (
          <InlineError error={clients.error} fallback="Failed to load clients." className="py-16" />
        ) : clients.data.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-white/10 px-4 py-16 text-center text-muted-foreground">
            <Briefcase className="size-8" aria-hidden="true" />
            <p>No clients yet. Click "Add Client" to get started.</p>
          </div>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {clients.data.map((client) => (
              <li key={client.id}>
                <ClientCard client={client} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </AdminPage>
  );
}
