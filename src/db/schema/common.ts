import { timestamp } from 'drizzle-orm/pg-core';

/** `created_at` / `updated_at` columns every table carries (STYLE.md 'SQL'), timestamptz. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const tsz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
