import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clients, clientTasks } from '../../db/schema/index.ts';
import type { Client, ClientTask, ClientTaskUpdate } from '../../shared/clients.ts';
import { notFound } from '../domain-error.ts';
import { queueWebhookEvent } from '../webhooks/queue-event.ts';
import { toClient, toClientTask } from './to-client.ts';

type ClientInput = Omit<Client, 'id' | 'fromContactId' | 'createdAt'>;

/** Every client, newest first (docs/product.md §12.3 GET /api/admin/clients). */
export async function listClients(db: Db): Promise<Client[]> {
  const rows = await db.select().from(clients).orderBy(desc(clients.createdAt), desc(clients.id));
  return rows.map(toClient);
}

/** Adds a client by hand (docs/product.md §7.1). */
export async function createClient(db: Db, input: ClientInput): Promise<Client> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(clients).values(input).returning();
    const client = toClient(row!);
    await queueWebhookEvent(tx as unknown as Db, 'client.created', clientEventData(client));
    return client;
  });
}

/** The `data` of a `client.created` event (decision 066): the client as the API answers it. */
export const clientEventData = (client: Client): Record<string, unknown> => ({ ...client });

/**
 * Replaces a client's own fields (name, email, phone, company, notes), as 'Edit Client' sends them.
 * @throws DomainError `not-found` 'Client not found'.
 */
export async function updateClient(db: Db, id: number, input: ClientInput): Promise<Client> {
  const [row] = await db
    .update(clients)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(clients.id, id))
    .returning();
  if (!row) throw notFound('Client');
  return toClient(row);
}

/**
 * Deletes a client and, by the foreign key's cascade in the same statement, all its tasks
 * (docs/product.md §7.2: 'All associated tasks will also be deleted.').
 * @throws DomainError `not-found` 'Client not found'.
 */
export async function deleteClient(db: Db, id: number): Promise<void> {
  const [row] = await db.delete(clients).where(eq(clients.id, id)).returning({ id: clients.id });
  if (!row) throw notFound('Client');
}

async function findClient(db: Db, id: number) {
  const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, id));
  if (!row) throw notFound('Client');
}

/** A client's tasks, oldest first. @throws DomainError `not-found` 'Client not found'. */
export async function listClientTasks(db: Db, clientId: number): Promise<ClientTask[]> {
  await findClient(db, clientId);
  const rows = await db
    .select()
    .from(clientTasks)
    .where(eq(clientTasks.clientId, clientId))
    .orderBy(asc(clientTasks.createdAt), asc(clientTasks.id));
  return rows.map(toClientTask);
}

/**
 * Adds a task (status working, optional due date) to a client.
 * @throws DomainError `not-found` 'Client not found'.
 */
export async function createClientTask(
  db: Db,
  clientId: number,
  input: { title: string; description: string | null; dueAt?: Date | null },
): Promise<ClientTask> {
  await findClient(db, clientId);
  const [row] = await db
    .insert(clientTasks)
    .values({ clientId, ...input })
    .returning();
  return toClientTask(row!);
}

/**
 * Sets a client task's status (docs/product.md §7.2): `working` empties completedAt; `done` keeps the given
 * completedAt, or the current time when none is given.
 * @throws DomainError `not-found` 'Task not found'.
 */
export async function updateClientTask(
  db: Db,
  taskId: number,
  update: ClientTaskUpdate,
  now = new Date(),
): Promise<ClientTask> {
  const completedAt =
    update.status === 'done' ? (update.completedAt ? new Date(update.completedAt) : now) : null;
  const [row] = await db
    .update(clientTasks)
    .set({ status: update.status, completedAt })
    .where(eq(clientTasks.id, taskId))
    .returning();
  if (!row) throw notFound('Task');
  return toClientTask(row);
}

/**
 * Replaces a client task's title, description and due date (the Edit Task dialog); its status
 * and completion time stay. @throws DomainError `not-found` 'Task not found'.
 */
export async function editClientTask(
  db: Db,
  taskId: number,
  input: { title: string; description: string | null; dueAt: Date | null },
): Promise<ClientTask> {
  const [row] = await db.update(clientTasks).set(input).where(eq(clientTasks.id, taskId)).returning();
  if (!row) throw notFound('Task');
  return toClientTask(row);
}

/** Deletes a client task. @throws DomainError `not-found` 'Task not found'. */
export async function deleteClientTask(db: Db, taskId: number): Promise<void> {
  const [row] = await db
    .delete(clientTasks)
    .where(eq(clientTasks.id, taskId))
    .returning({ id: clientTasks.id });
  if (!row) throw notFound('Task');
}
