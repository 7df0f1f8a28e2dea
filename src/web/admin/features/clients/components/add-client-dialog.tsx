import { Plus } from 'lucide-react';
import * as React from 'react';
import type { z } from 'zod';
import { clientCreateSchema } from '@/shared/clients';
import { Button } from '@/web/components/ui/button';
import { DialogFormFooter, FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { toast } from '@/web/hooks/use-toast';
import { FormDialog } from '../../../components/form-dialog';
import { useDialogForm } from '../../../hooks/use-dialog-form';
import { useCreateClient } from '../api/create-client';

type ClientValues = z.input<typeof clientCreateSchema>;

const emptyClient = { name: '', email: '', phone: '', company: '', notes: '' } satisfies ClientValues;

const optionalFields = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'company', label: 'Company', type: 'text', autoComplete: 'organization' },
] as const;

/**
 * 'Add Client' (spec §2 clients, §5): Name * (required: toast 'Missing name' / 'Please enter a
 * client name.'), Email (email type), Phone, Company, Notes. Success toasts 'Client added' and
 * closes; failure toasts 'Error' / 'Failed to add client.' (spec §8).
 */
export function AddClientDialog() {
  const id = React.useId();
  const create = useCreateClient();
  const { open, onOpenChange, form, errors } = useDialogForm(clientCreateSchema, emptyClient);

  const onSubmit = form.handleSubmit(
    (client) =>
      create.mutate(client, {
        onSuccess: () => {
          toast({ title: 'Client added' });
          onOpenChange(false);
        },
        onError: () =>
          toast({ variant: 'destructive', title: 'Error', description: 'Failed to add client.' }),
      }),
    (invalid) => {
      if (invalid.name) {
        toast({ variant: 'destructive', title: 'Missing name', description: 'Please enter a client name.' });
      }
    },
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Client"
      description="Only the name is required."
      trigger={
        <Button variant="gradient">
          <Plus aria-hidden="true" />
          Add Client
        </Button>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormField id={`${id}-name`} label="Name *" error={errors.name?.message}>
          {(control) => <Input autoComplete="off" required {...control} {...form.register('name')} />}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          {optionalFields.map((field) => (
            <FormField
              key={field.name}
              id={`${id}-${field.name}`}
              label={field.label}
              error={errors[field.name]?.message}
            >
              {(control) => (
                <Input
                  type={field.type}
                  autoComplete={field.autoComplete}
                  {...control}
                  {...form.register(field.name)}
                />
              )}
            </FormField>
          ))}
        </div>
        <FormField id={`${id}-notes`} label="Notes" error={errors.notes?.message}>
          {(control) => <Textarea className="min-h-20" {...control} {...form.register('notes')} />}
        </FormField>
        <DialogFormFooter submitLabel="Add Client" pending={create.isPending} />
      </form>
    </FormDialog>
  );
}
