import { Trash2 } from 'lucide-react';
import * as React from 'react';
import type { Client, ClientTask } from '@/shared/clients';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import { toast } from '@/web/hooks/use-toast';
import { cn } from '@/web/lib/utils';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { InlineError, InlineLoading } from '../../../components/query-state';
import { DueDate, OverdueBadge } from '../../tasks';
import { useDeleteClientTask } from '../api/delete-client-task';
import { useClientTasks } from '../api/get-client-tasks';
import { toggledClientTask, useUpdateClientTask } from '../api/update-client-task';
import { ClientTaskDialog } from './client-task-dialog';

/**
 * A client's 'Follow-up Tasks' (docs/product.md §7.1): 'Add Task'; each task with a checkbox that
 * toggles done/working (docs/product.md §7.2), an edit (pencil) and a delete asking 'Are you sure you want to
 * delete this task?'; 'No tasks yet' when there are none. Toasts per docs/product.md §7.2. A due date shows
 * under the title; a working task past it is marked 'Overdue' in red, with an icon and the word, as on the
 * dashboard.
 */
export function ClientTasks({ client }: { client: Pick<Client, 'id' | 'name'> }) {
  const tasks = useClientTasks(client.id);
  const headingId = `client-${client.id}-tasks`;

  return (
    <fieldset
      aria-labelledby={headingId}
      className="m-0 grid min-w-0 gap-3 border-x-0 border-t border-b-0 border-white/10 p-0 pt-4"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold">
          Follow-up Tasks
        </h3>
        <ClientTaskDialog client={client} />
      </div>
      {tasks.isPending ? (
        <InlineLoading className="py-2 text-left" />
      ) : tasks.isError ? (
        <InlineError error={tasks.error} fallback="Failed to load tasks." className="py-2 text-left" />
      ) : tasks.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No tasks yet</p>
      ) : (
        <ul className="grid gap-2">
          {tasks.data.map((task) => (
            <ClientTaskItem key={task.id} client={client} task={task} />
          ))}
        </ul>
      )}
    </fieldset>
  );
}

function ClientTaskItem({ client, task }: { client: Pick<Client, 'id' | 'name'>; task: ClientTask }) {
  const update = useUpdateClientTask();
  const remove = useDeleteClientTask();
  // The new state shows in the same event as the click (a controlled checkbox would otherwise
  // flick back until the mutation re-renders), and is dropped once the list has the server's
  // answer, or on failure, which shows the stored state again.
  const [optimisticDone, setOptimisticDone] = React.useState<boolean | null>(null);
  const done = optimisticDone ?? task.status === 'done';
  const checkboxId = `client-task-${task.id}`;
  const overdue = !done && task.dueAt !== null && Date.parse(task.dueAt) < Date.now();

  return (
    <li
      className={cn(
        'flex items-start gap-3 rounded-lg border border-white/10 bg-background/40 px-3 py-2.5',
        overdue && 'border-red-400/50 bg-red-500/10',
      )}
    >
      <Checkbox
        id={checkboxId}
        className="mt-0.5"
        checked={done}
        disabled={update.isPending}
        onChange={() => {
          setOptimisticDone(!done);
          update.mutate(
            { task, update: toggledClientTask({ status: done ? 'done' : 'working' }) },
            {
              onSettled: () => setOptimisticDone(null),
              onError: () =>
                toast({ variant: 'destructive', title: 'Error', description: 'Failed to update task.' }),
            },
          );
        }}
      />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <label
          htmlFor={checkboxId}
          className={cn('cursor-pointer wrap-anywhere text-sm', done && 'text-muted-foreground line-through')}
        >
          {task.title}
        </label>
        {task.description ? (
          <p className="whitespace-pre-wrap wrap-anywhere text-xs text-muted-foreground">
            {task.description}
          </p>
        ) : null}
        {task.dueAt ? (
          <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            {overdue ? <OverdueBadge /> : null}
            <DueDate dueAt={task.dueAt} />
          </span>
        ) : null}
      </div>
      <ClientTaskDialog client={client} task={task} />
      <ConfirmDialog
        title="Delete task"
        description="Are you sure you want to delete this task?"
        onConfirm={() =>
          // mutateAsync: the task row unmounts once the list drops it, before per-call callbacks run.
          remove.mutateAsync(task).then(
            () => toast({ title: 'Task deleted' }),
            () => toast({ variant: 'destructive', title: 'Error', description: 'Failed to delete task.' }),
          )
        }
        trigger={
          <Button
            variant="ghost"
            size="icon"
            className="size-8 shrink-0 text-muted-foreground hover:text-red-300"
            aria-label={`Delete task ${task.title}`}
            disabled={remove.isPending}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        }
      />
    </li>
  );
}
