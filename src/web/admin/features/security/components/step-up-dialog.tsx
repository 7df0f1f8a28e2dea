import { Fingerprint, Loader2, ShieldCheck } from 'lucide-react';
import * as React from 'react';
import type { SecurityOverview } from '@/shared/security';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { getApiErrorMessage } from '@/web/lib/api';
import { StepUpCancelled, StepUpContext, stepUp } from '../api/step-up';

interface Waiting {
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * Provides the step-up prompt to the Security screen (decision 036) and shows it when asked: the
 * password, then the account's factor (a code from the authenticator app or a recovery code, or
 * 'Use a passkey'). Closing it cancels the change that asked.
 */
export function StepUpDialog({
  overview,
  children,
}: {
  overview: Pick<SecurityOverview, 'passkeys' | 'totp'>;
  children: React.ReactNode;
}) {
  const id = React.useId();
  const waiting = React.useRef<Waiting | null>(null);
  const [open, setOpen] = React.useState(false);
  const [password, setPassword] = React.useState('');
  const [code, setCode] = React.useState('');
  const [error, setError] = React.useState<{ field: 'password' | 'code'; message: string } | null>(null);
  const [pending, setPending] = React.useState<'code' | 'passkey' | null>(null);
  const hasPasskey = overview.passkeys.length > 0;
  const hasFactor = hasPasskey || overview.totp.enabled;

  const requestStepUp = React.useCallback(
    () =>
      new Promise<void>((resolve, reject) => {
        waiting.current?.reject(new StepUpCancelled());
        waiting.current = { resolve, reject };
        setPassword('');
        setCode('');
        setError(null);
        setOpen(true);
      }),
    [],
  );

  function close(done: boolean) {
    const current = waiting.current;
    waiting.current = null;
    setOpen(false);
    setPassword('');
    setCode('');
    if (done) current?.resolve();
    else current?.reject(new StepUpCancelled());
  }

  async function submit(withPasskey: boolean) {
    if (!password) return setError({ field: 'password', message: 'Password is required.' });
    if (hasFactor && !withPasskey && !code.trim()) {
      return setError({ field: 'code', message: 'Code is required.' });
    }
    setPending(withPasskey ? 'passkey' : 'code');
    setError(null);
    try {
      await stepUp({ password, code: withPasskey ? undefined : code.trim(), passkey: withPasskey });
      close(true);
    } catch (err) {
      const closed = err instanceof Error && (err.name === 'NotAllowedError' || err.name === 'AbortError');
      const message = closed
        ? 'The passkey prompt was closed. Try again.'
        : (getApiErrorMessage(err) ?? 'Try again.');
      setError({ field: /password/i.test(message) ? 'password' : 'code', message });
    } finally {
      setPending(null);
    }
  }

  return (
    <StepUpContext.Provider value={requestStepUp}>
      {children}
      <Dialog open={open} onOpenChange={(next) => (next ? null : close(false))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Confirm it is you</DialogTitle>
            <DialogDescription>
              {hasFactor
                ? 'Enter your password and your second factor again. For 5 minutes after that you can change how you sign in and sign other browsers out.'
                : 'Enter your password again. For 5 minutes after that you can change how you sign in and sign other browsers out.'}
            </DialogDescription>
          </DialogHeader>
          <form
            noValidate
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              void submit(false);
            }}
          >
            <FormField
              id={`${id}-password`}
              label="Password"
              error={error?.field === 'password' ? error.message : undefined}
            >
              {(control) => (
                <Input
                  {...control}
                  type="password"
                  name="password"
                  autoComplete="current-password"
                  autoFocus
                  value={password}
                  onChange={(event) => {
                    setPassword(event.target.value);
                    setError(null);
                  }}
                />
              )}
            </FormField>
            {hasFactor ? (
              <FormField
                id={`${id}-code`}
                label={overview.totp.enabled ? 'Authenticator or recovery code' : 'Recovery code'}
                error={error?.field === 'code' ? error.message : undefined}
              >
                {(control) => (
                  <Input
                    {...control}
                    name="code"
                    autoComplete="one-time-code"
                    placeholder={overview.totp.enabled ? '123456' : 'XXXXX-XXXXX'}
                    maxLength={40}
                    value={code}
                    onChange={(event) => {
                      setCode(event.target.value);
                      setError(null);
                    }}
                  />
                )}
              </FormField>
            ) : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              {hasPasskey ? (
                <Button
                  type="button"
                  variant="outline"
                  disabled={pending !== null}
                  onClick={() => void submit(true)}
                >
                  {pending === 'passkey' ? (
                    <Loader2 className="animate-spin" aria-hidden="true" />
                  ) : (
                    <Fingerprint aria-hidden="true" />
                  )}
                  Use a passkey
                </Button>
              ) : null}
              <Button type="submit" disabled={pending !== null}>
                {pending === 'code' ? (
                  <Loader2 className="animate-spin" aria-hidden="true" />
                ) : (
                  <ShieldCheck aria-hidden="true" />
                )}
                Confirm
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </StepUpContext.Provider>
  );
}
