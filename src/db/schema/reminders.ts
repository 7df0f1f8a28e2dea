import { date, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './common.ts';
import { mailQueue } from './mail.ts';

/**
 * One row per local day (in `TZ`) whose morning task reminder was decided (decision 025): the
 * primary key is the claim, so of several instances reaching `REMINDER_HOUR` together one inserts
 * it, in the transaction that queues the mail, and the others insert nothing and send nothing.
 * `mail_queue_id` is null on a day with nothing due (nothing sent, the day still counts as done).
 */
export const taskReminders = pgTable('task_reminders', {
  localDate: date('local_date', { mode: 'string' }).primaryKey(),
  /** The zone the day was counted in (`TZ` at the time), for the record. */
  timeZone: text('time_zone').notNull(),
  dueCount: integer('due_count').notNull(),
  mailQueueId: integer('mail_queue_id').references(() => mailQueue.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});
