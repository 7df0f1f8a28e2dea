import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactStageChanges, contacts, contactTasks, tags } from '../../src/db/schema/index.ts';
import { solvedPow } from './helpers/proof-of-work.ts';
import { createTestApp, insertContacts, signIn, type TestApp } from './helpers/test-app.ts';

/**
 * The pipeline's record (decision 063): the `lost` status with its reason, deal value and expected
 * close, a stage-change row for every path that changes a status (status route, PATCH, bulk, Turn
 * into Client, merge, import, spam and release), the timeline, and erasure of the history.
 */

let t: TestApp;
let cookie: string;
const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const history = async (id: number) =>
  (
    await t.database.db
      .select()
      .from(contactStageChanges)
      .where(eq(contactStageChanges.contactId, id))
      .orderBy(contactStageChanges.id)
  ).map((r) => ({ from: r.fromStatus, to: r.toStatus, reason: r.lostReason, text: r.lostReasonText }));
const seed = (prefix: string, n = 1) => insertContacts(t.database.db, prefix, n, 'stages.example');

beforeAll(async () => {
  t = await createTestApp({ CURRENCY: 'usd' });
  cookie = await signIn(t.app);
});
afterAll(async () => t.close());

describe('lost with a reason', () => {
  it('moves a contact to lost with its reason, records the change, and drops the reason when it moves on', async () => {
    const [id] = await seed('lost');
    const res = await api('POST', `/api/admin/contacts/${id}/status`, {
      status: 'lost',
      lostReason: 'other',
      lostReasonText: '  Went with their cousin  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'lost',
      lostReason: 'other',
      lostReasonText: 'Went with their cousin',
    });
    const back = await api('POST', `/api/admin/contacts/${id}/status`, { status: 'qualified' });
    expect(back.json()).toMatchObject({ status: 'qualified', lostReason: null, lostReasonText: null });
    expect(await history(id!)).toEqual([
      { from: 'new', to: 'lost', reason: 'other', text: 'Went with their cousin' },
      { from: 'lost', to: 'qualified', reason: null, text: null },
    ]);
  });

  it('refuses lost without a reason, a reason without lost, other without words, and unknown reasons, writing nothing', async () => {
    const [id] = await seed('refused');
    for (const body of [
      { status: 'lost' },
      { status: 'qualified', lostReason: 'budget' },
      { status: 'lost', lostReason: 'other' },
      { status: 'lost', lostReason: 'other', lostReasonText: '   ' },
      { status: 'lost', lostReason: 'budget', lostReasonText: 'words only go with other' },
      { status: 'lost', lostReason: 'mood' },
      { status: 'lost', lostReason: 'other', lostReasonText: 'x'.repeat(501) },
      { status: 'lost', lostReason: 'budget\u0000' },
    ]) {
      const res = await api('POST', `/api/admin/contacts/${id}/status`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    const patch = await api('PATCH', `/api/admin/contacts/${id}`, { lostReason: 'budget' });
    expect(patch.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(contacts).where(eq(contacts.id, id!));
    expect(row).toMatchObject({ status: 'new', lostReason: null });
    expect(await history(id!)).toEqual([]);
  });

  it('takes lost through PATCH and through a bulk action, each with its reason', async () => {
    const [a, b, c] = await seed('paths', 3);
    const patch = await api('PATCH', `/api/admin/contacts/${a}`, { status: 'lost', lostReason: 'timing' });
    expect(patch.statusCode, patch.body).toBe(200);
    const bulk = await api('POST', '/api/admin/contacts/bulk', {
      selection: { ids: [b, c] },
      action: { type: 'setStatus', status: 'lost', lostReason: 'no_reply' },
    });
    expect(bulk.json()).toEqual({ affected: 2 });
    expect(await history(a!)).toEqual([{ from: 'new', to: 'lost', reason: 'timing', text: null }]);
    expect(await history(c!)).toEqual([{ from: 'new', to: 'lost', reason: 'no_reply', text: null }]);
    const refused = await api('POST', '/api/admin/contacts/bulk', {
      selection: { ids: [a] },
      action: { type: 'setStatus', status: 'lost' },
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe('deal value and expected close', () => {
  it('stores integer minor units and a date, clears them with null, and answers the currency with the detail', async () => {
    const [id] = await seed('deal');
    const res = await api('PATCH', `/api/admin/contacts/${id}`, {
      dealValue: 1_250_00,
      expectedCloseOn: '2027-03-01',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ dealValue: 125000, expectedCloseOn: '2027-03-01' });
    const detail = await api('GET', `/api/admin/contacts/${id}`);
    expect(detail.json()).toMatchObject({ currency: 'USD', contact: { dealValue: 125000 } });
    // Other fields left out stay; null clears.
    const cleared = await api('PATCH', `/api/admin/contacts/${id}`, { dealValue: null });
    expect(cleared.json()).toMatchObject({ dealValue: null, expectedCloseOn: '2027-03-01', name: 'deal 0' });
  });

  it('refuses fractions, negatives, text, huge numbers and impossible dates', async () => {
    const [id] = await seed('baddeal');
    for (const body of [
      { dealValue: 10.5 },
      { dealValue: -1 },
      { dealValue: '100' },
      { dealValue: 1e19 },
      { expectedCloseOn: '2027-02-30' },
      { expectedCloseOn: '2027-3-1' },
      { expectedCloseOn: '1999-12-01' },
      { expectedCloseOn: '2027-03-01T00:00:00Z' },
    ]) {
      const res = await api('PATCH', `/api/admin/contacts/${id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const [row] = await t.database.db.select().from(contacts).where(eq(contacts.id, id!));
    expect(row).toMatchObject({ dealValue: null, expectedCloseOn: null });
  });

  it('refuses a CURRENCY that is not ISO 4217', async () => {
    await expect(createTestApp({ CURRENCY: 'EURO' })).rejects.toThrow(/CURRENCY/);
  });
});

describe('stage history on every path', () => {
  it('records Turn into Client, merge, spam and release, Add Contact and import entries', async () => {
    const [converted] = await seed('convert');
    expect((await api('POST', `/api/admin/contacts/${converted}/convert-to-client`)).statusCode).toBe(201);
    expect(await history(converted!)).toEqual([{ from: 'new', to: 'converted', reason: null, text: null }]);

    // Merge keeps the further status (the duplicate's qualified).
    const [keep] = await seed('merge');
    const [dup] = await insertContacts(t.database.db, 'mergedup', 1, 'stages.example', () => ({
      email: 'MERGE0@stages.example',
      legacyDuplicate: true,
      status: 'qualified',
    }));
    const merged = await api('POST', `/api/admin/contacts/${keep}/merge`, { duplicateId: dup });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(await history(keep!)).toEqual([{ from: 'new', to: 'qualified', reason: null, text: null }]);

    const [spam] = await seed('spam');
    expect((await api('POST', `/api/admin/contacts/${spam}/spam`)).statusCode).toBe(200);
    expect((await api('POST', `/api/admin/contacts/${spam}/not-spam`)).statusCode).toBe(200);
    expect(await history(spam!)).toEqual([
      { from: 'new', to: 'spam', reason: null, text: null },
      { from: 'spam', to: 'new', reason: null, text: null },
    ]);

    const added = await api('POST', '/api/admin/contacts', {
      name: 'Added',
      email: 'added@stages.example',
      status: 'contacted',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(await history(added.json().id)).toEqual([
      { from: null, to: 'contacted', reason: null, text: null },
    ]);
    const addedNew = await api('POST', '/api/admin/contacts', {
      name: 'Plain',
      email: 'plain@stages.example',
    });
    expect(await history(addedNew.json().id)).toEqual([]);
    const lostOnAdd = await api('POST', '/api/admin/contacts', {
      name: 'Nope',
      email: 'nope@stages.example',
      status: 'lost',
    });
    expect(lostOnAdd.statusCode).toBe(400);

    const form = new FormData();
    form.append(
      'file',
      new Blob(['email,name,status\nimp1@stages.example,Imp One,qualified\nimp2@stages.example,Imp Two,\n'], {
        type: 'text/csv',
      }),
      'stages.csv',
    );
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/admin/contacts/import',
      headers: { cookie },
      payload: form,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const [imp1] = await t.database.db
      .select()
      .from(contacts)
      .where(eq(contacts.email, 'imp1@stages.example'));
    const [imp2] = await t.database.db
      .select()
      .from(contacts)
      .where(eq(contacts.email, 'imp2@stages.example'));
    expect(await history(imp1!.id)).toEqual([{ from: null, to: 'qualified', reason: null, text: null }]);
    expect(await history(imp2!.id)).toEqual([]);
  });

  it('a status set again to the same value, or a field edit, records nothing', async () => {
    const [id] = await seed('same');
    await api('POST', `/api/admin/contacts/${id}/status`, { status: 'contacted' });
    await api('POST', `/api/admin/contacts/${id}/status`, { status: 'contacted' });
    await api('PATCH', `/api/admin/contacts/${id}`, { company: 'Acme' });
    expect(await history(id!)).toHaveLength(1);
  });

  it('records one row per contact a statement changed: a bulk change of many, a form post releasing held spam', async () => {
    const ids = await seed('many', 40);
    const [already] = ids;
    await api('POST', `/api/admin/contacts/${already}/status`, { status: 'qualified' });
    const bulk = await api('POST', '/api/admin/contacts/bulk', {
      selection: { ids },
      action: { type: 'setStatus', status: 'qualified' },
    });
    expect(bulk.json()).toEqual({ affected: 39 });
    const [counted] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(contactStageChanges)
      .where(sql`${contactStageChanges.contactId} = any(${sql.raw(`array[${ids.join(',')}]`)})`);
    // 40 moved by the bulk action (one of them already qualified, so 39) plus the single move.
    expect(counted!.n).toBe(40);
    expect(await history(already!)).toEqual([{ from: 'new', to: 'qualified', reason: null, text: null }]);

    // Held without a proof of work, then the same person with one: the form's upsert releases it.
    const person = {
      name: 'Held Then Real',
      email: 'held.then.real@stages.example',
      message: 'A real question.',
    };
    const held = await t.app.inject({ method: 'POST', url: '/api/contact', payload: person });
    await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...person, altcha: await solvedPow(t.app) },
    });
    expect(await history(held.json().id)).toEqual([{ from: 'spam', to: 'new', reason: null, text: null }]);
  });

  it('records every change of parallel moves of one contact, none lost', async () => {
    const [id] = await seed('burst');
    const statuses = ['contacted', 'qualified', 'new', 'converted', 'contacted', 'qualified'] as const;
    const answers = await Promise.all(
      statuses.map((status) => api('POST', `/api/admin/contacts/${id}/status`, { status })),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const rows = await history(id!);
    const [row] = await t.database.db.select().from(contacts).where(eq(contacts.id, id!));
    // A chain: each change starts where the one before ended, and the last ends at the status.
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.from).toBe(rows[i - 1]!.to);
    expect(rows.at(-1)!.to).toBe(row!.status);
  });
});

describe('GET /api/admin/contacts/{id}/timeline', () => {
  it('lists the creation, emails both ways, stage changes, notes, tasks and tags, newest first', async () => {
    const [id] = await seed('timeline');
    const db = t.database.db;
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 9, minutes));
    await db
      .update(contacts)
      .set({ createdAt: at(0) })
      .where(eq(contacts.id, id!));
    await db.execute(sql`insert into contact_messages (contact_id, sender, subject, content, sent_at)
      values (${id}, 'admin', 'Quote', '<p>Hi</p>', ${at(10).toISOString()}::timestamptz),
             (${id}, 'contact', 'Re: Quote', '<p>Yes</p>', ${at(20).toISOString()}::timestamptz)`);
    const [tag] = await db.insert(tags).values({ name: 'Timeline tag', color: '#64748B' }).returning();
    await db.execute(
      sql`insert into contact_tags (contact_id, tag_id, created_at) values (${id}, ${tag!.id}, ${at(30).toISOString()}::timestamptz)`,
    );
    await db.insert(contactTasks).values({
      contactId: id!,
      title: 'Call back',
      createdAt: at(40),
      completedAt: at(50),
      status: 'completed',
    });
    // Stage changes and notes are stamped by the database at the real now: after all of the above.
    await api('POST', `/api/admin/contacts/${id}/status`, { status: 'lost', lostReason: 'budget' });
    await api('PATCH', `/api/admin/contacts/${id}`, { notes: 'Too expensive for now' });
    const res = await api('GET', `/api/admin/contacts/${id}/timeline`);
    expect(res.statusCode, res.body).toBe(200);
    const kinds = res.json().items.map((i: { kind: string }) => i.kind);
    expect(kinds).toEqual([
      'notes',
      'stage',
      'task-completed',
      'task-created',
      'tag',
      'message',
      'message',
      'created',
    ]);
    expect(res.json().items[1]).toMatchObject({ from: 'new', to: 'lost', lostReason: 'budget' });
    expect(res.json().items[5]).toMatchObject({ sender: 'contact', subject: 'Re: Quote' });
    expect(res.json().items[7]).toMatchObject({ origin: 'form', at: at(0).toISOString() });
    expect(res.json().more).toBe(false);
  });

  it('answers 404 for an unknown contact and 400 for a malformed or huge id', async () => {
    expect((await api('GET', '/api/admin/contacts/99999999/timeline')).statusCode).toBe(404);
    expect((await api('GET', '/api/admin/contacts/1e3/timeline')).statusCode).toBe(400);
    expect((await api('GET', '/api/admin/contacts/99999999999999999999/timeline')).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/contacts/1/timeline' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('erasing the contact removes its stage history', async () => {
    const [id] = await seed('erase');
    await api('POST', `/api/admin/contacts/${id}/status`, { status: 'lost', lostReason: 'budget' });
    expect(await history(id!)).toHaveLength(1);
    expect((await api('DELETE', `/api/admin/contacts/${id}`)).statusCode).toBe(204);
    expect(await history(id!)).toEqual([]);
  });
});
