import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tsz, updatedAt } from './common.ts';
import { contacts } from './contacts.ts';

/** Clients (docs/product.md §7.1); `fromContactId` is unique so converting twice is impossible. */
export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    company: text('company'),
    notes: text('notes'),
    fromContactId: integer('from_contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('clients_from_contact_idx').on(t.fromContactId)],
);

/** Client tasks (docs/product.md §7.2, with the toggle rules). */
export const clientTasks = pgTable(
  'client_tasks',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    status: text('status').$type<'working' | 'done'>().notNull().default('working'),
    completedAt: tsz('completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Optional due date: the instant that ends the chosen day, like contact tasks. */
    dueAt: tsz('due_at'),
  },
  (t) => [
    check('client_tasks_status_check', sql`${t.status} in ('working', 'done')`),
    index('client_tasks_client_idx').on(t.clientId),
  ],
);
