import { SearchX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { buttonVariants } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { getApiErrorStatus } from '@/web/lib/api';
import { formatDateTime } from '@/web/lib/format-date';
import { AdminPage } from '../components/admin-page';
import { InlineError, InlineLoading } from '../components/query-state';
import { useCredential } from '../features/credentials/api/get-credential';
import { CredentialDetailsCard } from '../features/credentials/components/credential-details-card';
import { DangerZoneCard } from '../features/credentials/components/danger-zone-card';
import { VaultGate } from '../features/credentials/components/vault-gate';
import { useVault } from '../features/credentials/components/vault-provider';

/** Reads a route parameter as a positive integer id, or `null`. */
function parseId(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * /admin/credentials/{id} (docs/product.md §9.1): password-gated like the list (the gate comes first, even
 * for an id that does not exist, so nothing is told before unlocking); then the company name,
 * the credential's fields with Edit/Save/Cancel and copy buttons, created and last updated, and a
 * 'Danger Zone' with Delete; 'Credential not found' when there is no such credential.
 */
export function CredentialDetailRoute() {
  const id = parseId(useParams().id);
  const { password } = useVault();
  return (
    <AdminPage title="Credential" links={['backToCredentials', 'dashboard']}>
      {password === null ? (
        <VaultGate />
      ) : id === null ? (
        <CredentialNotFound />
      ) : (
        <CredentialDetail id={id} password={password} />
      )}
    </AdminPage>
  );
}

function CredentialDetail({ id, password }: { id: number; password: string }) {
  const detail = useCredential(id, password);
  if (detail.isPending) return <InlineLoading className="py-16" />;
  if (detail.isError) {
    if (getApiErrorStatus(detail.error) === 404) return <CredentialNotFound />;
    return <InlineError error={detail.error} fallback="Failed to load the credential." className="py-16" />;
  }
  const credential = detail.data;
  return (
    <>
      <h1 className="min-w-0 wrap-anywhere text-3xl font-bold tracking-tight">{credential.companyName}</h1>
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <CredentialDetailsCard credential={credential} password={password} />
        </div>
        <div className="grid gap-6">
          <Card className="gap-4">
            <CardHeader>
              <CardTitle as="h2">History</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-3 text-sm">
                <div className="grid gap-1">
                  <dt className="text-muted-foreground">Created</dt>
                  <dd>
                    <time dateTime={credential.createdAt}>{formatDateTime(credential.createdAt)}</time>
                  </dd>
                </div>
                <div className="grid gap-1">
                  <dt className="text-muted-foreground">Last updated</dt>
                  <dd>
                    <time dateTime={credential.updatedAt}>{formatDateTime(credential.updatedAt)}</time>
                  </dd>
                </div>
              </dl>
            </CardContent>
          </Card>
          <DangerZoneCard credential={credential} password={password} />
        </div>
      </div>
    </>
  );
}

function CredentialNotFound() {
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center">
      <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-semibold">Credential not found</h1>
      <Link to="/admin/credentials" className={buttonVariants({ variant: 'outline' })}>
        Back to Credentials
      </Link>
    </div>
  );
}
