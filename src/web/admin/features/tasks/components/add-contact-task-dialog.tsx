import { Plus } from 'lucide-react';
import * as React from 'react';
import { z } from 'zod';
import { contactTaskCreateSchema } from '@/shared/tasks';
import { Button } from '@/web/components/ui/button';
import { DialogFormFooter, FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { NativeSelect } from '@/web/components/ui/native-select';
import { Textarea } from '@/web/components/ui/textarea';
import { toast } from '@/web/hooks/use-toast';
import { getApiErrorMessage } from '@/web/lib/api';
import { endOfLocalDayIso } from '@/web/lib/format-date';
import { FormDialog } from '../../../components/form-dialog';
import { useDialogForm } from '../../../hooks/use-dialog-form';
import { useCreateContactTask } from '../api/create-contact-task';

/**
 * The form's fields: the shared schema's title, description and priority, and the due date as
 * the date field gives it (`YYYY-MM-DD`, optional), turned into an instant on submit.
 */
const taskFormSchema = contactTaskCreateSchema
  .pick({ title: true, description: true, priority: true })
  .extend({ dueDate: z.string() });
type TaskFormValues = z.input<typeof taskFormSchema>;

const emptyTask: TaskFormValues = { title: '', description: '', priority: 'medium', dueDate: '' };

/**
 * 'Add Task' on the contact detail (spec §2, §5): title (required, trimmed: 'Task title is
 * required'), optional description, priority (default medium) and optional due date (DESIGN §3).
 * Success toasts 'Task added' and closes.
 */
export function AddContactTaskDialog({ contactId }: { contactId: number }) {
  const id = React.useId();
  const create = useCreateContactTask();
  const { open, onOpenChange, form, errors } = useDialogForm(taskFormSchema, emptyTask);

  const onSubmit = form.handleSubmit(({ dueDate, ...task }) =>
    create.mutate(
      { ...task, contactId, dueAt: endOfLocalDayIso(dueDate) },
      {
        onSuccess: () => {
          toast({ title: 'Task added' });
          onOpenChange(false);
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: getApiErrorMessage(error) ?? 'Failed to add task.',
          }),
      },
    ),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Task"
      description="A follow-up for this contact."
      trigger={
        <Button size="sm">
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
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-priority`}>Priority</Label>
            <NativeSelect id={`${id}-priority`} {...form.register('priority')}>
              <option value="low">Low</option>
              <option value="medium">Medium</option>
              <option value="high">High</option>
            </NativeSelect>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-due`}>Due date (optional)</Label>
            <Input id={`${id}-due`} type="date" {...form.register('dueDate')} />
          </div>
        </div>
        <DialogFormFooter submitLabel="Add Task" pending={create.isPending} />
      </form>
    </FormDialog>
  );
}
