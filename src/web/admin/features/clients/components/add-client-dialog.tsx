import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { clientCreateSchema } from '@/shared/clients';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/web/components/ui/dialog';
import { FieldError } from '@/web/components/ui/field-error';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Textarea } from '@/web/components/ui/textarea';
import { toast } from '@/web/hooks/use-toast';
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
  const [open, setOpen] = React.useState(false);
  const create = useCreateClient();
  const form = useForm<ClientValues, unknown, z.output<typeof clientCreateSchema>>({
    resolver: zodResolver(clientCreateSchema),
    defaultValues: emptyClient,
  });
  const { errors } = form.formState;

  function handleOpenChange(next: boolean) {
    setOpen(next);
    if (!next) form.reset(emptyClient);
  }

  const onSubmit = form.handleSubmit(
    (client) =>
      create.mutate(client, {
        onSuccess: () => {
          toast({ title: 'Client added' });
          handleOpenChange(false);
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
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>
        <Button variant="gradient">
          <Plus aria-hidden="true" />
          Add Client
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Client</DialogTitle>
          <DialogDescription>Only the name is required.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-name`}>Name *</Label>
            <Input
              id={`${id}-name`}
              autoComplete="off"
              required
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? `${id}-name-error` : undefined}
              {...form.register('name')}
            />
            <FieldError id={`${id}-name-error`}>{errors.name?.message}</FieldError>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {optionalFields.map((field) => (
              <div key={field.name} className="grid gap-2">
                <Label htmlFor={`${id}-${field.name}`}>{field.label}</Label>
                <Input
                  id={`${id}-${field.name}`}
                  type={field.type}
                  autoComplete={field.autoComplete}
                  aria-invalid={errors[field.name] ? true : undefined}
                  aria-describedby={errors[field.name] ? `${id}-${field.name}-error` : undefined}
                  {...form.register(field.name)}
                />
                <FieldError id={`${id}-${field.name}-error`}>{errors[field.name]?.message}</FieldError>
              </div>
            ))}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-notes`}>Notes</Label>
            <Textarea
              id={`${id}-notes`}
              className="min-h-20"
              aria-invalid={errors.notes ? true : undefined}
              aria-describedby={errors.notes ? `${id}-notes-error` : undefined}
              {...form.register('notes')}
            />
            <FieldError id={`${id}-notes-error`}>{errors.notes?.message}</FieldError>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={create.isPending}>
              Add Client
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
