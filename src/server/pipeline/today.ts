import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { TODAY_COUNT_CAP, TODAY_LIST_MAX, type Today } from '../../shared/pipeline.ts';
import { resultRows } from '../campaigns/campaign-audience.ts';
import { countHeldSpam } from '../spam/held-spam.ts';
import { localDay } from '../tasks/reminder-mail.ts';

/**
 * A form lead not answered yet (docs/product.md 'Needs you today'): still at New, no one-to-one
 * email from the owner (campaigns do not answer anyone), and never moved off New to anything but
 * spam. `c` is the contact.
 */
const unanswered = sql`c.status = 'new' and c.origin = 'form'
  and not exists (select 1 from contact_messages m
    where m.contact_id = c.id and m.sender = 'admin' and m.campaign_name is null)
  and not exists (select 1 from contact_stage_changes s
    where s.contact_id = c.id and s.from_status = 'new' and s.to_status <> 'spam')`;

/**
 * 'Needs you today' (decision 063): what the owner should do now, each list at most
 * {@link TODAY_LIST_MAX} rows with its total. `now` and `timeZone` (the `TZ` setting, as the
 * morning reminder counts days) decide 'today'; ages are hours from `now`. Flat in the number of
 * contacts (decision 064, addendum): the waiting leads are a range of `contacts_waiting_idx`,
 * counted up to {@link TODAY_COUNT_CAP}, and the median first answer is taken over at most that
 * many of the latest form leads of the 30 days.
 */
export async function needsYouToday(db: Db, now: Date, timeZone: string): Promise<Today> {
  const nowIso = now.toISOString();
  const endOfToday = localDay(now, timeZone).end.toISOString();
  const [waiting, waitingTotal, unread, tasks, median, heldSpam] = await Promise.all([
    db.execute(sql`
      select c.id, c.name, c.created_at from contacts c where ${unanswered}
      order by c.created_at, c.id limit ${TODAY_LIST_MAX}`),
    db.execute(
      sql`select count(*)::int as n from (select 1 from contacts c where ${unanswered} limit ${TODAY_COUNT_CAP}) w`,
    ),
    db.execute(sql`
      select c.id, c.name, u.n, u.last_at, count(*) over () as total
      from (select m.contact_id, count(*)::int as n, max(m.sent_at) as last_at
            from contact_messages m where m.unread group by m.contact_id) u
      join contacts c on c.id = u.contact_id and c.status <> 'spam'
      order by u.last_at desc, c.id limit ${TODAY_LIST_MAX}`),
    db.execute(sql`
      select t.id, t.contact_id, c.name, t.title, t.due_at, count(*) over () as total
      from contact_tasks t join contacts c on c.id = t.contact_id
      where t.status = 'pending' and t.due_at is not null and t.due_at < ${endOfToday}::timestamptz
      order by t.due_at, t.id limit ${TODAY_LIST_MAX}`),
    db.execute(sql`
      select percentile_cont(0.5) within group (order by extract(epoch from a.answered_at - a.created_at)) as seconds,
        count(*)::int as n
      from (
        select c.created_at, least(
          (select min(m.sent_at) from contact_messages m
            where m.contact_id = c.id and m.sender = 'admin' and m.campaign_name is null),
          (select min(s.changed_at) from contact_stage_changes s
            where s.contact_id = c.id and s.from_status = 'new' and s.to_status <> 'spam')) as answered_at
        from contacts c
        where c.origin = 'form' and c.status <> 'spam'
          and c.created_at >= ${nowIso}::timestamptz - interval '30 days'
        order by c.created_at desc nulls last, c.id desc nulls last limit ${TODAY_COUNT_CAP}
      ) a where a.answered_at is not null`),
    countHeldSpam(db),
  ]);
  const waitingRows = resultRows<{ id: number; name: string; created_at: string | Date }>(waiting);
  const unreadRows = resultRows<{
    id: number;
    name: string;
    n: number;
    last_at: string | Date;
    total: string | number;
  }>(unread);
  const taskRows = resultRows<{
    id: number;
    contact_id: number;
    name: string;
    title: string;
    due_at: string | Date;
    total: string | number;
  }>(tasks);
  const [m] = resultRows<{ seconds: number | string | null; n: number }>(median);
  return {
    waiting: waitingRows.map((r) => {
      const createdAt = new Date(r.created_at);
      return {
        id: Number(r.id),
        name: r.name,
        createdAt: createdAt.toISOString(),
        ageHours: Math.max(0, Math.floor((now.getTime() - createdAt.getTime()) / 360_000) / 10),
      };
    }),
    waitingTotal: Number(resultRows<{ n: number }>(waitingTotal)[0]?.n ?? 0),
    unread: unreadRows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      unread: Number(r.n),
      lastAt: new Date(r.last_at).toISOString(),
    })),
    unreadTotal: Number(unreadRows[0]?.total ?? 0),
    tasks: taskRows.map((r) => {
      const dueAt = new Date(r.due_at);
      return {
        id: Number(r.id),
        contactId: Number(r.contact_id),
        contactName: r.name,
        title: r.title,
        dueAt: dueAt.toISOString(),
        overdue: dueAt.getTime() < now.getTime(),
      };
    }),
    tasksTotal: Number(taskRows[0]?.total ?? 0),
    heldSpam,
    medianFirstAnswerHours:
      m?.seconds === null || m?.seconds === undefined ? null : Math.round(Number(m.seconds) / 360) / 10,
    answeredLeads: Number(m?.n ?? 0),
  };
}
