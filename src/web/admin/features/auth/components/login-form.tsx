import { Fingerprint, FlaskConical, Home, Loader2, LogIn } from 'lucide-react';
import * as React from 'react';
import { useNavigate } from 'react-router';
import type { LoginRequest } from '@/shared/auth';
import { DEMO_ADMIN } from '@/shared/demo-admin';
import type { SecondFactorNeeded } from '@/shared/security';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { toast } from '@/web/hooks/use-toast';
import { getApiErrorMessage } from '@/web/lib/api';
import { toastFailure } from '@/web/lib/toast-failure';
import { provePasskey, SecondFactorForm, secondFactorEndpoints } from '../../security';
import { useAdminCheck } from '../api/get-admin-check';
import { useLogin, useMarkSignedIn } from '../api/login';

/** Pause between the success toast and moving to the dashboard (docs/product.md §14.1). */
const POST_LOGIN_DELAY_MS = 100;

/**
 * The 'Admin Login' form (docs/product.md §4.1): username and password (both required),
 * 'Login' ('Logging in...' while pending), 'Back Home', and — only in demo mode, as the server's
 * check says — 'Login as Admin (Test)' with the built-in test pair. Outside demo mode 'Sign in
 * with a passkey' signs in with a passkey alone; once a factor exists a right password leads to
 * the second step (decision 024).
 */
export function LoginForm() {
  const id = React.useId();
  const navigate = useNavigate();
  const check = useAdminCheck();
  const login = useLogin();
  const markSignedIn = useMarkSignedIn();
  const [username, setUsername] = React.useState('');
  const [password, setPassword] = React.useState('');
  const [secondStep, setSecondStep] = React.useState<SecondFactorNeeded | null>(null);
  const [passkeyPending, setPasskeyPending] = React.useState(false);
  const demoMode = check.data?.demoMode === true;

  async function signedIn() {
    markSignedIn();
    toast({ title: 'Success', description: 'Logged in successfully' });
    await new Promise((resolve) => setTimeout(resolve, POST_LOGIN_DELAY_MS));
    navigate('/admin');
  }

  async function signInWithPasskey() {
    setPasskeyPending(true);
    try {
      await provePasskey(secondFactorEndpoints.login);
      await signedIn();
    } catch (error) {
      const closed =
        error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
      toast({
        variant: 'destructive',
        title: 'Error',
        description: closed
          ? 'The passkey prompt was closed. Try again.'
          : (getApiErrorMessage(error) ?? 'The passkey was not accepted.'),
      });
    } finally {
      setPasskeyPending(false);
    }
  }

  function signIn(credentials: LoginRequest) {
    login.mutate(credentials, {
      onSuccess: async (factors) => {
        if (factors) {
          setSecondStep(factors);
          setPassword('');
          return;
        }
        await signedIn();
      },
      onError: (error) => {
        // Spec §8: the error's message, or 'Invalid credentials' when there is none. The JSON
        // `error` field is preferred over the raw "401: {…}" text.
        toastFailure(error, 'Invalid credentials');
      },
    });
  }

  if (secondStep) {
    return (
      <div className="grid gap-5">
        <p className="text-sm text-muted-foreground">
          Password accepted. Confirm it is you with{' '}
          {secondStep.passkey && secondStep.totp
            ? 'a passkey or your authenticator app'
            : secondStep.passkey
              ? 'your passkey'
              : 'the code from your authenticator app'}
          .
        </p>
        <SecondFactorForm endpoints={secondFactorEndpoints.login} methods={secondStep} onDone={signedIn} />
        <Button type="button" variant="outline" onClick={() => setSecondStep(null)}>
          Start over
        </Button>
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      <form
        className="grid gap-5"
        onSubmit={(event) => {
          event.preventDefault();
          signIn({ username, password });
        }}
      >
        <div className="grid gap-2">
          <Label htmlFor={`${id}-username`}>Username</Label>
          <Input
            id={`${id}-username`}
            name="username"
            autoComplete="username"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            required
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-password`}>Password</Label>
          <Input
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            required
          />
        </div>
        <Button type="submit" variant="gradient" size="lg" disabled={login.isPending}>
          {login.isPending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <LogIn aria-hidden="true" />
          )}
          {login.isPending ? 'Logging in...' : 'Login'}
        </Button>
        <Button type="button" variant="outline" onClick={() => window.location.assign('/')}>
          <Home aria-hidden="true" />
          Back Home
        </Button>
      </form>
      {demoMode || check.isPending ? null : (
        <Button type="button" variant="secondary" onClick={signInWithPasskey} disabled={passkeyPending}>
          {passkeyPending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Fingerprint aria-hidden="true" />
          )}
          Sign in with a passkey
        </Button>
      )}
      {demoMode ? (
        <div className="grid gap-3 rounded-xl border border-brand-magenta/30 bg-brand-magenta/10 p-4">
          <p className="flex items-start gap-2 text-sm text-fuchsia-100">
            <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              Demo mode: no admin credentials are configured, so a built-in test account is enabled.
            </span>
          </p>
          <Button
            type="button"
            variant="secondary"
            disabled={login.isPending}
            onClick={() => signIn(DEMO_ADMIN)}
          >
            Login as Admin (Test)
          </Button>
        </div>
      ) : null}
    </div>
  );
}
