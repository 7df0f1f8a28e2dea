import * as React from 'react';
import { Link } from 'react-router';
import type { Credential } from '@/shared/credentials';
import { FieldError } from '@/web/components/ui/field-error';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import {
  ConnectorsValue,
  EditActions,
  EmailValue,
  NotesValue,
  PasswordValue,
  ViewActions,
} from './credential-values';
import { PasswordInput } from './secret-value';
import { useCredentialEditor } from './use-credential-editor';

const cell = 'px-3 py-3 align-top';
const inputClass = 'h-9 md:text-sm';

/**
 * One row of the unlocked credentials table (docs/product.md §9.1): the company name links to
 * its detail; email, password (masked until 'Show password') and connectors each have a copy
 * button. 'Edit' turns the cells into fields, submitted with 'Save' or dropped with 'Cancel'
 * (or Escape); 'Delete' asks first. A `<form>` cannot wrap a table row, so the fields join the
 * form in the Actions cell through their `form` attribute.
 */
export function CredentialRow({ credential, password }: { credential: Credential; password: string }) {
  const id = React.useId();
  const formId = `${id}-form`;
  const companyId = `${id}-company`;
  const passwordId = `${id}-password`;
  const editor = useCredentialEditor(credential, password);
  const { editing, errors } = editor;

  return (
    <tr className="border-t border-white/10 transition-colors hover:bg-white/[0.03]">
      <th scope="row" className={`${cell} text-left font-medium`}>
        {editing ? (
          <>
            <Input
              form={formId}
              className={inputClass}
              aria-label="Company name"
              aria-describedby={errors.companyName ? `${companyId}-error` : undefined}
              autoComplete="off"
              required
              autoFocus
              {...editor.field('companyName')}
            />
            <FieldError id={`${companyId}-error`} className="mt-1 font-normal">
              {errors.companyName?.message}
            </FieldError>
          </>
        ) : (
          <Link
            id={companyId}
            to={`/admin/credentials/${credential.id}`}
            className="inline-block pt-1.5 wrap-anywhere rounded-sm text-brand-cyan underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {credential.companyName}
          </Link>
        )}
      </th>
      <td className={cell}>
        {editing ? (
          <Input
            form={formId}
            className={inputClass}
            aria-label="Email"
            autoComplete="off"
            {...editor.field('email')}
          />
        ) : (
          <EmailValue credential={credential} />
        )}
      </td>
      <td className={cell}>
        {editing ? (
          <PasswordInput
            id={passwordId}
            form={formId}
            className={inputClass}
            aria-label="Password"
            revealed={editor.revealed}
            onToggle={editor.toggleRevealed}
            {...editor.field('password')}
          />
        ) : (
          <PasswordValue credential={credential} editor={editor} id={passwordId} />
        )}
      </td>
      <td className={cell}>
        {editing ? (
          <Textarea
            form={formId}
            className="min-h-9 font-mono md:text-xs"
            aria-label="Connectors"
            spellCheck={false}
            {...editor.field('connectors')}
          />
        ) : (
          <ConnectorsValue credential={credential} />
        )}
      </td>
      <td className={cell}>
        {editing ? (
          <Textarea
            form={formId}
            className="min-h-9 md:text-sm"
            aria-label="Notes"
            {...editor.field('notes')}
          />
        ) : (
          <div className="pt-1.5">
            <NotesValue credential={credential} />
          </div>
        )}
      </td>
      <td className={cell}>
        {editing ? (
          <form id={formId} noValidate onSubmit={editor.save}>
            <EditActions editor={editor} formId={formId} />
          </form>
        ) : (
          <ViewActions editor={editor} describedBy={companyId} />
        )}
      </td>
    </tr>
  );
}
