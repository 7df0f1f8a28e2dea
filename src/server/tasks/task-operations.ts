import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contacts, contactTasks } from '../../db/schema/index.ts';
import { type ContactTask, TASK_LIST_MAX, type TaskListQuery } from '../../shared/tasks.ts';
import { findContact } from '../contacts/find-contact.ts';
import { notFound } from '../domain-error.ts';
import { toContactTask } from './to-contact-task.ts';

/**
 * Contact tasks with their contact's name (docs/product.md §12.3 GET /api/admin/tasks): pending first, the
 * most urgent due date first (no due date last), then newest; at most `limit` (default
 * {@link TASK_LIST_MAX}; never the whole table), optionally of one status.
 */
export async function listTasks(db: Db, query: Partial<TaskListQuery> = {}): Promise<ContactTask[]> {
  const rows = await db
    .select({ task: contactTasks, contactName: contacts.name })
    .from(contactTasks)
    .innerJoin(contacts, eq(contacts.id, contactTasks.contactId))
    .where(query.status ? eq(contactTasks.status, query.status) : undefined)
    .orderBy(
      desc(contactTasks.status),
      sql`${contactTasks.dueAt} asc nulls last`,
      desc(contactTasks.createdAt),
    )
    .limit(query.limit ?? TASK_LIST_MAX);
  return rows.map((r) => toContactTask(r.task, r.contactName));
}

/**
 * Adds a follow-up task to a contact (docs/product.md §12.3 POST /api/admin/tasks). @throws DomainError `not-found`.
 */
export async function createContactTask(
  db: Db,
  input: {
    contactId: number;
    title: string;
    description: string | null;
    priority: ContactTask['priority'];
    dueAt: Date | null;
  },
): Promise<ContactTask> {
  await findContact(db, input.contactId);
  const [row] = await db.insert(contactTasks).values(input).returning();
  return toContactTask(row!);
}

/**
 * Marks a task completed (docs/product.md §6.5: terminal). Completing it again keeps the first completion
 * time.
 * @throws DomainError `not-found` 'Task not found'.
 */
export async function completeContactTask(db: Db, taskId: number, now = new Date()): Promise<ContactTask> {
  const [existing] = await db.select().from(contactTasks).where(eq(contactTasks.id, taskId));
  if (!existing) throw notFound('Task');
  if (existing.status === 'completed') return toContactTask(existing);
  const [row] = await db
    .update(contactTasks)
    .set({ status: 'completed', completedAt: now })
    .where(eq(contactTasks.id, taskId))
    .returning();
  return toContactTask(row!);
}

/**
 * Replaces a task's title, description, priority and due date (the Edit Task dialog); its
 * contact, status and completion time stay. @throws DomainError `not-found` 'Task not found'.
 */
export async function editContactTask(
  db: Db,
  taskId: number,
  input: { title: string; description: string | null; priority: ContactTask['priority']; dueAt: Date | null },
): Promise<ContactTask> {
  const [row] = await db.update(contactTasks).set(input).where(eq(contactTasks.id, taskId)).returning();
  if (!row) throw notFound('Task');
  return toContactTask(row);
}

/**
 * Deletes a contact's follow-up task (a wrong or duplicate one; completed ones too).
 * @throws DomainError `not-found` 'Task not found'.
 */
export async function deleteContactTask(db: Db, taskId: number): Promise<void> {
  const [row] = await db
    .delete(contactTasks)
    .where(eq(contactTasks.id, taskId))
    .returning({ id: contactTasks.id });
  if (!row) throw notFound('Task');
}
