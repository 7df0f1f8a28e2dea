import { zodResolver } from '@hookform/resolvers/zod';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { type Credential, type CredentialInput, credentialCreateSchema } from '@/shared/credentials';
import { toast } from '@/web/hooks/use-toast';
import { useDeleteCredential } from '../api/delete-credential';
import { useUpdateCredential } from '../api/update-credential';
import { type CredentialFormValues, credentialFormValues } from './credential-form';
import { isVaultRejection } from './vault-provider';

/**
 * The state behind one credential being shown and edited (table row, phone card, or the detail
 * page's card): edit (docs/product.md §9.1: 'Edit', save, cancel; PATCH of every field, 'Credential updated'
 * or 'Error' / 'Failed to update credential'; a blank company name toasts 'Company name is
 * required'; Escape cancels and focus returns to 'Edit'), the password reveal, and delete
 * ('Credential deleted' or 'Failed to delete credential'). A vault rejection (401/403) toasts
 * nothing here: the vault locks and says so.
 */
export function useCredentialEditor(credential: Credential, password: string) {
  const [editing, setEditing] = React.useState(false);
  const [revealed, setRevealed] = React.useState(false);
  const editButton = React.useRef<HTMLButtonElement>(null);
  const returnFocus = React.useRef(false);
  const update = useUpdateCredential();
  const remove = useDeleteCredential();
  const form = useForm<CredentialFormValues, unknown, CredentialInput>({
    resolver: zodResolver(credentialCreateSchema),
  });

  // Back on the Edit button once editing ends, so keyboard users keep their place.
  React.useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  function startEditing() {
    form.reset(credentialFormValues(credential));
    setEditing(true);
  }

  function stopEditing() {
    returnFocus.current = true;
    setEditing(false);
  }

  const save = form.handleSubmit(
    (values) =>
      update.mutate(
        { id: credential.id, update: values, password },
        {
          onSuccess: () => {
            toast({ title: 'Credential updated' });
            stopEditing();
          },
          onError: (error) => {
            if (isVaultRejection(error)) return;
            toast({ variant: 'destructive', title: 'Error', description: 'Failed to update credential' });
          },
        },
      ),
    (invalid) => {
      if (invalid.companyName) {
        toast({ variant: 'destructive', title: 'Error', description: 'Company name is required' });
      }
    },
  );

  function confirmDelete() {
    remove.mutate(
      { id: credential.id, password },
      {
        onSuccess: () => toast({ title: 'Credential deleted' }),
        onError: (error) => {
          if (isVaultRejection(error)) return;
          toast({ variant: 'destructive', title: 'Error', description: 'Failed to delete credential' });
        },
      },
    );
  }

  /** Props of an edit field: its registration, `aria-invalid`, and Escape to cancel. */
  function field(name: keyof CredentialFormValues) {
    return {
      'aria-invalid': form.formState.errors[name] ? (true as const) : undefined,
      onKeyDown: (event: React.KeyboardEvent) => {
        if (event.key === 'Escape') stopEditing();
      },
      ...form.register(name),
    };
  }

  return {
    editing,
    revealed,
    toggleRevealed: () => setRevealed((r) => !r),
    editButton,
    startEditing,
    stopEditing,
    save,
    saving: update.isPending,
    confirmDelete,
    deleting: remove.isPending,
    errors: form.formState.errors,
    field,
  };
}

/** What {@link useCredentialEditor} gives a row or a card. */
export type CredentialEditor = ReturnType<typeof useCredentialEditor>;
