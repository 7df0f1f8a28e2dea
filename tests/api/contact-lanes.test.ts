import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../src/db/schema/index.ts';
import { bulkUpdateContacts } from '../../src/server/contacts/bulk-update-contacts.ts';
import {
  type IdRange,
  idRanges,
  inLanes,
  overWindows,
  withDeadlockRetry,
} from '../../src/server/contacts/contact-lanes.ts';
import { createTestApp, insertContacts, type TestApp } from './helpers/test-app.ts';

/**
 * Bulk changes in id ranges side by side (src/server/contacts/contact-lanes.ts, decision 050), with
 * id windows far smaller than the defaults so that every lane runs many of them.
 */

let t: TestApp;
const hashKey = Buffer.alloc(32, 7);

/** `n` contacts, every fourth one qualified. */
const seed = (prefix: string, n: number) =>
  insertContacts(t.database.db, prefix, n, 'lanes.example', (i) => ({
    status: i % 4 === 0 ? 'qualified' : 'new',
  }));

const statuses = async (prefix: string) =>
  (
    (await t.database.db.execute(
      sql`select status, count(*)::int as n from contacts where name like ${`${prefix} %`} group by status order by status`,
    )) as unknown as { rows: { status: string; n: number }[] }
  ).rows;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('contact lanes', () => {
  it('splits the matching contacts into ranges of about equal size, from the first to the last', async () => {
    const ids = await seed('split', 90);
    const where = sql`${contacts.name} like 'split %'`;
    const first = Math.min(...ids);
    const last = Math.max(...ids);
    expect(await idRanges(t.database.db, where, 1)).toEqual([{ after: first - 1, last }]);
    for (const lanes of [2, 3, 4]) {
      const ranges = await idRanges(t.database.db, where, lanes);
      expect(ranges).toHaveLength(lanes);
      expect(ranges[0]!.after).toBe(first - 1);
      expect(ranges.at(-1)!.last).toBe(last);
      for (let i = 1; i < ranges.length; i++) expect(ranges[i]!.after).toBe(ranges[i - 1]!.last);
      const sizes = ranges.map((r) => ids.filter((id) => id > r.after && id <= r.last).length);
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(90);
      for (const size of sizes) expect(Math.abs(size - 90 / lanes)).toBeLessThanOrEqual(1);
    }
    // One matching contact: one range, holding it.
    expect(await idRanges(t.database.db, sql`${contacts.id} = ${ids[5]!}`, 4)).toEqual([
      { after: ids[5]! - 1, last: ids[5]! },
    ]);
    // Nothing matching: no range, nothing to do.
    expect(await idRanges(t.database.db, sql`false`, 3)).toEqual([]);
  });

  it('walks a range in windows of ids, the last one short', async () => {
    const seen: IdRange[] = [];
    const total = await overWindows({ after: 10, last: 33 }, 10, async (w) => {
      seen.push(w);
      return w.last - w.after;
    });
    expect(seen).toEqual([
      { after: 10, last: 20 },
      { after: 20, last: 30 },
      { after: 30, last: 33 },
    ]);
    expect(total).toBe(23);
  });

  it('sets a status in 3 lanes of 7-id windows: every matching contact once, the count exact', async () => {
    await seed('status', 100);
    const affected = await bulkUpdateContacts(
      t.database.db,
      {
        selection: { filter: { q: 'status ' }, exceptIds: [] },
        action: { type: 'setStatus', status: 'qualified' },
      },
      { hashKey, outboxDir: null, lanes: 3, statusBatchSize: 7 },
    );
    expect(affected).toBe(75);
    expect(await statuses('status')).toEqual([{ status: 'qualified', n: 100 }]);
  });

  it('erases in 3 lanes of 4-id windows: every matching contact, nobody else', async () => {
    await seed('erase', 61);
    const kept = await seed('keep', 5);
    const affected = await bulkUpdateContacts(
      t.database.db,
      { selection: { filter: { q: 'erase ' }, exceptIds: [] }, action: { type: 'delete' } },
      { hashKey, outboxDir: null, lanes: 3, batchSize: 4 },
    );
    expect(affected).toBe(61);
    expect(await statuses('erase')).toEqual([]);
    expect((await statuses('keep')).reduce((n, r) => n + r.n, 0)).toBe(kept.length);
  });

  it('waits for every lane before it fails, and runs a deadlock victim again', async () => {
    const ended: number[] = [];
    const run = inLanes(
      [
        { after: 0, last: 1 },
        { after: 1, last: 2 },
      ],
      async ({ last }) => {
        if (last === 1) throw new Error('lane 1 failed');
        await new Promise((resolve) => setTimeout(resolve, 50));
        ended.push(last);
        return 1;
      },
    );
    await expect(run).rejects.toThrow('lane 1 failed');
    expect(ended).toEqual([2]);
    // A deadlock's victim runs again; any other error, or a fifth deadlock, goes up at once.
    const deadlock = () =>
      new Error('query failed', { cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }) });
    let attempts = 0;
    expect(
      await withDeadlockRetry(async () => {
        attempts++;
        if (attempts < 3) throw deadlock();
        return 'done';
      }),
    ).toBe('done');
    expect(attempts).toBe(3);
    attempts = 0;
    await expect(
      withDeadlockRetry(async () => {
        attempts++;
        throw deadlock();
      }),
    ).rejects.toThrow('query failed');
    expect(attempts).toBe(5);
    attempts = 0;
    await expect(
      withDeadlockRetry(async () => {
        attempts++;
        throw Object.assign(new Error('duplicate key'), { code: '23505' });
      }),
    ).rejects.toThrow('duplicate key');
    expect(attempts).toBe(1);
  });
});
