import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, Loader2 } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { toast } from '@/web/hooks/use-toast';
import { getApiErrorMessage, getApiErrorStatus } from '@/web/lib/api';
import { getSecurityQueryOptions, SecondFactorForm, secondFactorEndpoints } from '../../security';
import { getCredentials } from '../api/get-credentials';
import { useVault } from './vault-provider';

/**
 * The password gate of the credential screens (docs/product.md §9.1, §9.2): 'Credentials Access', a
 * Password field and 'Access Credentials'. The server checks the password (`GET
 * /api/admin/credentials` with the vault header): 403 toasts 'Error' / 'Invalid password' and
 * keeps the field; 429 says how long to wait; success toasts 'Access granted' and opens the vault.
 * The typed password is sent directly, outside the query cache, so a wrong one is not kept.
 * Once a second factor exists and 15 minutes passed without vault use, the server asks for the
 * factor again (401 with `details.secondFactor`): the gate then shows the passkey /
 * code step and retries with the same password.
 */
export function VaultGate() {
  const id = React.useId();
  const { unlock } = useVault();
  const inputRef = React.useRef<HTMLInputElement>(null);
  const [value, setValue] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const [pending, setPending] = React.useState(false);
  const [stepUp, setStepUp] = React.useState<{ passkey: boolean; totp: boolean } | null>(null);
  const queryClient = useQueryClient();

  function fail(message: string, title = 'Error') {
    setError(message);
    toast({ variant: 'destructive', title, description: message });
    inputRef.current?.select();
  }

  async function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!value) {
      setError('Password is required');
      inputRef.current?.focus();
      return;
    }
    await open();
  }

  async function open() {
    setPending(true);
    try {
      const credentials = await getCredentials(value);
      unlock(value, credentials);
      toast({ title: 'Access granted' });
    } catch (err) {
      const status = getApiErrorStatus(err);
      if (status === 401 && asksForSecondFactor(err)) {
        const overview = await queryClient.fetchQuery({ ...getSecurityQueryOptions(), staleTime: 0 });
        setStepUp({ passkey: overview.passkeys.length > 0, totp: overview.totp.enabled });
        setPending(false);
      } else if (status === 403) fail('Invalid password');
      else if (status === 429) {
        // The server's text carries the wait ('Try again in N minutes.').
        fail(getApiErrorMessage(err) ?? 'Too many wrong passwords. Try again later.', 'Too many attempts');
      } else fail(getApiErrorMessage(err) ?? 'Failed to open the credentials vault.');
      setPending(false);
    }
  }

  if (stepUp) {
    return (
      <Card className="mx-auto mt-4 w-full max-w-md gap-5 sm:mt-10">
        <CardHeader className="items-center text-center">
          <CardTitle as="h1" className="text-2xl">
            Credentials Access
          </CardTitle>
          <CardDescription>
            The vault was idle for 15 minutes: confirm it is you with your second factor.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <SecondFactorForm
            endpoints={secondFactorEndpoints.vault}
            methods={stepUp}
            onDone={() => {
              setStepUp(null);
              void open();
            }}
          />
        </CardContent>
      </Card>
    );
  }

  return (
    <Card className="mx-auto mt-4 w-full max-w-md gap-5 sm:mt-10">
      <CardHeader className="items-center text-center">
        <span className="mb-2 grid size-12 place-items-center rounded-full bg-linear-to-br from-brand-cyan/25 to-brand-magenta/25 ring-1 ring-white/10">
          <KeyRound className="size-6 text-brand-cyan" aria-hidden="true" />
        </span>
        <CardTitle as="h1" className="text-2xl">
          Credentials Access
        </CardTitle>
        <CardDescription>Enter the vault password to see the stored credentials.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={handleSubmit} className="grid gap-4">
          <FormField id={`${id}-password`} label="Password" error={error ?? undefined}>
            {(control) => (
              <Input
                {...control}
                ref={inputRef}
                type="password"
                autoComplete="off"
                autoFocus
                required
                value={value}
                onChange={(event) => {
                  setValue(event.target.value);
                  setError(null);
                }}
              />
            )}
          </FormField>
          <Button type="submit" variant="gradient" disabled={pending} className="w-full">
            {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            Access Credentials
          </Button>
          <p className="text-center text-xs text-muted-foreground">
            The password stays in this tab's memory only: reloading the page locks the vault again.
          </p>
        </form>
      </CardContent>
    </Card>
  );
}

/** Whether a 401 from the vault asks for the second factor rather than the password. */
function asksForSecondFactor(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  const start = message.indexOf('{');
  if (start === -1) return false;
  try {
    const body = JSON.parse(message.slice(start)) as { details?: { secondFactor?: unknown } };
    return body.details?.secondFactor === true;
  } catch {
    return false;
  }
}
