import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ContactStatus } from '../../shared/contacts.ts';
import {
  BOARD_PAGE_SIZE,
  type Board,
  type BoardCard,
  type BoardPage,
  boardStatuses,
} from '../../shared/pipeline.ts';
import { resultRows } from '../campaigns/campaign-audience.ts';
import { DomainError } from '../domain-error.ts';

/** Delta rows past which a board read folds `pipeline_totals` into one row per status. */
const COMPACT_AFTER = 200;

interface CardRow {
  id: number;
  name: string;
  company: string | null;
  deal_value: string | number | null;
  expected_close_on: string | Date | null;
  status_changed_at: string | Date;
  at_key: string;
  next_due: string | Date | null;
  unread: boolean;
  lost_reason: BoardCard['lostReason'];
}

/** The cursor of the page after `row`: its stage time as PostgreSQL wrote it (microseconds kept) and its id. */
function cursorOf(row: CardRow): string {
  return Buffer.from(JSON.stringify([row.at_key, Number(row.id)])).toString('base64url');
}

/** @throws DomainError `invalid` for a cursor this board did not give. */
function readCursor(cursor: string): { at: string; id: number } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    if (
      typeof at === 'string' &&
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/.test(at) &&
      Number.isSafeInteger(id) &&
      (id as number) > 0 &&
      (id as number) <= 2_147_483_647
    )
      return { at, id: id as number };
  } catch {
    // falls through to the refusal
  }
  throw new DomainError('invalid', 'cursor is not one this board gave.');
}

/**
 * One page of a board column (decision 063): the contacts at `status`, newest move first, after
 * `cursor`; a range of `contacts_board_idx` at any table size. Each card carries the earliest due
 * date of its open tasks and whether it has unread messages (index probes per card).
 */
export async function boardColumnPage(db: Db, status: ContactStatus, cursor?: string): Promise<BoardPage> {
  const after = cursor ? readCursor(cursor) : null;
  const rows = resultRows<CardRow>(
    await db.execute(sql`
      select c.id, c.name, c.company, c.deal_value, c.expected_close_on::text as expected_close_on,
        c.status_changed_at, c.status_changed_at::text as at_key, c.lost_reason,
        (select min(t.due_at) from contact_tasks t
          where t.contact_id = c.id and t.status = 'pending' and t.due_at is not null) as next_due,
        exists (select 1 from contact_messages m where m.contact_id = c.id and m.unread) as unread
      from contacts c
      where c.status = ${status}
        ${after ? sql`and (c.status_changed_at, c.id) < (${after.at}::timestamptz, ${after.id})` : sql``}
      order by c.status_changed_at desc, c.id desc
      limit ${BOARD_PAGE_SIZE + 1}`),
  );
  const page = rows.slice(0, BOARD_PAGE_SIZE);
  return {
    cards: page.map((r) => ({
      id: Number(r.id),
      name: r.name,
      company: r.company,
      dealValue: r.deal_value === null ? null : Number(r.deal_value),
      expectedCloseOn: r.expected_close_on === null ? null : String(r.expected_close_on).slice(0, 10),
      statusChangedAt: new Date(r.status_changed_at).toISOString(),
      nextTaskDueAt: r.next_due === null ? null : new Date(r.next_due).toISOString(),
      unreadReplies: Boolean(r.unread),
      lostReason: r.lost_reason,
    })),
    nextCursor: rows.length > BOARD_PAGE_SIZE ? cursorOf(page.at(-1)!) : null,
  };
}

/**
 * Count, value sum and form leads per status from `pipeline_totals` (kept by triggers, migrations
 * 0022 and 0032); folds the deltas into one row per status once there are more than
 * {@link COMPACT_AFTER}.
 */
export async function boardTotals(
  db: Db,
): Promise<Map<string, { count: number; value: number; formCount: number }>> {
  const rows = resultRows<{
    status: string;
    n: string | number;
    v: string | number;
    f: string | number;
    deltas: string | number;
  }>(
    await db.execute(sql`
      select status, sum(contacts) as n, sum(value) as v, sum(form_contacts) as f, count(*) as deltas
      from pipeline_totals group by status`),
  );
  if (rows.reduce((sum, r) => sum + Number(r.deltas), 0) > COMPACT_AFTER) await compactTotals(db);
  return new Map(
    rows.map((r) => [r.status, { count: Number(r.n), value: Number(r.v), formCount: Number(r.f) }]),
  );
}

/**
 * Folds the deltas into one row per status, in one statement: the rows it deletes are the rows it
 * sums, so a compaction running at the same time (another instance) deletes others or none, and
 * every delta is counted exactly once.
 */
export async function compactTotals(db: Db): Promise<void> {
  await db.execute(sql`
    with gone as (delete from pipeline_totals returning status, contacts, value, form_contacts)
    insert into pipeline_totals (status, contacts, value, form_contacts)
    select status, sum(contacts), sum(value), sum(form_contacts) from gone group by status`);
}

/** The board (GET /api/admin/pipeline): five columns with count, value sum and first page. */
export async function getBoard(db: Db, currency: string): Promise<Board> {
  const [totals, ...pages] = await Promise.all([
    boardTotals(db),
    ...boardStatuses.map((status) => boardColumnPage(db, status)),
  ]);
  return {
    currency,
    columns: boardStatuses.map((status, i) => ({
      status,
      count: totals.get(status)?.count ?? 0,
      value: totals.get(status)?.value ?? 0,
      ...pages[i]!,
    })),
  };
}
