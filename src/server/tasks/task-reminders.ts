import { and, asc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import {
  clients,
  clientTasks,
  contacts,
  contactTasks,
  mailQueue,
  taskReminders,
} from '../../db/schema/index.ts';
import { queuePush } from '../push/queue-push.ts';
import { WorkerLoop } from '../worker-loop.ts';
import { localDay, nextReminderAt, type ReminderItem, taskReminderMail } from './reminder-mail.ts';

/** Tasks listed in one reminder at most (of each kind); the rest are counted ("…and N more"). */
export const REMINDER_MAX_TASKS = 500;

export interface TaskReminderOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** Local hour (0–23) from which the day's reminder is due. */
  hour: number;
  /** IANA zone the day and the hour are counted in. */
  timeZone: string;
  /** The owner's address (what lead notifications use: `NOTIFY_EMAIL`). */
  to: string;
  siteName: string;
  /** Base of the admin links (`config.publicUrl`, never a request header). */
  publicUrl: string;
  /** Called after a reminder was queued (the mail queue's nudge). */
  queued: () => void;
  now?: () => Date;
}

export type ReminderOutcome = 'before-hour' | 'done' | 'nothing-due' | 'queued';

/**
 * The morning task reminder (decision 025). Every instance polls; from `hour` o'clock
 * in `timeZone` on, the first pass of a local day claims that day by inserting its
 * `task_reminders` row (`ON CONFLICT DO NOTHING`) and, in the same transaction, collects pending
 * contact tasks and working client tasks due before the day ends and queues one email listing
 * them (`mail_queue`, kind `task_reminder`). Of several instances only the one whose insert went
 * in sends; a day with nothing due keeps its row with no mail, so nothing is sent that day. The
 * mail queue delivers it, counted against the daily cap like any mail; at the cap it waits there.
 * An instance that starts after the hour sends the day's reminder then (same day only).
 */
export class TaskReminderWorker {
  private readonly loop: WorkerLoop;
  private readonly now: () => Date;
  /** The last local day this instance saw claimed; later passes that day skip the database. */
  private settledDay: string | undefined;

  constructor(private readonly o: TaskReminderOptions) {
    this.now = o.now ?? (() => new Date());
    this.loop = new WorkerLoop({ name: 'task reminders', log: o.log, pass: () => this.runOnce() });
  }

  /** Polls every `intervalMs` (default a minute) and runs a pass now. */
  start(intervalMs = 60_000): void {
    const next = nextReminderAt(this.now(), this.o.timeZone, this.o.hour);
    this.o.log.info(
      { next: next.toISOString(), timeZone: this.o.timeZone },
      'task reminders on: the next one is due at the time shown',
    );
    this.loop.start(intervalMs);
  }

  /** Resolves once the passes started or queued so far (the start-up pass among them) have run. */
  idle(): Promise<void> {
    return this.loop.exclusive(async () => {});
  }

  /** Stops polling; waits for a pass under way at most `deadlineMs`. */
  stop(deadlineMs = 4000): Promise<boolean> {
    return this.loop.stop(deadlineMs);
  }

  /** One pass at the injected clock: claims and queues today's reminder when it is due and unclaimed. */
  async runOnce(): Promise<ReminderOutcome> {
    const now = this.now();
    const day = localDay(now, this.o.timeZone);
    if (day.hour < this.o.hour) return 'before-hour';
    if (this.settledDay === day.date) return 'done';
    const outcome = await this.o.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const [claimed] = await db
        .insert(taskReminders)
        .values({ localDate: day.date, timeZone: this.o.timeZone, dueCount: 0, createdAt: now })
        .onConflictDoNothing()
        .returning({ localDate: taskReminders.localDate });
      if (!claimed) return 'done' as const;
      const { items, total } = await dueTasks(db, day.end);
      if (total === 0) return 'nothing-due' as const;
      const mail = taskReminderMail({
        to: this.o.to,
        siteName: this.o.siteName,
        publicUrl: this.o.publicUrl,
        timeZone: this.o.timeZone,
        localDate: day.date,
        now,
        items,
        more: total - items.length,
      });
      const [row] = await db
        .insert(mailQueue)
        .values({ ...mail, createdAt: now, nextAttemptAt: now })
        .returning({ id: mailQueue.id });
      await db
        .update(taskReminders)
        .set({ dueCount: total, mailQueueId: row!.id })
        .where(eq(taskReminders.localDate, day.date));
      // The push names no one: the count only (decision 071).
      await queuePush(db, 'task.due', {
        title: total === 1 ? '1 task due today' : `${total} tasks due today`,
        url: '/admin',
      });
      return 'queued' as const;
    });
    this.settledDay = day.date;
    if (outcome === 'queued') {
      this.o.log.info({ day: day.date }, 'task reminder queued');
      this.o.queued();
    }
    return outcome;
  }
}

/**
 * Open tasks due before `before` (the end of the local day), overdue first, oldest due first:
 * pending contact tasks and working client tasks, at most {@link REMINDER_MAX_TASKS} of each.
 * Each kind's rows and its total come from one statement (`count(*) over ()`, computed before the
 * limit), so a task added while the pass runs is either listed and counted or neither: separate
 * statements under READ COMMITTED once counted a task the list had not seen ('…and 1 more').
 * @returns the tasks to list and how many are due in all.
 */
async function dueTasks(db: Db, before: Date): Promise<{ items: ReminderItem[]; total: number }> {
  const total = sql<number>`count(*) over ()`.mapWith(Number);
  const contactRows = await db
    .select({
      ownerId: contacts.id,
      ownerName: contacts.name,
      title: contactTasks.title,
      dueAt: contactTasks.dueAt,
      total,
    })
    .from(contactTasks)
    .innerJoin(contacts, eq(contacts.id, contactTasks.contactId))
    .where(
      and(eq(contactTasks.status, 'pending'), isNotNull(contactTasks.dueAt), lt(contactTasks.dueAt, before)),
    )
    .orderBy(asc(contactTasks.dueAt), asc(contactTasks.id))
    .limit(REMINDER_MAX_TASKS);
  const clientRows = await db
    .select({
      ownerId: clients.id,
      ownerName: clients.name,
      title: clientTasks.title,
      dueAt: clientTasks.dueAt,
      total,
    })
    .from(clientTasks)
    .innerJoin(clients, eq(clients.id, clientTasks.clientId))
    .where(
      and(eq(clientTasks.status, 'working'), isNotNull(clientTasks.dueAt), lt(clientTasks.dueAt, before)),
    )
    .orderBy(asc(clientTasks.dueAt), asc(clientTasks.id))
    .limit(REMINDER_MAX_TASKS);
  const items: ReminderItem[] = [
    ...contactRows.map(({ total: _, ...r }) => ({ kind: 'contact' as const, ...r, dueAt: r.dueAt! })),
    ...clientRows.map(({ total: _, ...r }) => ({ kind: 'client' as const, ...r, dueAt: r.dueAt! })),
  ].sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
  return { items, total: (contactRows[0]?.total ?? 0) + (clientRows[0]?.total ?? 0) };
}
