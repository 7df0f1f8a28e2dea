import { Check, Trash2 } from 'lucide-react';
import type { ContactTask } from '@/shared/tasks';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { toast } from '@/web/hooks/use-toast';
import { toastFailure } from '@/web/lib/toast-failure';
import { cn } from '@/web/lib/utils';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useCompleteContactTask } from '../api/complete-contact-task';
import { useDeleteContactTask } from '../api/delete-contact-task';
import { ContactTaskDialog } from './contact-task-dialog';
import { DueDate, isOverdue, TaskPriorityBadge, TaskStatusBadge } from './task-badges';

/**
 * 'Follow-up Tasks' (docs/product.md §6.2): 'Add Task', then each task with its title,
 * description, priority and status badges, due date (overdue ones stand out) and a complete
 * button, disabled once completed (docs/product.md §6.5: completed is terminal), an edit (pencil) and a
 * delete; 'No follow-up tasks' when
 * there are none.
 */
export function ContactTasksCard({ contactId, tasks }: { contactId: number; tasks: ContactTask[] }) {
  const complete = useCompleteContactTask();
  const remove = useDeleteContactTask();

  return (
    <Card className="gap-4">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle as="h2">Follow-up Tasks</CardTitle>
        <ContactTaskDialog contactId={contactId} />
      </CardHeader>
      <CardContent>
        {tasks.length === 0 ? (
          <p className="text-sm text-muted-foreground">No follow-up tasks</p>
        ) : (
          <ul className="grid gap-3">
            {tasks.map((task) => {
              const overdue = isOverdue(task);
              const done = task.status === 'completed';
              return (
                <li
                  key={task.id}
                  className={cn(
                    'flex flex-col gap-3 rounded-xl border border-white/10 bg-background/40 p-4 sm:flex-row sm:items-start sm:justify-between',
                    overdue && 'border-red-400/50 bg-red-500/10',
                  )}
                >
                  <div className="grid min-w-0 gap-1.5">
                    <p
                      className={cn(
                        'wrap-anywhere font-medium',
                        done && 'text-muted-foreground line-through',
                      )}
                    >
                      {task.title}
                    </p>
                    {task.description ? (
                      <p className="whitespace-pre-wrap wrap-anywhere text-sm text-muted-foreground">
                        {task.description}
                      </p>
                    ) : null}
                    <div className="flex flex-wrap items-center gap-2">
                      <TaskPriorityBadge priority={task.priority} />
                      <TaskStatusBadge status={task.status} />
                      {overdue ? <Badge variant="destructive">Overdue</Badge> : null}
                      {task.dueAt ? (
                        <DueDate dueAt={task.dueAt} className="text-xs text-muted-foreground" />
                      ) : null}
                    </div>
                  </div>
                  <div className="flex shrink-0 items-center gap-1">
                    <Button
                      variant={done ? 'ghost' : 'outline'}
                      size="sm"
                      disabled={done || complete.isPending}
                      aria-label={done ? `Completed: ${task.title}` : `Complete task: ${task.title}`}
                      onClick={() =>
                        complete.mutate(task, {
                          onError: (error) => toastFailure(error, 'Failed to update task.'),
                        })
                      }
                    >
                      <Check aria-hidden="true" />
                      {done ? 'Completed' : 'Complete'}
                    </Button>
                    <ContactTaskDialog contactId={contactId} task={task} />
                    <ConfirmDialog
                      title="Delete task"
                      description={`Delete the task '${task.title}'? This cannot be undone.`}
                      onConfirm={() =>
                        remove.mutateAsync(task).then(
                          () => toast({ title: 'Task deleted' }),
                          (error) => toastFailure(error, 'Failed to delete task.'),
                        )
                      }
                      trigger={
                        <Button
                          variant="ghost"
                          size="icon"
                          className="shrink-0 text-muted-foreground hover:text-red-300"
                          aria-label={`Delete task: ${task.title}`}
                          disabled={remove.isPending}
                        >
                          <Trash2 aria-hidden="true" />
                        </Button>
                      }
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
