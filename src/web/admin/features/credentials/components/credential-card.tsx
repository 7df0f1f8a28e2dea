import * as React from 'react';
import { Link } from 'react-router';
import type { Credential } from '@/shared/credentials';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { ConnectorsValue, EmailValue, NotesValue, PasswordValue, ViewActions } from './credential-values';
import { PasswordInput } from './secret-value';
import { useCredentialEditor } from './use-credential-editor';

/** One labelled value of a card. */
function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

/**
 * One credential as a card, the phone layout of the unlocked list (below `md`, where six table
 * columns do not fit): the same values, copy buttons, reveal, inline edit and delete as
 * {@link CredentialRow}, with the fields stacked and labelled.
 */
export function CredentialCard({ credential, password }: { credential: Credential; password: string }) {
  const id = React.useId();
  const headingId = `${id}-heading`;
  const passwordId = `${id}-password`;
  const editor = useCredentialEditor(credential, password);
  const { editing, errors } = editor;

  return (
    <article
      aria-labelledby={headingId}
      className="grid gap-4 rounded-2xl border border-white/10 bg-card/80 p-4 shadow-lg shadow-black/10"
    >
      {editing ? (
        <form noValidate onSubmit={editor.save} className="grid gap-3">
          <h3 id={headingId} className="sr-only">
            {credential.companyName}
          </h3>
          <FormField id={`${id}-company`} label="Company name" error={errors.companyName?.message}>
            {(control) => (
              <Input {...control} autoComplete="off" required autoFocus {...editor.field('companyName')} />
            )}
          </FormField>
          <FormField id={`${id}-email`} label="Email">
            {(control) => <Input {...control} autoComplete="off" {...editor.field('email')} />}
          </FormField>
          <FormField id={passwordId} label="Password">
            {(control) => (
              <PasswordInput
                {...control}
                revealed={editor.revealed}
                onToggle={editor.toggleRevealed}
                {...editor.field('password')}
              />
            )}
          </FormField>
          <FormField id={`${id}-connectors`} label="Connectors">
            {(control) => (
              <Textarea
                {...control}
                className="min-h-20 font-mono md:text-xs"
                spellCheck={false}
                {...editor.field('connectors')}
              />
            )}
          </FormField>
          <FormField id={`${id}-notes`} label="Notes">
            {(control) => <Textarea {...control} className="min-h-20" {...editor.field('notes')} />}
          </FormField>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" size="sm" onClick={editor.stopEditing}>
              Cancel
            </Button>
            <Button type="submit" variant="gradient" size="sm" disabled={editor.saving}>
              Save
            </Button>
          </div>
        </form>
      ) : (
        <>
          <div className="flex items-start justify-between gap-3">
            <h3 id={headingId} className="min-w-0 pt-1 text-base font-semibold wrap-anywhere">
              <Link
                to={`/admin/credentials/${credential.id}`}
                className="rounded-sm text-brand-cyan underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                {credential.companyName}
              </Link>
            </h3>
            <ViewActions editor={editor} describedBy={headingId} />
          </div>
          <dl className="grid gap-3 text-sm">
            <Item label="Email">
              <EmailValue credential={credential} />
            </Item>
            <Item label="Password">
              <PasswordValue credential={credential} editor={editor} id={passwordId} />
            </Item>
            <Item label="Connectors">
              <ConnectorsValue credential={credential} />
            </Item>
            <Item label="Notes">
              <NotesValue credential={credential} />
            </Item>
          </dl>
        </>
      )}
    </article>
  );
}
