import { RefreshCw } from 'lucide-react';
import type { SecurityOverview } from '@/shared/security';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNewRecoveryCodes } from '../api/security-api';
import { toastError } from './security-toast';

/** The 'Recovery codes' card: how many are left, and new ones (the old ones stop working) once a factor exists. */
export function RecoveryCard({
  overview,
  onCodes,
}: {
  overview: SecurityOverview;
  onCodes: (codes: string[]) => void;
}) {
  const renew = useNewRecoveryCodes();
  const hasFactor = overview.passkeys.length > 0 || overview.totp.enabled;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Recovery codes</CardTitle>
        <CardDescription>
          Ten single-use codes for the day you lose your passkey or phone. Locked out anyway? Run{' '}
          <code className="font-mono">npm run admin:reset-2fa</code> on the server.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm">
          {hasFactor
            ? `${overview.recoveryCodesLeft} of 10 codes left.`
            : 'Codes are made when you add your first passkey or authenticator app.'}
        </p>
        <ConfirmDialog
          trigger={
            <Button
              type="button"
              variant="outline"
              className="justify-self-start"
              disabled={overview.readOnly || !hasFactor || renew.isPending}
            >
              <RefreshCw aria-hidden="true" />
              New recovery codes
            </Button>
          }
          title="Make new recovery codes?"
          description="The codes you have now stop working."
          confirmLabel="Make new codes"
          onConfirm={() =>
            renew.mutate(undefined, {
              onSuccess: onCodes,
              onError: (err) => toastError(err, 'Failed to make new codes.'),
            })
          }
        />
      </CardContent>
    </Card>
  );
}
