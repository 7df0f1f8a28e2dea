import { Fingerprint, Loader2, Plus } from 'lucide-react';
import * as React from 'react';
import type { SecurityOverview } from '@/shared/security';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { toast } from '@/web/hooks/use-toast';
import { useAddPasskey } from '../api/security-api';
import { PasskeyNameDialog } from './passkey-name-dialog';
import { PasskeyRow } from './passkey-row';
import { toastError } from './security-toast';

/**
 * The 'Passkeys' card: the registered passkeys and 'Add a passkey'. The first factor brings recovery
 * codes, handed to `onCodes` to be shown once.
 */
export function PasskeysCard({
  overview,
  onCodes,
}: {
  overview: SecurityOverview;
  onCodes: (codes: string[]) => void;
}) {
  const [naming, setNaming] = React.useState(false);
  const add = useAddPasskey();
  const factorCount = overview.passkeys.length + (overview.totp.enabled ? 1 : 0);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Fingerprint className="size-5 text-brand-cyan" aria-hidden="true" />
          Passkeys
        </CardTitle>
        <CardDescription>
          Sign in with your fingerprint, face or a security key: alone, or after the password.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {overview.passkeys.length === 0 ? (
          <p className="text-sm text-muted-foreground">No passkey yet.</p>
        ) : (
          <ul aria-label="Passkeys" className="grid gap-2">
            {overview.passkeys.map((p) => (
              <PasskeyRow
                key={p.id}
                passkey={p}
                readOnly={overview.readOnly}
                isLastFactor={factorCount === 1}
              />
            ))}
          </ul>
        )}
        {overview.passkeysAvailable ? null : (
          <p className="text-sm text-amber-200">
            Passkeys need the site's address (APP_URL) to be a domain name, not an IP address.
          </p>
        )}
        <Button
          type="button"
          className="justify-self-start"
          disabled={overview.readOnly || !overview.passkeysAvailable || add.isPending}
          onClick={() => setNaming(true)}
        >
          {add.isPending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Plus aria-hidden="true" />
          )}
          Add a passkey
        </Button>
        <PasskeyNameDialog
          open={naming}
          onOpenChange={setNaming}
          title="Add a passkey"
          description="Name it, then follow your browser's prompt."
          initial=""
          submitLabel="Continue"
          pending={add.isPending}
          onSubmit={(name) => {
            setNaming(false);
            add.mutate(name, {
              onSuccess: (codes) => {
                toast({ title: 'Passkey added' });
                if (codes.length > 0) onCodes(codes);
              },
              onError: (error) => toastError(error, 'Failed to add the passkey.'),
            });
          }}
        />
      </CardContent>
    </Card>
  );
}

/** The authenticator app (TOTP): set up by QR code and a confirming code, or remove. */
