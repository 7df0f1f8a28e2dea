import { Fingerprint, Loader2, ShieldCheck } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { toast } from '@/web/hooks/use-toast';
import { getApiErrorMessage } from '@/web/lib/api';
import { callApi } from '@/web/lib/api-client';
import { provePasskey, type SecondFactorEndpoints } from '../api/security-api';

/** The browser's own message when the passkey prompt was dismissed or timed out. */
function passkeyErrorMessage(error: unknown): string {
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) {
    return 'The passkey prompt was closed. Try again.';
  }
  return getApiErrorMessage(error) ?? 'The passkey was not accepted.';
}

/**
 * The second step (decision 024): 'Use a passkey', an 'Authenticator code' field, and — where
 * `endpoints.recovery` is set (sign-in) — 'Use a recovery code'. Calls `onDone` once the server
 * accepted one; errors are toasted and shown under the field.
 */
export function SecondFactorForm({
  endpoints,
  methods,
  onDone,
}: {
  endpoints: SecondFactorEndpoints;
  methods: { passkey: boolean; totp: boolean };
  onDone: () => void;
}) {
  const id = React.useId();
  const initialMode = methods.totp ? 'totp' : 'none';
  const [mode, setMode] = React.useState<'totp' | 'recovery' | 'none'>(initialMode);
  const [code, setCode] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const [pending, setPending] = React.useState<'passkey' | 'code' | null>(null);
  const inputRef = React.useRef<HTMLInputElement>(null);
  const showCodeForm = mode !== 'none';

  function fail(message: string) {
    setError(message);
    toast({ variant: 'destructive', title: 'Error', description: message });
  }

  async function signWithPasskey() {
    setPending('passkey');
    setError(null);
    try {
      await provePasskey(endpoints);
      onDone();
    } catch (err) {
      fail(passkeyErrorMessage(err));
    } finally {
      setPending(null);
    }
  }

  async function submitCode(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!code.trim()) {
      setError('Code is required.');
      inputRef.current?.focus();
      return;
    }
    const endpoint = mode === 'recovery' && endpoints.recovery ? endpoints.recovery : endpoints.totp;
    setPending('code');
    try {
      await callApi(endpoint, { body: { code } });
      onDone();
    } catch (err) {
      fail(getApiErrorMessage(err) ?? 'Invalid code');
      inputRef.current?.select();
    } finally {
      setPending(null);
    }
  }

  return (
    <div className="grid gap-5">
      {methods.passkey ? (
        <Button
          type="button"
          variant="gradient"
          size="lg"
          onClick={signWithPasskey}
          disabled={pending !== null}
        >
          {pending === 'passkey' ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Fingerprint aria-hidden="true" />
          )}
          Use a passkey
        </Button>
      ) : null}
      {showCodeForm ? (
        <form noValidate onSubmit={submitCode} className="grid gap-4">
          <FormField
            id={`${id}-code`}
            label={mode === 'recovery' ? 'Recovery code' : 'Authenticator code'}
            error={error ?? undefined}
          >
            {(control) => (
              <Input
                {...control}
                ref={inputRef}
                name="code"
                autoComplete="one-time-code"
                inputMode={mode === 'recovery' ? 'text' : 'numeric'}
                placeholder={mode === 'recovery' ? 'XXXXX-XXXXX' : '123456'}
                autoFocus={!methods.passkey || mode === 'recovery'}
                value={code}
                onChange={(event) => {
                  setCode(event.target.value);
                  setError(null);
                }}
              />
            )}
          </FormField>
          <Button
            type="submit"
            variant={methods.passkey ? 'outline' : 'gradient'}
            disabled={pending !== null}
          >
            {pending === 'code' ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <ShieldCheck aria-hidden="true" />
            )}
            Verify
          </Button>
        </form>
      ) : null}
      {endpoints.recovery !== null ? (
        <Button
          type="button"
          variant="link"
          className="justify-self-center whitespace-normal"
          onClick={() => {
            setMode(mode === 'recovery' ? initialMode : 'recovery');
            setCode('');
            setError(null);
          }}
        >
          {mode !== 'recovery'
            ? 'Use a recovery code'
            : methods.totp
              ? 'Use the authenticator app instead'
              : 'Hide the recovery code field'}
        </Button>
      ) : null}
    </div>
  );
}
