import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, contactTags } from '../../src/db/schema/index.ts';
import { createTestApp, insertContacts, signIn, type TestApp } from './helpers/test-app.ts';

/**
 * Bulk actions (POST /api/admin/contacts/bulk): by ticked ids or by the list's filter ('Select all
 * N matching') less unticked ids; set status, add or remove a tag, delete (erase).
 */

let t: TestApp;
let cookie: string;
const bulk = (payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/contacts/bulk',
    headers: { cookie },
    payload: payload as object,
  });

const seed = (prefix: string, n: number) => insertContacts(t.database.db, prefix, n, 'bulk.example');

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signIn(t.app);
});
afterAll(async () => t.close());

describe('POST /api/admin/contacts/bulk', () => {
  it('sets the status of every contact matching the filter, less the unticked, and leaves others', async () => {
    const ids = await seed('alpha', 30);
    const others = await seed('beta', 5);
    const res = await bulk({
      selection: { filter: { q: 'alpha' }, exceptIds: [ids[0], ids[1]] },
      action: { type: 'setStatus', status: 'qualified' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ affected: 28 });
    const rows = await t.database.db
      .select()
      .from(contacts)
      .where(inArray(contacts.id, [...ids, ...others]));
    const qualified = rows.filter((r) => r.status === 'qualified').map((r) => r.id);
    expect(qualified.sort((a, b) => a - b)).toEqual(ids.slice(2));
    // Again without exceptions: only the two left out change; a third time, nothing.
    expect(
      (
        await bulk({
          selection: { filter: { q: 'alpha' } },
          action: { type: 'setStatus', status: 'qualified' },
        })
      ).json(),
    ).toEqual({ affected: 2 });
    expect(
      (
        await bulk({
          selection: { filter: { q: 'alpha' } },
          action: { type: 'setStatus', status: 'qualified' },
        })
      ).json(),
    ).toEqual({ affected: 0 });
  });

  it('adds and removes a tag by ticked ids', async () => {
    const ids = await seed('gamma', 4);
    const tag = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/tags',
        headers: { cookie },
        payload: { name: 'Bulk', color: '#123456' },
      })
    ).json();
    expect(
      (await bulk({ selection: { ids: ids.slice(0, 3) }, action: { type: 'addTag', tagId: tag.id } })).json(),
    ).toEqual({
      affected: 3,
    });
    expect((await bulk({ selection: { ids }, action: { type: 'addTag', tagId: tag.id } })).json()).toEqual({
      affected: 1,
    });
    const tagged = await t.database.db.select().from(contactTags).where(eq(contactTags.tagId, tag.id));
    expect(tagged).toHaveLength(4);
    expect(
      (await bulk({ selection: { ids: [ids[0]] }, action: { type: 'removeTag', tagId: tag.id } })).json(),
    ).toEqual({
      affected: 1,
    });
    expect((await bulk({ selection: { ids }, action: { type: 'addTag', tagId: 999999 } })).statusCode).toBe(
      404,
    );
  });

  it('deletes (erases) every matching contact in batches', async () => {
    await seed('delta', 25);
    const keep = await seed('epsilon', 3);
    const res = await bulk({ selection: { filter: { q: 'delta' } }, action: { type: 'delete' } });
    expect(res.json()).toEqual({ affected: 25 });
    const left = await t.database.db
      .select({ n: sql<number>`count(*)` })
      .from(contacts)
      .where(sql`${contacts.email} like 'delta%'`);
    expect(Number(left[0]!.n)).toBe(0);
    expect(await t.database.db.select().from(contacts).where(inArray(contacts.id, keep))).toHaveLength(3);
  });

  it('refuses a bad selection or action', async () => {
    const cases: unknown[] = [
      { selection: { ids: [] }, action: { type: 'delete' } },
      { selection: { ids: Array.from({ length: 10_001 }, (_, i) => i + 1) }, action: { type: 'delete' } },
      { selection: { ids: [2 ** 31] }, action: { type: 'delete' } },
      { selection: { ids: [1] }, action: { type: 'setStatus', status: 'lost' } },
      { selection: { ids: [1] }, action: { type: 'explode' } },
      { selection: { filter: { status: 'nope' } }, action: { type: 'delete' } },
      { action: { type: 'delete' } },
    ];
    for (const payload of cases)
      expect((await bulk(payload)).statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
  });
});
