import { KeyRound, Lock } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { AdminPage } from '../components/admin-page';
import { InlineError, InlineLoading } from '../components/query-state';
import { useCredentials } from '../features/credentials/api/get-credentials';
import { AddCredentialDialog } from '../features/credentials/components/add-credential-dialog';
import { CredentialsTable } from '../features/credentials/components/credentials-table';
import { VaultGate } from '../features/credentials/components/vault-gate';
import { useVault } from '../features/credentials/components/vault-provider';

const links = ['dashboard', 'contacts', 'clients', 'campaigns', 'mailSetup'] as const;

/**
 * /admin/credentials (docs/product.md §9.1): the password gate first; once unlocked, the credentials table
 * with 'Add Credential', and 'No credentials found' when the vault is empty.
 */
export function CredentialsRoute() {
  const { password } = useVault();
  return (
    <AdminPage title="Credentials" links={[...links]}>
      {password === null ? <VaultGate /> : <UnlockedCredentials password={password} />}
    </AdminPage>
  );
}

function UnlockedCredentials({ password }: { password: string }) {
  const { lock } = useVault();
  const credentials = useCredentials(password);
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight">Credentials</h1>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-muted-foreground">Company credentials</h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={lock}>
            <Lock aria-hidden="true" />
            Lock
          </Button>
          <AddCredentialDialog password={password} />
        </div>
      </div>
      <div className="mt-6" aria-busy={credentials.isFetching}>
        {credentials.isPending ? (
          <InlineLoading className="py-16" />
        ) : credentials.isError ? (
          <InlineError error={credentials.error} fallback="Failed to load credentials." className="py-16" />
        ) : credentials.data.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-white/10 px-4 py-16 text-center text-muted-foreground">
            <KeyRound className="size-8" aria-hidden="true" />
            <p>No credentials found</p>
          </div>
        ) : (
          <CredentialsTable credentials={credentials.data} password={password} />
        )}
      </div>
    </>
  );
}
