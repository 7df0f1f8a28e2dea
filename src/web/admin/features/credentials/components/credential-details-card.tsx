import { Pencil } from 'lucide-react';
import * as React from 'react';
import type { Credential } from '@/shared/credentials';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { CopyButton } from './copy-button';
import { PasswordInput, RevealToggle, SecretValue } from './secret-value';
import { useCredentialEditor } from './use-credential-editor';

/** One labelled value of the details list, with its copy button when it has one. */
function DetailItem({
  label,
  children,
  actions,
}: {
  label: string;
  children: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <div className="grid gap-1.5 border-t border-white/10 pt-4 first:border-t-0 first:pt-0">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="flex min-w-0 items-start gap-1">
        <div className="min-w-0 flex-1 pt-1.5">{children}</div>
        {actions}
      </dd>
    </div>
  );
}

function None() {
  return <span className="text-sm text-muted-foreground">Not set</span>;
}

/**
 * The details of one credential (docs/product.md §9.1): email, password (masked until
 * 'Show password'), 'API Keys / Connectors' and notes, each with a copy button where it makes
 * sense. 'Edit' turns the card into a form (Company Name * and the four fields) with 'Save'
 * (toasts 'Credential updated' or 'Error' / 'Failed to update credential') and 'Cancel'.
 */
export function CredentialDetailsCard({
  credential,
  password,
}: {
  credential: Credential;
  password: string;
}) {
  const id = React.useId();
  const editor = useCredentialEditor(credential, password);
  const { errors } = editor;

  const passwordId = `${id}-password`;

  return (
    <Card className="gap-5">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle as="h2">Credential</CardTitle>
        {editor.editing ? null : (
          <Button ref={editor.editButton} variant="outline" size="sm" onClick={editor.startEditing}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {editor.editing ? (
          <form noValidate onSubmit={editor.save} className="grid gap-4">
            <FormField id={`${id}-company`} label="Company Name *" error={errors.companyName?.message}>
              {(control) => (
                <Input {...control} autoComplete="off" required autoFocus {...editor.field('companyName')} />
              )}
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id={`${id}-email`} label="Email" error={errors.email?.message}>
                {(control) => <Input {...control} autoComplete="off" {...editor.field('email')} />}
              </FormField>
              <FormField id={passwordId} label="Password" error={errors.password?.message}>
                {(control) => (
                  <PasswordInput
                    {...control}
                    revealed={editor.revealed}
                    onToggle={editor.toggleRevealed}
                    {...editor.field('password')}
                  />
                )}
              </FormField>
            </div>
            <FormField
              id={`${id}-connectors`}
              label="API Keys / Connectors"
              error={errors.connectors?.message}
            >
              {(control) => (
                <Textarea
                  {...control}
                  className="min-h-24 font-mono md:text-xs"
                  spellCheck={false}
                  {...editor.field('connectors')}
                />
              )}
            </FormField>
            <FormField id={`${id}-notes`} label="Notes" error={errors.notes?.message}>
              {(control) => <Textarea {...control} className="min-h-20" {...editor.field('notes')} />}
            </FormField>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={editor.stopEditing}>
                Cancel
              </Button>
              <Button type="submit" variant="gradient" disabled={editor.saving}>
                Save
              </Button>
            </div>
          </form>
        ) : (
          <dl className="grid gap-4">
            <DetailItem
              label="Email"
              actions={credential.email ? <CopyButton value={credential.email} label="email" /> : null}
            >
              {credential.email ? <span className="break-all text-sm">{credential.email}</span> : <None />}
            </DetailItem>
            <DetailItem
              label="Password"
              actions={
                credential.password ? (
                  <>
                    <RevealToggle
                      revealed={editor.revealed}
                      onToggle={editor.toggleRevealed}
                      controls={passwordId}
                    />
                    <CopyButton value={credential.password} label="password" />
                  </>
                ) : null
              }
            >
              {credential.password ? (
                <SecretValue id={passwordId} value={credential.password} revealed={editor.revealed} />
              ) : (
                <None />
              )}
            </DetailItem>
            <DetailItem
              label="API Keys / Connectors"
              actions={
                credential.connectors ? <CopyButton value={credential.connectors} label="connectors" /> : null
              }
            >
              {credential.connectors ? (
                <pre className="whitespace-pre-wrap break-all rounded-lg bg-black/25 p-3 font-mono text-xs leading-5">
                  {credential.connectors}
                </pre>
              ) : (
                <None />
              )}
            </DetailItem>
            <DetailItem label="Notes">
              {credential.notes ? (
                <p className="whitespace-pre-wrap wrap-anywhere text-sm leading-relaxed">
                  {credential.notes}
                </p>
              ) : (
                <None />
              )}
            </DetailItem>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
