import type { clients, clientTasks } from '../../db/schema/index.ts';
import type { Client, ClientTask } from '../../shared/clients.ts';

/** Maps a `clients` row to the API shape (docs/product.md §7.1). */
export function toClient(row: typeof clients.$inferSelect): Client {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    notes: row.notes,
    fromContactId: row.fromContactId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Maps a `client_tasks` row to the API shape (docs/product.md §7.2). */
export function toClientTask(row: typeof clientTasks.$inferSelect): ClientTask {
  return {
    id: row.id,
    clientId: row.clientId,
    title: row.title,
    description: row.description,
    status: row.status,
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    dueAt: row.dueAt?.toISOString() ?? null,
  };
}
