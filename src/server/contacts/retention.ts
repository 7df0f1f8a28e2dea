import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import { resultRows } from '../campaigns/campaign-audience.ts';
import { WorkerLoop } from '../worker-loop.ts';
import { type EraseOptions, eraseContacts } from './erase-contacts.ts';

/**
 * Retention (`RETENTION_MONTHS`, off by default; docs/guide.md 'Contacts and leads'): contacts that are
 * not clients and show no activity for that many months are erased once a day, as 'Delete
 * contact' erases (erase-contacts.ts). Activity is the latest of the contact's own activity (it
 * wrote through the form, `last_activity_at`), any change to it (`updated_at`) and any message of
 * its conversation. A contact with status converted, or a client made from it, is kept.
 */

/** The condition on `contacts` for contacts inactive since before `cutoff` (an SQL timestamptz). */
export function inactiveSince(cutoff: SQL): SQL {
  return sql`${contacts.status} <> 'converted'
    and not exists (select 1 from clients k where k.from_contact_id = ${contacts.id})
    and greatest(${contacts.lastActivityAt}, ${contacts.updatedAt}) < ${cutoff}
    and not exists (select 1 from contact_messages m
      where m.contact_id = ${contacts.id} and m.sent_at >= ${cutoff})`;
}

const monthsAgo = (months: number, plusDays = 0) =>
  sql`(now() + make_interval(days => ${plusDays}) - make_interval(months => ${months}))`;

/** How many contacts retention erases within the next `days` days (the dashboard shows 30). */
export async function countRetentionDue(db: Db, months: number, days = 30): Promise<number> {
  const [row] = resultRows<{ n: number | string }>(
    await db.execute(
      sql`select count(*) as n from ${contacts} where ${inactiveSince(monthsAgo(months, days))}`,
    ),
  );
  return Number(row?.n ?? 0);
}

export interface RetentionOptions {
  db: Db;
  log: FastifyBaseLogger;
  months: number;
  erase: EraseOptions;
  now?: () => Date;
}

/**
 * The daily retention run. Several instances may run it: the UTC day is claimed in `settings`
 * (key `retention-day`) by one conditional upsert, so one instance erases and the others do
 * nothing that day.
 */
export class RetentionWorker {
  private readonly loop: WorkerLoop;
  private readonly now: () => Date;

  constructor(private readonly o: RetentionOptions) {
    this.now = o.now ?? (() => new Date());
    this.loop = new WorkerLoop({ name: 'retention', log: o.log, pass: () => this.runOnce() });
  }

  /** Checks every `intervalMs` (default an hour) and now. */
  start(intervalMs = 3_600_000): void {
    this.o.log.info({ months: this.o.months }, 'retention on: inactive contacts are erased daily');
    this.loop.start(intervalMs);
  }

  stop(deadlineMs = 4000): Promise<boolean> {
    return this.loop.stop(deadlineMs);
  }

  /**
   * Claims today (UTC) and erases the inactive contacts; does nothing when another instance, or
   * this one, already ran today. @returns how many were erased, or null when not this run's turn.
   */
  async runOnce(): Promise<number | null> {
    const day = this.now().toISOString().slice(0, 10);
    const claimed = resultRows<{ key: string }>(
      await this.o.db.execute(sql`
        insert into settings (key, value) values ('retention-day', ${JSON.stringify(day)}::jsonb)
        on conflict (key) do update set value = excluded.value, updated_at = now()
          where settings.value <> excluded.value
        returning key`),
    );
    if (claimed.length === 0) return null;
    const erased = await eraseContacts(this.o.db, inactiveSince(monthsAgo(this.o.months)), this.o.erase);
    this.o.log.info({ erased, months: this.o.months }, 'retention: inactive contacts erased');
    return erased;
  }
}
