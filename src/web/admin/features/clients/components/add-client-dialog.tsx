import { Pencil, Plus } from 'lucide-react';
import * as React from 'react';
import type { z } from 'zod';
import { type Client, clientCreateSchema } from '@/shared/clients';
import { Button } from '@/web/components/ui/button';
import { DialogFormFooter, FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { toast } from '@/web/hooks/use-toast';
import { FormDialog } from '../../../components/form-dialog';
import { useDialogForm } from '../../../hooks/use-dialog-form';
import { useCreateClient } from '../api/create-client';
import { useUpdateClient } from '../api/update-client';

type ClientValues = z.input<typeof clientCreateSchema>;

const emptyClient = { name: '', email: '', phone: '', company: '', notes: '' } satisfies ClientValues;

const optionalFields = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'company', label: 'Company', type: 'text', autoComplete: 'organization' },
] as const;

/**
 * 'Add Client' (docs/product.md §7.1): Name * (required: toast 'Missing name' / 'Please enter a
 * client name.'), Email (email type), Phone, Company, Notes. Success toasts 'Client added' and
 * closes; failure toasts 'Error' / 'Failed to add client.' (docs/product.md §7.1). With `client`, the same
 * dialog is 'Edit Client': filled with its values, 'Save Changes' patches them ('Client updated').
 */
export function AddClientDialog({ client }: { client?: Client } = {}) {
  const id = React.useId();
  const create = useCreateClient();
  const update = useUpdateClient();
  const initial = client
    ? {
        name: client.name,
        email: client.email ?? '',
        phone: client.phone ?? '',
        company: client.company ?? '',
        notes: client.notes ?? '',
      }
    : emptyClient;
  const { open, onOpenChange: setOpen, form, errors } = useDialogForm(clientCreateSchema, initial);
  // Opened on the client's current values (the list may have refetched since the last edit).
  const onOpenChange = (next: boolean) => {
    if (next) form.reset(initial);
    setOpen(next);
  };
  const pending = create.isPending || update.isPending;

  const onSubmit = form.handleSubmit(
    (values) => {
      const done = {
        onSuccess: () => {
          toast({ title: client ? 'Client updated' : 'Client added' });
          onOpenChange(false);
        },
        onError: () =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: client ? 'Failed to update client.' : 'Failed to add client.',
          }),
      };
      if (client) update.mutate({ id: client.id, client: values }, done);
      else create.mutate(values, done);
    },
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
      title={client ? 'Edit Client' : 'Add Client'}
      description="Only the name is required."
      trigger={
        client ? (
          <Button
            variant="ghost"
            size="icon"
            className="shrink-0 text-muted-foreground"
            aria-label={`Edit client ${client.name}`}
          >
            <Pencil aria-hidden="true" />
          </Button>
        ) : (
          <Button variant="gradient">
            <Plus aria-hidden="true" />
            Add Client
          </Button>
        )
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
        <DialogFormFooter submitLabel={client ? 'Save Changes' : 'Add Client'} pending={pending} />
      </form>
    </FormDialog>
  );
}
