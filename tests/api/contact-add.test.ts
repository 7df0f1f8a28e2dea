import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, contactTags } from '../../src/db/schema/index.ts';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts';

/** Add Contact: POST /api/admin/contacts → 201 `{ id }`, 409 `{ error, id }` for a known address. */

let t: TestApp;
let cookie: string;
const add = (payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/contacts',
    headers: { cookie },
    payload: payload as object,
  });

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signIn(t.app);
});
afterAll(async () => t.close());

describe('POST /api/admin/contacts', () => {
  it('adds a contact by hand: origin manual, no message, status, notes, company, tags', async () => {
    const tag = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/tags',
        headers: { cookie },
        payload: { name: 'Referral', color: '#00AA55' },
      })
    ).json();
    const res = await add({
      name: '  Rania Haddad  ',
      email: 'Rania@Example.com',
      phone: '+44 20 7946 0000',
      company: 'Haddad & Sons',
      notes: 'Met at the fair',
      status: 'qualified',
      tagIds: [tag.id, 999999],
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    expect(Object.keys(res.json())).toEqual(['id']);
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/admin/contacts/${id}`, headers: { cookie } })
    ).json();
    expect(detail.contact).toMatchObject({
      name: 'Rania Haddad',
      email: 'Rania@Example.com',
      phone: '+44 20 7946 0000',
      company: 'Haddad & Sons',
      notes: 'Met at the fair',
      status: 'qualified',
      message: '',
      origin: 'manual',
      unsubscribed: false,
    });
    expect(detail.tags.map((g: { name: string }) => g.name)).toEqual(['Referral']);
    // No notification: the owner typed it in.
    const queued = await t.database.db.select().from(contacts).where(eq(contacts.id, id));
    expect(queued).toHaveLength(1);
  });

  it('refuses an existing address in another letter case with 409 and its id, writing nothing', async () => {
    const first = await add({ name: 'Ana', email: 'ana.silva@example.com' });
    expect(first.statusCode).toBe(201);
    const before = await t.database.db.select().from(contacts);
    const again = await add({ name: 'Ana Again', email: 'ANA.SILVA@EXAMPLE.COM', tagIds: [1] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: 'A contact with this email address already exists.',
      id: first.json().id,
    });
    expect(await t.database.db.select().from(contacts)).toHaveLength(before.length);
    expect(
      await t.database.db.select().from(contactTags).where(eq(contactTags.contactId, first.json().id)),
    ).toEqual([]);
    // Also an address that came in through the public form.
    const lead = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Form Lead', email: 'form.lead@example.com', message: 'Hi' },
    });
    expect((await add({ name: 'X', email: 'Form.Lead@example.com' })).json().id).toBe(lead.json().id);
  });

  it('parallel adds of one new address make one contact', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => add({ name: `Racer ${i}`, email: `RACE@example.com` })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
  });

  it('validates: name and email required, bad address, bad phone, bad status, huge notes, NUL', async () => {
    const cases: [unknown, string][] = [
      [{ email: 'a@example.com' }, 'name'],
      [{ name: 'A' }, 'email'],
      [{ name: 'A', email: 'not-an-address' }, 'email'],
      [{ name: 'A', email: 'a@example.com', phone: 'call me=1+1' }, 'phone'],
      [{ name: 'A', email: 'a@example.com', status: 'lost' }, 'status'],
      [{ name: 'A', email: 'a@example.com', notes: 'x'.repeat(20_001) }, 'notes'],
      [{ name: 'A', email: 'a@example.com', tagIds: [2 ** 31] }, 'tagIds.0'],
      [{ name: 'A'.repeat(201), email: 'a@example.com' }, 'name'],
    ];
    for (const [payload, field] of cases) {
      const res = await add(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().details.fieldErrors).toHaveProperty(field);
    }
    expect((await add({ name: 'A\u0000B', email: 'nul@example.com' })).statusCode).toBe(400);
    // Emoji, RTL and long words are names like any other.
    const res = await add({ name: 'مريم 👩🏽‍💻 '.concat('x'.repeat(150)), email: 'maryam@example.com' });
    expect(res.statusCode).toBe(201);
  });

  it('a person who unsubscribed and was erased starts unsubscribed when added again', async () => {
    const lead = (
      await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Gone', email: 'gone@example.com', message: 'Hi' },
      })
    ).json();
    await t.database.db.update(contacts).set({ unsubscribedAt: new Date() }).where(eq(contacts.id, lead.id));
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/contacts/${lead.id}`, headers: { cookie } }))
        .statusCode,
    ).toBe(204);
    const res = await add({ name: 'Gone Again', email: 'GONE@example.com' });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(contacts).where(eq(contacts.id, res.json().id));
    expect(row!.unsubscribedAt).not.toBeNull();
    // Someone never seen before is not.
    const fresh = await add({ name: 'Fresh', email: 'fresh@example.com' });
    const [f] = await t.database.db.select().from(contacts).where(eq(contacts.id, fresh.json().id));
    expect(f!.unsubscribedAt).toBeNull();
  });
});
