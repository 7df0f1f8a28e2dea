import { KeySquare, Trash2 } from 'lucide-react';
import * as React from 'react';
import { type ApiToken, type TokenScope, tokenScopeLabels } from '@/shared/tokens';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { NativeSelect } from '@/web/components/ui/native-select';
import { toast } from '@/web/hooks/use-toast';
import { endOfLocalDayIso, formatDate, formatDateTime } from '@/web/lib/format-date';
import { toastFailure } from '@/web/lib/toast-failure';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { InlineError, InlineLoading } from '../../components/query-state';
import { useCreateToken, useRevokeToken, useTokens } from './integrations-api';
import { ShownOnce } from './shown-once';

function TokenRow({ token }: { token: ApiToken }) {
  const revoke = useRevokeToken();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-white/10 bg-white/5 p-3">
      <div className="min-w-0 flex-1 basis-52">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="break-words [overflow-wrap:anywhere]" dir="auto">
            {token.name}
          </span>
          <Badge variant={token.scope === 'write' ? 'magenta' : 'cyan'}>
            {tokenScopeLabels[token.scope]}
          </Badge>
        </p>
        <p className="text-xs text-muted-foreground">
          Created <time dateTime={token.createdAt}>{formatDate(token.createdAt)}</time> ·{' '}
          {token.expiresAt ? (
            <>
              expires <time dateTime={token.expiresAt}>{formatDate(token.expiresAt)}</time>
            </>
          ) : (
            'never expires'
          )}{' '}
          · last used{' '}
          {token.lastUsedAt ? (
            <time dateTime={token.lastUsedAt}>{formatDateTime(token.lastUsedAt)}</time>
          ) : (
            'never'
          )}
        </p>
      </div>
      <ConfirmDialog
        trigger={
          <Button type="button" variant="outline" size="sm" aria-label={`Revoke ${token.name}`}>
            <Trash2 aria-hidden="true" />
            Revoke
          </Button>
        }
        title="Revoke this token?"
        description={`Tools using "${token.name}" can no longer call the API. This cannot be undone.`}
        confirmLabel="Revoke"
        onConfirm={() =>
          revoke.mutate(token.id, {
            onSuccess: () => toast({ title: 'Token revoked' }),
            onError: (error) => toastFailure(error, 'Failed to revoke the token.'),
          })
        }
      />
    </li>
  );
}

/**
 * API tokens (decision 065): the list with scope, expiry and last use, Revoke (after a
 * confirmation), and a form that makes one and shows it once.
 */
export function TokensCard() {
  const tokens = useTokens();
  const create = useCreateToken();
  const [shown, setShown] = React.useState<string | null>(null);
  const [error, setError] = React.useState<string | null>(null);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get('name') ?? '').trim();
    if (!name) {
      setError('Name is required');
      return;
    }
    setError(null);
    const expiry = String(form.get('expiresAt') ?? '');
    const target = event.currentTarget;
    create.mutate(
      {
        name,
        scope: String(form.get('scope')) as TokenScope,
        expiresAt: expiry ? endOfLocalDayIso(expiry) : null,
      },
      {
        onSuccess: (made) => {
          setShown(made.token);
          target.reset();
          toast({ title: 'Token created' });
        },
        onError: (e) => toastFailure(e, 'Failed to create the token.'),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <KeySquare className="size-5 text-brand-cyan" aria-hidden="true" />
          API tokens
        </CardTitle>
        <CardDescription>
          For Zapier, n8n or a script: send <code>Authorization: Bearer &lt;token&gt;</code>. A token cannot
          open the credentials vault, security settings or other tokens.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {shown ? <ShownOnce label="Your new token" value={shown} onDone={() => setShown(null)} /> : null}
        <form onSubmit={onSubmit} aria-label="New API token" className="grid gap-3 sm:grid-cols-2" noValidate>
          <div className="grid gap-1.5 sm:col-span-2">
            <Label htmlFor="token-name">Name</Label>
            <Input
              id="token-name"
              name="name"
              maxLength={80}
              placeholder="Zapier"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'token-name-error' : undefined}
            />
            {error ? (
              <p id="token-name-error" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="token-scope">Scope</Label>
            <NativeSelect id="token-scope" name="scope" defaultValue="read">
              <option value="read">{tokenScopeLabels.read}</option>
              <option value="write">{tokenScopeLabels.write}</option>
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="token-expiry">Expires (optional)</Label>
            <Input id="token-expiry" name="expiresAt" type="date" />
          </div>
          <Button type="submit" className="justify-self-start" disabled={create.isPending}>
            Create token
          </Button>
        </form>
        {tokens.isError ? <InlineError error={tokens.error} fallback="Failed to load the tokens." /> : null}
        {tokens.isPending ? <InlineLoading /> : null}
        {tokens.data ? (
          tokens.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">No tokens yet.</p>
          ) : (
            <ul aria-label="API tokens" className="grid gap-2">
              {tokens.data.map((t) => (
                <TokenRow key={t.id} token={t} />
              ))}
            </ul>
          )
        ) : null}
      </CardContent>
    </Card>
  );
}
