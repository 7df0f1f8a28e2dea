import { Plus } from 'lucide-react';
import * as React from 'react';
import { credentialCreateSchema } from '@/shared/credentials';
import { Button } from '@/web/components/ui/button';
import { DialogFormFooter, FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { toast } from '@/web/hooks/use-toast';
import { FormDialog } from '../../../components/form-dialog';
import { useDialogForm } from '../../../hooks/use-dialog-form';
import { useCreateCredential } from '../api/create-credential';
import { emptyCredentialForm } from './credential-form';
import { PasswordInput } from './secret-value';
import { isVaultRejection } from './vault-provider';

/**
 * 'Add Credential' (docs/product.md §9.1): Company Name * (blank: 'Company name is required'
 * on the field and as a toast), Email, Password, Connectors, Notes; empty optional fields are
 * left out of the payload. Success toasts 'Credential added' and closes; failure toasts 'Error' /
 * 'Failed to add credential' (docs/product.md §9.1), unless the vault rejected the password (it locks).
 */
export function AddCredentialDialog({ password }: { password: string }) {
  const id = React.useId();
  const [revealed, setRevealed] = React.useState(false);
  const create = useCreateCredential();
  const { open, onOpenChange, form, errors } = useDialogForm(
    credentialCreateSchema,
    emptyCredentialForm,
    () => setRevealed(false),
  );

  const onSubmit = form.handleSubmit(
    (credential) =>
      create.mutate(
        { credential, password },
        {
          onSuccess: () => {
            toast({ title: 'Credential added' });
            onOpenChange(false);
          },
          onError: (error) => {
            if (isVaultRejection(error)) return;
            toast({ variant: 'destructive', title: 'Error', description: 'Failed to add credential' });
          },
        },
      ),
    (invalid) => {
      if (invalid.companyName) {
        toast({ variant: 'destructive', title: 'Error', description: 'Company name is required' });
      }
    },
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Credential"
      description="Only the company name is required. Email, password, connectors and notes are stored encrypted."
      className="sm:max-w-xl"
      trigger={
        <Button variant="gradient">
          <Plus aria-hidden="true" />
          Add Credential
        </Button>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormField id={`${id}-company`} label="Company Name *" error={errors.companyName?.message}>
          {(control) => <Input {...control} autoComplete="off" required {...form.register('companyName')} />}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-email`} label="Email" error={errors.email?.message}>
            {(control) => <Input {...control} autoComplete="off" {...form.register('email')} />}
          </FormField>
          <FormField id={`${id}-password`} label="Password" error={errors.password?.message}>
            {(control) => (
              <PasswordInput
                {...control}
                revealed={revealed}
                onToggle={() => setRevealed((r) => !r)}
                {...form.register('password')}
              />
            )}
          </FormField>
        </div>
        <FormField id={`${id}-connectors`} label="Connectors" error={errors.connectors?.message}>
          {(control) => (
            <Textarea
              {...control}
              className="min-h-20 font-mono md:text-xs"
              spellCheck={false}
              placeholder="API keys, tokens, connection strings…"
              {...form.register('connectors')}
            />
          )}
        </FormField>
        <FormField id={`${id}-notes`} label="Notes" error={errors.notes?.message}>
          {(control) => <Textarea {...control} className="min-h-20" {...form.register('notes')} />}
        </FormField>
        <DialogFormFooter submitLabel="Add Credential" pending={create.isPending} />
      </form>
    </FormDialog>
  );
}
