import * as React from 'react';
import { z } from 'zod';
import { type TaskPriority, taskPriorities } from '@/shared/tasks';
import { DialogFormFooter, FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { NativeSelect } from '@/web/components/ui/native-select';
import { Textarea } from '@/web/components/ui/textarea';
import { toast } from '@/web/hooks/use-toast';
import { endOfLocalDayIso, localDayOf } from '@/web/lib/format-date';
import { toastFailure } from '@/web/lib/toast-failure';
import { useDialogForm } from '../hooks/use-dialog-form';
import { FormDialog } from './form-dialog';

/** What the dialog hands to `save`: the due date is the instant that ends the chosen local day. */
export interface TaskDialogValues {
  title: string;
  description: string | null;
  priority: TaskPriority;
  dueAt: string | null;
}

/** The task the dialog edits (absent: it adds one). */
export interface EditedTask {
  title: string;
  description: string | null;
  priority?: TaskPriority;
  dueAt: string | null;
}

const priorityLabels: Record<TaskPriority, string> = { low: 'Low', medium: 'Medium', high: 'High' };

/**
 * 'Add Task' and 'Edit Task', one dialog for contacts' and clients' follow-up tasks: Title (the
 * caller's rule and message: contacts 'Task title is required', clients 'Please enter a task
 * title.'), Description (optional), Priority (contacts only, default medium) and Due date
 * (optional, a local calendar day). Opened on the task's current values when editing. On
 * success it toasts 'Task added' / 'Task updated' and closes; on failure it toasts 'Error' with
 * the API's reason, else `failure`.
 */
export function TaskDialog({
  task,
  titleRule,
  withPriority,
  description,
  trigger,
  save,
  onInvalidTitle,
}: {
  task?: EditedTask;
  /** The shared schema's title rule of this kind of task. */
  titleRule: z.ZodType<string, string>;
  withPriority: boolean;
  description: React.ReactNode;
  trigger: React.ReactNode;
  /** Sends the task; rejects with the API's error. */
  save: (values: TaskDialogValues) => Promise<unknown>;
  /** Runs besides the inline message when the title is missing (clients toast as well). */
  onInvalidTitle?: () => void;
}) {
  const id = React.useId();
  const schema = React.useMemo(
    () =>
      z.object({
        title: titleRule,
        description: z.string().max(5000, 'Description must be at most 5,000 characters.'),
        priority: z.enum(taskPriorities),
        dueDate: z.string(),
      }),
    [titleRule],
  );
  const initial = {
    title: task?.title ?? '',
    description: task?.description ?? '',
    priority: task?.priority ?? 'medium',
    dueDate: task?.dueAt ? localDayOf(task.dueAt) : '',
  } satisfies z.input<typeof schema>;
  const { open, onOpenChange: setOpen, form, errors } = useDialogForm(schema, initial);
  const [pending, setPending] = React.useState(false);
  // Opened on the task's current values (the list may have refetched since the last edit).
  const onOpenChange = (next: boolean) => {
    if (next) form.reset(initial);
    setOpen(next);
  };

  const onSubmit = form.handleSubmit(
    async ({ dueDate, description: text, ...values }) => {
      setPending(true);
      try {
        await save({ ...values, description: text.trim() || null, dueAt: endOfLocalDayIso(dueDate) });
        toast({ title: task ? 'Task updated' : 'Task added' });
        onOpenChange(false);
      } catch (error) {
        toastFailure(error, task ? 'Failed to update task.' : 'Failed to add task.');
      } finally {
        setPending(false);
      }
    },
    (invalid) => {
      if (invalid.title) onInvalidTitle?.();
    },
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={task ? 'Edit Task' : 'Add Task'}
      description={description}
      trigger={trigger}
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
        <div className={withPriority ? 'grid gap-4 sm:grid-cols-2' : 'grid gap-4'}>
          {withPriority ? (
            <FormField id={`${id}-priority`} label="Priority">
              {(control) => (
                <NativeSelect {...control} {...form.register('priority')}>
                  {taskPriorities.map((p) => (
                    <option key={p} value={p}>
                      {priorityLabels[p]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          ) : null}
          <FormField id={`${id}-due`} label="Due date (optional)">
            {(control) => <Input type="date" {...control} {...form.register('dueDate')} />}
          </FormField>
        </div>
        <DialogFormFooter submitLabel={task ? 'Save Changes' : 'Add Task'} pending={pending} />
      </form>
    </FormDialog>
  );
}
