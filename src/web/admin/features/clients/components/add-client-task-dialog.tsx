import { Plus } from 'lucide-react';
import * as React from 'react';
import { z } from 'zod';
import { type Client, clientTaskCreateSchema } from '@/shared/clients';
import { Button } from '@/web/components/ui/button';
import { DialogFormFooter, FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Textarea } from '@/web/components/ui/textarea';
import { toast } from '@/web/hooks/use-toast';
import { endOfLocalDayIso } from '@/web/lib/format-date';
import { FormDialog } from '../../../components/form-dialog';
import { useDialogForm } from '../../../hooks/use-dialog-form';
import { useCreateClientTask } from '../api/create-client-task';

/**
 * The form's fields: the shared schema's title and description, and the due date as the date
 * field gives it (`YYYY-MM-DD`, optional), turned into the instant that ends that local day on
 * submit, as contact tasks do (issue #13).
 */
const clientTaskFormSchema = clientTaskCreateSchema
  .pick({ title: true, description: true })
  .extend({ dueDate: z.string() });
type ClientTaskValues = z.input<typeof clientTaskFormSchema>;

const emptyTask = { title: '', description: '', dueDate: '' } satisfies ClientTaskValues;

/**
 * 'Add Task' on a client card (spec §2 clients, §5): title required (toast 'Missing information'
 * / 'Please enter a task title.'), optional description and due date (issue #13). Success toasts 'Task added'; failure
 * 'Error' / 'Failed to add task.' (spec §8).
 */
export function AddClientTaskDialog({ client }: { client: Pick<Client, 'id' | 'name'> }) {
  const id = React.useId();
  const create = useCreateClientTask();
  const { open, onOpenChange, form, errors } = useDialogForm(clientTaskFormSchema, emptyTask);

  const onSubmit = form.handleSubmit(
    ({ dueDate, ...task }) =>
      create.mutate(
        { clientId: client.id, task: { ...task, dueAt: endOfLocalDayIso(dueDate) } },
        {
          onSuccess: () => {
            toast({ title: 'Task added' });
            onOpenChange(false);
          },
          onError: () =>
            toast({ variant: 'destructive', title: 'Error', description: 'Failed to add task.' }),
        },
      ),
    (invalid) => {
      if (invalid.title) {
        toast({
          variant: 'destructive',
          title: 'Missing information',
          description: 'Please enter a task title.',
        });
      }
    },
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Task"
      description={<>A follow-up task for {client.name}.</>}
      trigger={
        <Button variant="outline" size="sm" aria-label={`Add Task for ${client.name}`}>
          <Plus aria-hidden="true" />
          Add Task
        </Button>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormField id={`${id}-title`} label="Title" error={errors.title?.message}>
          {(control) => <Input autoComplete="off" {...control} {...form.register('title')} />}
        </FormField>
        <FormField
          id={`${id}-description`}
          label="Description (optional)"
          error={errors.description?.message}
        >
          {(control) => <Textarea className="min-h-20" {...control} {...form.register('description')} />}
        </FormField>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-due`}>Due date (optional)</Label>
          <Input id={`${id}-due`} type="date" {...form.register('dueDate')} />
        </div>
        <DialogFormFooter submitLabel="Add Task" pending={create.isPending} />
      </form>
    </FormDialog>
  );
}
