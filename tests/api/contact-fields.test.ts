import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, unsubscribes } from '../../src/db/schema/index.ts';
import { solvedPow } from './helpers/proof-of-work.ts';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts';

/**
 * The contact's fields, declared once (src/shared/contact-fields.ts, decision 058): editing each
 * field (PATCH /api/admin/contacts/{id}) with Add Contact's checks and 409 on a taken address, merge
 * and 'Turn into Client' carrying the company, the CSV export's Company column read back by the
 * import; and the origin of each contact (form, manual, import with its file), which keeps imported
 * people out of the lead counts and the default list.
 */

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signIn(t.app);
});
afterAll(async () => t.close());

const patch = (id: number, payload: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/admin/contacts/${id}`,
    headers: { cookie },
    payload: payload as object,
  });
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const add = async (payload: object): Promise<number> => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/contacts',
    headers: { cookie },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
};
/** A real lead through the public form (solved proof of work: not spam). */
const submitLead = async (name: string, email: string, message: string): Promise<number> => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: { name, email, message, altcha: await solvedPow(t.app) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
};
function importCsv(csv: string, filename = 'people.csv') {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), filename);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/contacts/import',
    headers: { cookie },
    payload: form,
  });
}
const listEmails = async (query: string) =>
  ((await get(`/api/admin/contacts?${query}`)).json() as { email: string }[]).map((c) => c.email);

describe('PATCH /api/admin/contacts/{id}: every field', () => {
  it('changes name, email, phone and company; keys left out stay; the search finds the new name', async () => {
    const id = await add({ name: 'Old Name', email: 'old.name@example.com', phone: '123', notes: 'keep me' });
    const res = await patch(id, {
      name: '  Zerelda Quimby  ',
      email: 'Zerelda@Quimby.example',
      phone: '+44 (0) 20-7946.0000',
      company: 'Quimby & Söhne',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Zerelda Quimby',
      email: 'Zerelda@Quimby.example',
      phone: '+44 (0) 20-7946.0000',
      company: 'Quimby & Söhne',
      notes: 'keep me',
      status: 'new',
    });
    expect(await listEmails('view=all&q=zerelda')).toEqual(['Zerelda@Quimby.example']);
    expect(await listEmails('view=all&q=quimby.example')).toEqual(['Zerelda@Quimby.example']);
    expect(await listEmails('view=all&q=old.name')).toEqual([]);
    // Blank optional fields clear; the detail shows what was saved.
    expect((await patch(id, { phone: '', company: '   ' })).json()).toMatchObject({
      phone: null,
      company: null,
    });
    expect((await get(`/api/admin/contacts/${id}`)).json().contact).toMatchObject({
      name: 'Zerelda Quimby',
      phone: null,
      company: null,
    });
  });

  it('accepts emoji, right-to-left names and line-less long words; a case-only address change is no conflict', async () => {
    const id = await add({ name: 'Someone', email: 'case.only@example.com' });
    for (const name of ['Zoë 🦄 Ünal', 'مريم الحداد', 'אברהם כהן', 'Ŵ'.repeat(200)]) {
      const res = await patch(id, { name });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().name).toBe(name);
    }
    const res = await patch(id, { email: 'CASE.ONLY@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().email).toBe('CASE.ONLY@example.com');
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const id = await add({ name: 'Valid Person', email: 'valid.person@example.com', company: 'Valid Co' });
    const cases: [object, RegExp][] = [
      [{ email: 'not-an-address' }, /valid email/],
      [{ email: '' }, /Email is required/],
      [{ name: '' }, /Name is required/],
      [{ name: '   ' }, /Name is required/],
      [{ name: null }, /Name is required/],
      [{ name: 'x'.repeat(10_000) }, /at most 200/],
      [{ company: 'x'.repeat(10_000) }, /at most 200/],
      [{ phone: 'call me=now' }, /Phone may contain/],
      [{ phone: '1'.repeat(10_000) }, /at most 40/],
      [{ email: `${'a'.repeat(10_000)}@example.com` }, /at most 254/],
      [{ name: 'Nul\u0000Byte' }, /NUL|name/i],
      [{ company: 'Nul\u0000Co' }, /NUL|company/i],
      [{ notes: 'x'.repeat(20_001) }, /20,000/],
      [{ status: 'spam' }, /Status must be one of/],
    ];
    for (const [payload, message] of cases) {
      const res = await patch(id, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().error).toMatch(message);
    }
    expect((await get(`/api/admin/contacts/${id}`)).json().contact).toMatchObject({
      name: 'Valid Person',
      email: 'valid.person@example.com',
      company: 'Valid Co',
    });
    expect((await patch(2_147_483_647, { name: 'Nobody' })).statusCode).toBe(404);
  });

  it('refuses an address another contact has (any case) with 409 and its id, writing nothing', async () => {
    const taken = await submitLead('Taken Address', 'taken@example.com', 'I wrote first');
    const id = await add({ name: 'Editor', email: 'editor@example.com' });
    const res = await patch(id, { name: 'Renamed Too', email: 'TAKEN@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Another contact has this email address.', id: taken });
    expect((await get(`/api/admin/contacts/${id}`)).json().contact).toMatchObject({
      name: 'Editor',
      email: 'editor@example.com',
    });
    // Parallel edits of two contacts to one new address: one wins, the other is told who has it.
    const other = await add({ name: 'Other Editor', email: 'other.editor@example.com' });
    const both = await Promise.all([
      patch(id, { email: 'race@example.com' }),
      patch(other, { email: 'race@example.com' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = both.find((r) => r.statusCode === 200)!.json().id;
    expect(both.find((r) => r.statusCode === 409)!.json().id).toBe(winner);
  });

  it('a status change with a taken address leaves a contact held as spam held: nothing written, nothing sent', async () => {
    const taken = await submitLead('Kept Address', 'kept.address@example.com', 'I wrote first');
    const held = await add({ name: 'Held Person', email: 'held.person@example.com' });
    await t.database.db
      .update(contacts)
      .set({ status: 'spam', spamReasons: ['owner'] })
      .where(eq(contacts.id, held));
    const queued = async () =>
      Number(
        (
          (await t.database.db.execute(sql`select count(*) as n from mail_queue`)) as unknown as {
            rows: { n: number | string }[];
          }
        ).rows[0]!.n,
      );
    const before = await queued();
    const res = await patch(held, {
      status: 'contacted',
      name: 'Renamed',
      email: 'kept.address@example.com',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().id).toBe(taken);
    const [row] = await t.database.db.select().from(contacts).where(eq(contacts.id, held));
    expect(row).toMatchObject({ status: 'spam', name: 'Held Person', email: 'held.person@example.com' });
    expect(await queued()).toBe(before);
  });

  it('a new address clears the old bounce and is unsubscribed when the list has it', async () => {
    const id = await add({ name: 'Bouncer', email: 'bouncer@example.com' });
    await t.database.db
      .update(contacts)
      .set({ bouncingAt: new Date(), bounceReason: '550 no such user' })
      .where(eq(contacts.id, id));
    await t.database.db.insert(unsubscribes).values({ email: 'Gone.Away@example.com' });
    const res = await patch(id, { email: 'gone.away@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ bouncing: false, bounceReason: null, unsubscribed: true });
  });

  it('merges into the contact that has the new address when asked (anyAddress), keeping its address', async () => {
    const kept = await add({ name: 'Kept Person', email: 'kept.person@example.com' });
    const edited = await add({ name: 'Edited Person', email: 'edited@example.com', company: 'Edited Ltd' });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/contacts/${kept}/merge`,
          headers: { cookie },
          payload: { duplicateId: edited },
        })
      ).statusCode,
    ).toBe(409);
    const merged = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contacts/${kept}/merge`,
      headers: { cookie },
      payload: { duplicateId: edited, anyAddress: true },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toMatchObject({ email: 'kept.person@example.com', company: 'Edited Ltd' });
    expect((await get(`/api/admin/contacts/${edited}`)).statusCode).toBe(404);
  });
});

describe('fields carried by merge, Turn into Client and the CSV export', () => {
  it('merge keeps the duplicate company when the kept contact has none, and the kept one otherwise', async () => {
    const keep = await add({ name: 'Keep', email: 'merge.co@example.com' });
    // A second contact with the same address, as migration 0001 left them (legacy duplicate).
    const [dup] = await t.database.db
      .insert(contacts)
      .values({
        name: 'Dup',
        email: 'MERGE.CO@example.com',
        message: 'later',
        company: 'Dup Company',
        phone: '555',
        legacyDuplicate: true,
      })
      .returning();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contacts/${keep}/merge`,
      headers: { cookie },
      payload: { duplicateId: dup!.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Keep', company: 'Dup Company', phone: '555' });

    const keep2 = await add({ name: 'Keep2', email: 'merge.co2@example.com', company: 'Kept Co' });
    const [dup2] = await t.database.db
      .insert(contacts)
      .values({
        name: 'D2',
        email: 'merge.co2@example.com',
        message: 'x',
        company: 'Lost Co',
        legacyDuplicate: true,
      })
      .returning();
    const res2 = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contacts/${keep2}/merge`,
      headers: { cookie },
      payload: { duplicateId: dup2!.id },
    });
    expect(res2.json().company).toBe('Kept Co');
  });

  it("'Turn into Client' carries the company", async () => {
    const id = await add({
      name: 'Client To Be',
      email: 'client.tobe@example.com',
      company: 'Tobe GmbH',
      phone: '42',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contacts/${id}/convert-to-client`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Client To Be',
      email: 'client.tobe@example.com',
      phone: '42',
      company: 'Tobe GmbH',
    });
  });

  it('the CSV export has a Company column, and importing the export brings the company back', async () => {
    const id = await add({ name: 'Round Trip', email: 'round.trip@example.com', company: '=Formula & Co' });
    const csv = (await get('/api/admin/contacts/export.csv?q=round.trip')).body;
    const [header, row] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toContain('Name,Email,Phone,Company,Notes');
    expect(row).toContain(",'=Formula & Co,");
    // The file goes into another CRM: erased here, then imported back.
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/contacts/${id}`, headers: { cookie } }))
        .statusCode,
    ).toBe(204);
    const res = await importCsv(csv, 'export.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mapping).toMatchObject({ Company: 'company', Name: 'name', Email: 'email' });
    const [back] = await t.database.db
      .select()
      .from(contacts)
      .where(sql`lower(${contacts.email}) = 'round.trip@example.com'`);
    expect(back).toMatchObject({ name: 'Round Trip', company: '=Formula & Co', origin: 'import' });
  });
});

describe('origin: imported people are not leads', () => {
  it('each path records its origin; an import keeps its file name and time', async () => {
    const form = await submitLead('Origin Form', 'origin.form@example.com', 'Please call me about a shop');
    const manual = await add({ name: 'Origin Manual', email: 'origin.manual@example.com' });
    const before = Date.now();
    const res = await importCsv(
      'Name,Email\r\nOrigin Import,origin.import@example.com\r\n',
      'Kunden März.csv',
    );
    expect(res.statusCode, res.body).toBe(200);
    const [imported] = await t.database.db
      .select({ id: contacts.id })
      .from(contacts)
      .where(eq(contacts.email, 'origin.import@example.com'));
    const detail = async (id: number) => (await get(`/api/admin/contacts/${id}`)).json().contact;
    expect(await detail(form)).toMatchObject({ origin: 'form', importedAt: null, importFileName: null });
    expect(await detail(manual)).toMatchObject({ origin: 'manual', importedAt: null, importFileName: null });
    const i = await detail(imported!.id);
    expect(i).toMatchObject({ origin: 'import', importFileName: 'Kunden März.csv' });
    expect(Date.parse(i.importedAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('a contact added by hand is no lead either; a form lead is counted everywhere', async () => {
    const analytics = async () => (await get('/api/admin/analytics')).json();
    const leadFigures = (a: {
      newContacts: number;
      daily: { contacts: number }[];
      leadsBySource: unknown;
    }) => ({
      newContacts: a.newContacts,
      daily: a.daily.map((d) => d.contacts),
      leadsBySource: a.leadsBySource,
    });
    const before = await analytics();
    await add({ name: 'Hand Added', email: 'hand.added@example.com', company: 'Met At A Fair' });
    const afterManual = await analytics();
    expect(leadFigures(afterManual)).toEqual(leadFigures(before));
    expect(afterManual.totalContacts).toBe(before.totalContacts + 1);
    const recent = (await get('/api/admin/contacts?view=form&limit=50')).json() as { email: string }[];
    expect(recent.map((c) => c.email)).not.toContain('hand.added@example.com');

    await submitLead('Counted Lead', 'counted.lead@example.com', 'A quote for a booking site, please');
    const afterLead = await analytics();
    expect(afterLead.newContacts).toBe(before.newContacts + 1);
    expect(afterLead.daily.at(-1).contacts).toBe(before.daily.at(-1).contacts + 1);
    expect(afterLead.totalContacts).toBe(before.totalContacts + 2);
  });

  it('an import of many people changes no lead count and leaves the leads on the first page', async () => {
    const lead = await submitLead('Real Lead', 'real.lead@example.com', 'We need a new website by May');
    const analytics = async () => (await get('/api/admin/analytics')).json();
    const before = await analytics();
    const rows = Array.from({ length: 60 }, (_, i) => `Imported ${i},imported${i}@bulk.example,Bulk Co`);
    const res = await importCsv(`Name,Email,Company\r\n${rows.join('\r\n')}\r\n`, 'bulk.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().create).toBe(60);
    const after = await analytics();
    expect(after.newContacts).toBe(before.newContacts);
    expect(after.daily.map((d: { contacts: number }) => d.contacts)).toEqual(
      before.daily.map((d: { contacts: number }) => d.contacts),
    );
    expect(after.leadsBySource).toEqual(before.leadsBySource);
    expect(after.totalContacts).toBe(before.totalContacts + 60);

    // The list's default view (leads): the real lead on page 1, no imported person at all.
    const page = (await get('/api/admin/contacts?limit=20')).json() as { id: number; origin: string }[];
    expect(page.map((c) => c.id)).toContain(lead);
    expect(page.filter((c) => c.origin === 'import')).toEqual([]);
    const count = async (view: string) => (await get(`/api/admin/contacts/count${view}`)).json().total;
    expect(await count('')).toBe(await count('?view=leads'));
    expect(await count('?view=imported')).toBeGreaterThanOrEqual(60);
    expect(await count('?view=all')).toBe((await count('?view=leads')) + (await count('?view=imported')));
    // 'Imported' lists them (most recent first), not the lead; 'All' both.
    const imported = await listEmails('view=imported&limit=200');
    expect(imported).toContain('imported59@bulk.example');
    expect(imported).not.toContain('real.lead@example.com');
    const all = await listEmails('view=all&limit=200');
    expect(all).toEqual(expect.arrayContaining(['imported0@bulk.example', 'real.lead@example.com']));
    // The dashboard's 'Recent Contacts' (view=form): form leads only.
    const recent = (await get('/api/admin/contacts?view=form&limit=5')).json() as { origin: string }[];
    expect(recent.every((c) => c.origin === 'form')).toBe(true);
    expect((await get('/api/admin/contacts?view=bogus')).statusCode).toBe(400);
  });
});
