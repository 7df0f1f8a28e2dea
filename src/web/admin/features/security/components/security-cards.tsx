import {
  Check,
  Copy,
  Fingerprint,
  KeyRound,
  Loader2,
  Pencil,
  Plus,
  RefreshCw,
  Smartphone,
  Trash2,
} from 'lucide-react';
import * as React from 'react';
import type { PasskeySummary, SecurityEvent, SecurityOverview } from '@/shared/security';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { DialogFormFooter, FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { toast } from '@/web/hooks/use-toast';
import { getApiErrorMessage } from '@/web/lib/api';
import type { Answer } from '@/web/lib/api-client';
import { formatDate, formatDateTime } from '@/web/lib/format-date';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import {
  useAddPasskey,
  useConfirmTotp,
  useNewRecoveryCodes,
  useRemovePasskey,
  useRemoveTotp,
  useRenamePasskey,
  useStartTotp,
} from '../api/security-api';
import { StepUpCancelled } from '../api/step-up';

/**
 * Toasts a failed call with the server's message (or the browser's, for a closed passkey prompt);
 * a step-up the owner cancelled is no error.
 */
function toastError(error: unknown, fallback: string) {
  if (error instanceof StepUpCancelled) return;
  const closed = error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
  toast({
    variant: 'destructive',
    title: 'Error',
    description: closed
      ? 'The passkey prompt was closed. Try again.'
      : (getApiErrorMessage(error) ?? fallback),
  });
}

/**
 * The recovery codes, shown once: a numbered list, 'Copy codes', and 'I have saved
 * them' to close. Closing forgets them: the server keeps only hashes.
 */
export function RecoveryCodesDialog({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  const [copied, setCopied] = React.useState(false);
  return (
    <Dialog open={codes.length > 0} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Your recovery codes</DialogTitle>
          <DialogDescription>
            Each code signs in once if you lose your passkey or phone. Keep them somewhere safe: they are not
            shown again.
          </DialogDescription>
        </DialogHeader>
        <ol
          aria-label="Recovery codes"
          className="grid grid-cols-1 gap-2 rounded-xl border border-white/10 bg-white/5 p-4 font-mono text-base min-[360px]:grid-cols-2"
        >
          {codes.map((code) => (
            <li key={code} className="text-center tracking-wider">
              {code}
            </li>
          ))}
        </ol>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            type="button"
            variant="outline"
            onClick={async () => {
              try {
                await navigator.clipboard.writeText(codes.join('\n'));
                setCopied(true);
              } catch {
                toast({
                  variant: 'destructive',
                  title: 'Error',
                  description: 'Copying is not allowed here.',
                });
              }
            }}
          >
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? 'Copied' : 'Copy codes'}
          </Button>
          <Button type="button" onClick={onClose}>
            I have saved them
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** A dialog asking for a passkey's name; `onSubmit` runs with the trimmed name. */
function PasskeyNameDialog({
  open,
  onOpenChange,
  title,
  description,
  initial,
  submitLabel,
  pending,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  initial: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (name: string) => void;
}) {
  const id = React.useId();
  const [name, setName] = React.useState(initial);
  const [error, setError] = React.useState<string | null>(null);
  React.useEffect(() => {
    if (open) {
      setName(initial);
      setError(null);
    }
  }, [open, initial]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            const trimmed = name.trim();
            if (!trimmed) return setError('Name is required.');
            if (trimmed.length > 60) return setError('Name must be at most 60 characters.');
            onSubmit(trimmed);
          }}
        >
          <FormField id={`${id}-name`} label="Name" error={error ?? undefined}>
            {(control) => (
              <Input
                {...control}
                autoFocus
                maxLength={60}
                placeholder="e.g. MacBook Touch ID"
                value={name}
                onChange={(event) => {
                  setName(event.target.value);
                  setError(null);
                }}
              />
            )}
          </FormField>
          <DialogFormFooter submitLabel={submitLabel} pending={pending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

function PasskeyRow({
  passkey,
  readOnly,
  isLastFactor,
}: {
  passkey: PasskeySummary;
  readOnly: boolean;
  isLastFactor: boolean;
}) {
  const [renaming, setRenaming] = React.useState(false);
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-white/10 bg-white/5 p-3">
      <div className="min-w-0 flex-1 basis-52">
        <p className="font-medium break-words [overflow-wrap:anywhere]">{passkey.name}</p>
        <p className="text-xs text-muted-foreground">
          Added {formatDate(passkey.createdAt)} ·{' '}
          {passkey.lastUsedAt ? `last used ${formatDateTime(passkey.lastUsedAt)}` : 'not used yet'}
        </p>
      </div>
      <div className="flex gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={readOnly}
          onClick={() => setRenaming(true)}
          aria-label={`Rename passkey ${passkey.name}`}
        >
          <Pencil aria-hidden="true" />
          Rename
        </Button>
        <ConfirmDialog
          trigger={
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={readOnly || remove.isPending}
              aria-label={`Remove passkey ${passkey.name}`}
            >
              <Trash2 aria-hidden="true" />
              Remove
            </Button>
          }
          title="Remove this passkey?"
          description={
            isLastFactor
              ? `“${passkey.name}” is your last second factor: after removing it, the password alone signs in again and the recovery codes stop working.`
              : `“${passkey.name}” will no longer sign in.`
          }
          confirmLabel="Remove"
          onConfirm={() =>
            remove.mutate(passkey.id, {
              onSuccess: () => toast({ title: 'Passkey removed' }),
              onError: (error) => toastError(error, 'Failed to remove the passkey.'),
            })
          }
        />
      </div>
      <PasskeyNameDialog
        open={renaming}
        onOpenChange={setRenaming}
        title="Rename passkey"
        description="A name that tells you which device or key it is."
        initial={passkey.name}
        submitLabel="Save"
        pending={rename.isPending}
        onSubmit={(name) =>
          rename.mutate(
            { id: passkey.id, name },
            {
              onSuccess: () => {
                setRenaming(false);
                toast({ title: 'Passkey renamed' });
              },
              onError: (error) => toastError(error, 'Failed to rename the passkey.'),
            },
          )
        }
      />
    </li>
  );
}

/** Passkeys: the list (rename, remove with confirmation) and 'Add a passkey'. */
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

const eventLabels: Record<string, string> = {
  'signed-in': 'Signed in',
  failed: 'Failed sign-in',
  'factor-added': 'Factor added',
  'factor-removed': 'Factor removed',
  'recovery-codes': 'New recovery codes',
  'factors-reset': 'Factors reset from the server',
  confirmed: 'Confirmed it is you',
};
const methodLabels: Record<string, string> = {
  password: 'password',
  passkey: 'passkey',
  totp: 'authenticator app',
  'password+totp': 'password + authenticator code',
  'password+passkey': 'password + passkey',
  'password+recovery-code': 'password + recovery code',
  shell: 'shell',
};

function EventItem({ event }: { event: SecurityEvent }) {
  const failed = event.kind === 'failed';
  return (
    <li className="grid gap-1 border-b border-white/10 py-3 last:border-b-0">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant={failed ? 'destructive' : event.kind === 'signed-in' ? 'green' : 'secondary'}>
          {eventLabels[event.kind] ?? event.kind}
        </Badge>
        {event.method ? <span>{methodLabels[event.method] ?? event.method}</span> : null}
        {event.detail ? (
          <span className="text-muted-foreground break-words [overflow-wrap:anywhere]">“{event.detail}”</span>
        ) : null}
      </p>
      <p className="text-xs text-muted-foreground">
        <time dateTime={event.at}>{formatDateTime(event.at)}</time>
        {event.ip ? ` · ${event.ip}` : null}
      </p>
      {event.userAgent ? (
        <p
          className="line-clamp-2 text-xs text-muted-foreground [overflow-wrap:anywhere]"
          title={event.userAgent}
        >
          {event.userAgent}
        </p>
      ) : null}
    </li>
  );
}

/** The latest sign-ins, failures and factor changes (time, address, user agent). */
export function ActivityCard({ events }: { events: SecurityEvent[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Recent sign-in activity</CardTitle>
        <CardDescription>The latest 30 sign-ins, failures and factor changes.</CardDescription>
      </CardHeader>
      <CardContent>
        {events.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing recorded yet.</p>
        ) : (
          <ul aria-label="Sign-in activity">
            {events.map((e) => (
              <EventItem key={e.id} event={e} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
