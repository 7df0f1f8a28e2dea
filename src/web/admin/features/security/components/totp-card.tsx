import { Check, KeyRound, Loader2, Smartphone, Trash2 } from 'lucide-react';
import * as React from 'react';
import type { SecurityOverview } from '@/shared/security';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { toast } from '@/web/hooks/use-toast';
import { getApiErrorMessage } from '@/web/lib/api';
import type { Answer } from '@/web/lib/api-client';
import { formatDate } from '@/web/lib/format-date';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useConfirmTotp, useRemoveTotp, useStartTotp } from '../api/security-api';
import { StepUpCancelled } from '../api/step-up';
import { toastError } from './security-toast';

/**
 * The 'Authenticator app' card: enrol by QR code (or the secret as text), confirm with a code,
 * remove. The first factor brings recovery codes, handed to `onCodes` to be shown once.
 */
export function TotpCard({
  overview,
  onCodes,
}: {
  overview: SecurityOverview;
  onCodes: (codes: string[]) => void;
}) {
  const id = React.useId();
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const remove = useRemoveTotp();
  const [enrolment, setEnrolment] = React.useState<Answer<'enrolTotp'> | null>(null);
  const [code, setCode] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const factorCount = overview.passkeys.length + (overview.totp.enabled ? 1 : 0);

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Smartphone className="size-5 text-brand-cyan" aria-hidden="true" />
          Authenticator app
        </CardTitle>
        <CardDescription>
          Six-digit codes from an app such as 1Password, Aegis or Google Authenticator.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {overview.totp.enabled ? (
          <>
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <Badge variant="green">On</Badge>
              {overview.totp.since ? `Set up ${formatDate(overview.totp.since)}` : null}
            </p>
            <ConfirmDialog
              trigger={
                <Button
                  type="button"
                  variant="outline"
                  className="justify-self-start"
                  disabled={overview.readOnly}
                >
                  <Trash2 aria-hidden="true" />
                  Remove authenticator app
                </Button>
              }
              title="Remove the authenticator app?"
              description={
                factorCount === 1
                  ? 'It is your last second factor: after removing it, the password alone signs in again and the recovery codes stop working.'
                  : 'Its codes will no longer sign in.'
              }
              confirmLabel="Remove"
              onConfirm={() =>
                remove.mutate(undefined, {
                  onSuccess: () => toast({ title: 'Authenticator app removed' }),
                  onError: (err) => toastError(err, 'Failed to remove the authenticator app.'),
                })
              }
            />
          </>
        ) : enrolment ? (
          <div className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-start">
            <img
              src={enrolment.qrCode}
              alt="QR code to scan with the authenticator app"
              width={200}
              height={200}
              className="justify-self-center rounded-lg bg-white p-1"
            />
            <div className="grid min-w-0 gap-3">
              <p className="text-sm text-muted-foreground">
                Scan the code with the app, or type this key into it:
              </p>
              <code
                className="rounded-md bg-white/5 px-2 py-1 font-mono text-sm break-all"
                data-testid="totp-secret"
              >
                {enrolment.secret}
              </code>
              <form
                noValidate
                className="grid gap-3"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (!/^\d{6}$/.test(code.trim())) return setError('Enter the six-digit code from the app.');
                  confirm.mutate(code.trim(), {
                    onSuccess: (codes) => {
                      setEnrolment(null);
                      setCode('');
                      toast({ title: 'Authenticator app added' });
                      if (codes.length > 0) onCodes(codes);
                    },
                    onError: (err) => {
                      if (err instanceof StepUpCancelled) return;
                      setError(getApiErrorMessage(err) ?? 'The code is not right.');
                    },
                  });
                }}
              >
                <FormField id={`${id}-code`} label="Code from the app" error={error ?? undefined}>
                  {(control) => (
                    <Input
                      {...control}
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      maxLength={6}
                      value={code}
                      onChange={(event) => {
                        setCode(event.target.value);
                        setError(null);
                      }}
                    />
                  )}
                </FormField>
                <div className="flex flex-wrap gap-2">
                  <Button type="submit" disabled={confirm.isPending}>
                    {confirm.isPending ? (
                      <Loader2 className="animate-spin" aria-hidden="true" />
                    ) : (
                      <Check aria-hidden="true" />
                    )}
                    Confirm
                  </Button>
                  <Button type="button" variant="outline" onClick={() => setEnrolment(null)}>
                    Cancel
                  </Button>
                </div>
              </form>
            </div>
          </div>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">Not set up.</p>
            <Button
              type="button"
              className="justify-self-start"
              disabled={overview.readOnly || start.isPending}
              onClick={() =>
                start.mutate(undefined, {
                  onSuccess: (next) => {
                    setEnrolment(next);
                    setError(null);
                  },
                  onError: (err) => toastError(err, 'Failed to start the set-up.'),
                })
              }
            >
              <KeyRound aria-hidden="true" />
              Set up authenticator app
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Recovery codes: how many are left and 'New recovery codes' (after a confirmation). */
