import { Check, Pencil, Trash2, X } from 'lucide-react';
import type { Credential } from '@/shared/credentials';
import { Button } from '@/web/components/ui/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CopyButton } from './copy-button';
import { RevealToggle, SecretValue } from './secret-value';
import type { CredentialEditor } from './use-credential-editor';

/** A value the credential does not have: a dash, read as 'None'. */
export function EmptyValue() {
  return (
    <span className="text-muted-foreground">
      <span aria-hidden="true">—</span>
      <span className="sr-only">None</span>
    </span>
  );
}

/** The email with its 'Copy email' button. */
export function EmailValue({ credential }: { credential: Credential }) {
  if (!credential.email) return <EmptyValue />;
  return (
    <div className="flex items-start gap-1">
      <span className="min-w-0 flex-1 pt-1.5 [overflow-wrap:anywhere]">{credential.email}</span>
      <CopyButton value={credential.email} label="email" />
    </div>
  );
}

/** The password, masked until 'Show password', with its 'Copy password' button. */
export function PasswordValue({
  credential,
  editor,
  id,
}: {
  credential: Credential;
  editor: CredentialEditor;
  id: string;
}) {
  if (!credential.password) return <EmptyValue />;
  return (
    <div className="flex items-start gap-1">
      <SecretValue id={id} value={credential.password} revealed={editor.revealed} className="flex-1 pt-1.5" />
      <RevealToggle revealed={editor.revealed} onToggle={editor.toggleRevealed} controls={id} />
      <CopyButton value={credential.password} label="password" />
    </div>
  );
}

/** The connectors (API keys, tokens), clamped to three lines, with 'Copy connectors'. */
export function ConnectorsValue({ credential }: { credential: Credential }) {
  if (!credential.connectors) return <EmptyValue />;
  return (
    <div className="flex items-start gap-1">
      <span className="line-clamp-3 min-w-0 flex-1 whitespace-pre-wrap pt-1.5 font-mono text-xs leading-5 text-foreground/85 [overflow-wrap:anywhere]">
        {credential.connectors}
      </span>
      <CopyButton value={credential.connectors} label="connectors" />
    </div>
  );
}

/** The notes, clamped to three lines (the detail shows them whole). */
export function NotesValue({ credential }: { credential: Credential }) {
  if (!credential.notes) return <EmptyValue />;
  return (
    <span className="line-clamp-3 whitespace-pre-wrap wrap-anywhere text-foreground/85">
      {credential.notes}
    </span>
  );
}

/**
 * 'Edit' and 'Delete' of one credential; both are described by the company name (`describedBy`)
 * so a screen reader says which one. Delete asks 'Are you sure you want to delete this
 * credential?' first.
 */
export function ViewActions({ editor, describedBy }: { editor: CredentialEditor; describedBy: string }) {
  return (
    <div className="flex justify-end gap-1">
      <Button
        ref={editor.editButton}
        variant="ghost"
        size="icon"
        className="size-8 text-muted-foreground hover:text-foreground"
        aria-label="Edit"
        aria-describedby={describedBy}
        onClick={editor.startEditing}
      >
        <Pencil aria-hidden="true" />
      </Button>
      <ConfirmDialog
        title="Delete credential"
        description="Are you sure you want to delete this credential?"
        onConfirm={editor.confirmDelete}
        trigger={
          <Button
            variant="ghost"
            size="icon"
            className="size-8 text-muted-foreground hover:text-red-300"
            aria-label="Delete"
            aria-describedby={describedBy}
            disabled={editor.deleting}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        }
      />
    </div>
  );
}

/** 'Save' (submits the form `formId`) and 'Cancel' while a credential is edited in place. */
export function EditActions({ editor, formId }: { editor: CredentialEditor; formId: string }) {
  return (
    <div className="flex justify-end gap-1">
      <Button
        type="submit"
        form={formId}
        size="icon"
        className="size-8"
        aria-label="Save"
        disabled={editor.saving}
      >
        <Check aria-hidden="true" />
      </Button>
      <Button
        type="button"
        variant="outline"
        size="icon"
        className="size-8"
        aria-label="Cancel"
        onClick={editor.stopEditing}
      >
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}
