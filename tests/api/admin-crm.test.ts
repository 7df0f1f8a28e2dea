import fs from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, clientTasks, contactMessages, contacts } from '../../src/db/schema/index.ts';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let cookie: string;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** One contact per address (decision 019): each test lead gets its own. */
let leads = 0;
async function addContact(values: Partial<typeof contacts.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(contacts)
    .values({ name: 'Test Lead', email: `lead${++leads}@example.com`, message: 'Hello', ...values })
    .returning();
  return row!;
}

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signIn(t.app);
});
afterAll(async () => t.close());

describe('contact detail, status and notes', () => {
  it('answers contact, tags and tasks; 404 for a missing contact; 400 for a bad id', async () => {
    const c = await addContact({ name: 'Detail Person' });
    const res = await call('GET', `/api/admin/contacts/${c.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ contact: { id: c.id, name: 'Detail Person' }, tags: [], tasks: [] });
    const missing = await call('GET', '/api/admin/contacts/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Contact not found' });
    const bad = await call('GET', '/api/admin/contacts/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fieldErrors).toHaveProperty('id');
  });

  it('sets any of the four open statuses directly and refuses others', async () => {
    const c = await addContact();
    for (const status of ['qualified', 'new', 'converted', 'contacted']) {
      const res = await call('POST', `/api/admin/contacts/${c.id}/status`, { status });
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe(status);
    }
    const bad = await call('POST', `/api/admin/contacts/${c.id}/status`, { status: 'archived' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fieldErrors).toHaveProperty('status');
    // Lost needs its reason (decision 063; tests/api/pipeline-stages.test.ts covers it whole).
    expect((await call('POST', `/api/admin/contacts/${c.id}/status`, { status: 'lost' })).statusCode).toBe(
      400,
    );
    expect((await call('POST', '/api/admin/contacts/999999/status', { status: 'new' })).statusCode).toBe(404);
  });

  it('saves and clears notes', async () => {
    const c = await addContact();
    expect(
      (await call('PATCH', `/api/admin/contacts/${c.id}`, { notes: 'Call on Monday' })).json().notes,
    ).toBe('Call on Monday');
    expect((await call('PATCH', `/api/admin/contacts/${c.id}`, { notes: '   ' })).json().notes).toBeNull();
    expect((await call('PATCH', `/api/admin/contacts/${c.id}`, { notes: 5 })).statusCode).toBe(400);
  });
});

describe('send email and conversation', () => {
  it('writes the message to the outbox as MIME and stores it in the thread', async () => {
    const c = await addContact({ name: 'Zoë Müller', email: 'zoe@example.com' });
    const res = await call('POST', `/api/admin/contacts/${c.id}/send-email`, {
      subject: '  Your quote — next steps  ',
      content: '<p>Hi Zoë,</p><p>Here is the <strong>plan</strong>.</p>',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ sender: 'admin', subject: 'Your quote — next steps' });

    const thread = (await call('GET', `/api/admin/contacts/${c.id}/messages`)).json();
    expect(thread).toHaveLength(1);
    expect(thread[0]).toMatchObject({
      sender: 'admin',
      content: '<p>Hi Zoë,</p><p>Here is the <strong>plan</strong>.</p>',
    });

    const outbox = path.join(t.dataDir, 'outbox');
    // The outbox also holds the owner's security notices (the sign-in from a new device): the
    // message to the contact is the one addressed to them, and there is exactly one.
    const files = fs.readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    const mails = await Promise.all(
      files.map((f) => PostalMime.parse(fs.readFileSync(path.join(outbox, f)))),
    );
    const toContact = mails.filter((m) => m.to?.some((a) => a.address === 'zoe@example.com'));
    expect(toContact).toHaveLength(1);
    const mail = toContact[0]!;
    expect(mail.subject).toBe('Your quote — next steps');
    expect(mail.to?.[0]).toMatchObject({ name: 'Zoë Müller', address: 'zoe@example.com' });
    expect(mail.from).toMatchObject({ name: 'Brightlane Studio', address: 'hello@brightlane.studio' });
    expect(mail.html).toContain('<strong>plan</strong>');
    expect(mail.text).toContain('Here is the plan.');
    expect(mail.messageId).toMatch(/^<.+@.+>$/);
  });

  it('requires a trimmed subject and message, and sends nothing then', async () => {
    const c = await addContact();
    const before = (await t.database.db.select({ n: count() }).from(contactMessages))[0]!.n;
    for (const payload of [
      { subject: ' ', content: 'x' },
      { subject: 'x', content: '  ' },
      { subject: 'x' },
    ]) {
      const res = await call('POST', `/api/admin/contacts/${c.id}/send-email`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Subject and message are required');
    }
    expect((await t.database.db.select({ n: count() }).from(contactMessages))[0]!.n).toBe(before);
    expect(
      (await call('POST', '/api/admin/contacts/999999/send-email', { subject: 'a', content: 'b' }))
        .statusCode,
    ).toBe(404);
  });

  it('answers 404 for the messages of a missing contact', async () => {
    expect((await call('GET', '/api/admin/contacts/999999/messages')).statusCode).toBe(404);
  });
});

describe('tags', () => {
  it('creates, lists, assigns (idempotently) and removes tags', async () => {
    const c = await addContact();
    const created = await call('POST', '/api/admin/tags', { name: 'Priority', color: '#FF00AA' });
    expect(created.statusCode).toBe(201);
    const tag = created.json();
    expect(tag).toMatchObject({ name: 'Priority', color: '#ff00aa' });
    expect((await call('POST', '/api/admin/tags', { name: 'Priority', color: '#000000' })).statusCode).toBe(
      409,
    );
    expect(
      (await call('POST', '/api/admin/tags', { name: '', color: 'red' })).json().details.fieldErrors,
    ).toHaveProperty('color');
    expect((await call('GET', '/api/admin/tags')).json().map((x: { name: string }) => x.name)).toContain(
      'Priority',
    );

    expect((await call('POST', `/api/admin/contacts/${c.id}/tags/${tag.id}`)).statusCode).toBe(204);
    expect((await call('POST', `/api/admin/contacts/${c.id}/tags/${tag.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/admin/contacts/${c.id}`)).json().tags).toEqual([tag]);
    expect((await call('DELETE', `/api/admin/contacts/${c.id}/tags/${tag.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/admin/contacts/${c.id}`)).json().tags).toEqual([]);

    expect((await call('POST', `/api/admin/contacts/${c.id}/tags/999999`)).json()).toEqual({
      error: 'Tag not found',
    });
    expect((await call('POST', `/api/admin/contacts/999999/tags/${tag.id}`)).statusCode).toBe(404);
  });
});

describe('contact tasks', () => {
  it('creates with defaults, lists with the contact name, completes once', async () => {
    const c = await addContact({ name: 'Task Owner' });
    const res = await call('POST', '/api/admin/tasks', { contactId: c.id, title: '  Send proposal ' });
    expect(res.statusCode).toBe(201);
    const task = res.json();
    expect(task).toMatchObject({
      title: 'Send proposal',
      priority: 'medium',
      status: 'pending',
      description: null,
    });

    const due = await call('POST', '/api/admin/tasks', {
      contactId: c.id,
      title: 'Call back',
      description: 'About the app',
      priority: 'high',
      dueAt: '2026-01-02T09:00:00Z',
    });
    expect(due.json()).toMatchObject({ priority: 'high', dueAt: '2026-01-02T09:00:00.000Z' });

    const list = (await call('GET', '/api/admin/tasks')).json();
    expect(list.find((x: { id: number }) => x.id === task.id)).toMatchObject({ contactName: 'Task Owner' });

    const done = await call('POST', `/api/admin/tasks/${task.id}/complete`);
    expect(done.json()).toMatchObject({ status: 'completed' });
    const again = await call('POST', `/api/admin/tasks/${task.id}/complete`);
    expect(again.json().completedAt).toBe(done.json().completedAt);
    expect((await call('GET', `/api/admin/contacts/${c.id}`)).json().tasks).toHaveLength(2);
  });

  it('validates title, priority and contact', async () => {
    const c = await addContact();
    const blank = await call('POST', '/api/admin/tasks', { contactId: c.id, title: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe('Task title is required');
    expect(
      (await call('POST', '/api/admin/tasks', { contactId: c.id, title: 'x', priority: 'urgent' }))
        .statusCode,
    ).toBe(400);
    expect((await call('POST', '/api/admin/tasks', { contactId: 999999, title: 'x' })).statusCode).toBe(404);
    expect((await call('POST', '/api/admin/tasks/999999/complete')).json()).toEqual({
      error: 'Task not found',
    });
  });
});

describe('Turn into Client', () => {
  it('creates the client linked to the contact, sets converted, and refuses a second time with 409', async () => {
    const c = await addContact({ name: 'Convert Me', email: 'convert@example.com', phone: '555 0100' });
    const res = await call('POST', `/api/admin/contacts/${c.id}/convert-to-client`);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Convert Me',
      email: 'convert@example.com',
      phone: '555 0100',
      fromContactId: c.id,
    });
    expect((await call('GET', `/api/admin/contacts/${c.id}`)).json().contact.status).toBe('converted');

    const again = await call('POST', `/api/admin/contacts/${c.id}/convert-to-client`);
    expect(again.statusCode).toBe(409);
    const linked = await t.database.db.select().from(clients).where(eq(clients.fromContactId, c.id));
    expect(linked).toHaveLength(1);
    expect((await call('POST', '/api/admin/contacts/999999/convert-to-client')).statusCode).toBe(404);
  });
});

describe('clients and client tasks', () => {
  it('creates (empty optional fields become null), lists, validates', async () => {
    const res = await call('POST', '/api/admin/clients', {
      name: 'Harbour Goods',
      email: '',
      phone: '',
      company: 'Harbour Goods Ltd',
      notes: '',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Harbour Goods',
      email: null,
      phone: null,
      company: 'Harbour Goods Ltd',
    });
    expect((await call('GET', '/api/admin/clients')).json()[0].name).toBe('Harbour Goods');
    const noName = await call('POST', '/api/admin/clients', { name: ' ' });
    expect(noName.json().error).toBe('Please enter a client name.');
    const badEmail = await call('POST', '/api/admin/clients', { name: 'X', email: 'nope' });
    expect(badEmail.json().error).toBe('Please enter a valid email address.');
  });

  it('edits a client: every field replaced, blanks cleared, the same validation, 404 when gone', async () => {
    const client = (
      await call('POST', '/api/admin/clients', {
        name: 'Nortwind',
        email: 'a@nortwind.example',
        phone: '555',
      })
    ).json();
    const edited = await call('PATCH', `/api/admin/clients/${client.id}`, {
      name: '  Northwind  ',
      email: 'a@northwind.example',
      phone: '',
      company: 'Northwind Traders',
      notes: 'Line one\nLine two',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      id: client.id,
      name: 'Northwind',
      email: 'a@northwind.example',
      phone: null,
      company: 'Northwind Traders',
      notes: 'Line one\nLine two',
    });
    const blank = await call('PATCH', `/api/admin/clients/${client.id}`, { name: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe('Please enter a client name.');
    const badEmail = await call('PATCH', `/api/admin/clients/${client.id}`, { name: 'X', email: 'nope' });
    expect(badEmail.json().error).toBe('Please enter a valid email address.');
    const listed = (await call('GET', '/api/admin/clients'))
      .json()
      .find((c: { id: number }) => c.id === client.id);
    expect(listed.name).toBe('Northwind');
    expect((await call('PATCH', '/api/admin/clients/999999', { name: 'Ghost' })).statusCode).toBe(404);
    expect((await call('PATCH', '/api/admin/clients/99999999999', { name: 'Ghost' })).statusCode).toBe(400);
  });

  it("deletes a contact's task: 204, gone from the list, 404 the second time", async () => {
    const contact = await addContact();
    const task = (
      await call('POST', '/api/admin/tasks', { contactId: contact.id, title: 'Wrong task' })
    ).json();
    expect((await call('DELETE', `/api/admin/tasks/${task.id}`)).statusCode).toBe(204);
    const detail = (await call('GET', `/api/admin/contacts/${contact.id}`)).json();
    expect(detail.tasks).toEqual([]);
    expect((await call('DELETE', `/api/admin/tasks/${task.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/admin/tasks/99999999999')).statusCode).toBe(400);
  });

  it("edits a contact's task and a client's task; status and completion stay; bad input and unknown ids refused", async () => {
    const contact = await addContact();
    const task = (
      await call('POST', '/api/admin/tasks', {
        contactId: contact.id,
        title: 'Call bak',
        description: 'typo',
        priority: 'low',
        dueAt: '2026-12-01T22:59:59.999Z',
      })
    ).json();
    await call('POST', `/api/admin/tasks/${task.id}/complete`);
    const edited = await call('PUT', `/api/admin/tasks/${task.id}`, {
      title: '  Call back about the quote 📞 ',
      description: 'שלום\nsecond line',
      priority: 'high',
      dueAt: null,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      id: task.id,
      contactId: contact.id,
      title: 'Call back about the quote 📞',
      description: 'שלום\nsecond line',
      priority: 'high',
      dueAt: null,
      status: 'completed',
    });
    expect(edited.json().completedAt).not.toBeNull();
    const detail = (await call('GET', `/api/admin/contacts/${contact.id}`)).json();
    expect(detail.tasks[0]).toMatchObject({ title: 'Call back about the quote 📞', priority: 'high' });
    const blank = await call('PUT', `/api/admin/tasks/${task.id}`, { title: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe('Task title is required');
    const badPriority = await call('PUT', `/api/admin/tasks/${task.id}`, { title: 'x', priority: 'urgent' });
    expect(badPriority.json().error).toBe('Priority must be low, medium or high.');
    expect((await call('PUT', '/api/admin/tasks/999999', { title: 'Ghost' })).statusCode).toBe(404);
    expect((await call('PUT', '/api/admin/tasks/99999999999', { title: 'Ghost' })).statusCode).toBe(400);

    const client = (await call('POST', '/api/admin/clients', { name: 'Edit Co' })).json();
    const clientTask = (
      await call('POST', `/api/admin/clients/${client.id}/tasks`, { title: 'Lanch site' })
    ).json();
    await call('PATCH', `/api/admin/clients/tasks/${clientTask.id}`, { status: 'done' });
    const fixed = await call('PUT', `/api/admin/clients/tasks/${clientTask.id}`, {
      title: 'Launch site',
      description: 'After the review',
      dueAt: '2026-12-24T22:59:59.999Z',
    });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toMatchObject({
      id: clientTask.id,
      title: 'Launch site',
      description: 'After the review',
      dueAt: '2026-12-24T22:59:59.999Z',
      status: 'done',
    });
    const cleared = (
      await call('PUT', `/api/admin/clients/tasks/${clientTask.id}`, {
        title: 'Launch site',
        description: '',
      })
    ).json();
    expect(cleared).toMatchObject({ description: null, dueAt: null });
    const noTitle = await call('PUT', `/api/admin/clients/tasks/${clientTask.id}`, { title: '' });
    expect(noTitle.json().error).toBe('Please enter a task title.');
    expect((await call('PUT', '/api/admin/clients/tasks/999999', { title: 'Ghost' })).statusCode).toBe(404);
  });

  it('task edits: a NUL byte changes nothing; 200 parallel edits each land whole, never mixed', async () => {
    const contact = await addContact();
    const task = (
      await call('POST', '/api/admin/tasks', { contactId: contact.id, title: 'Original' })
    ).json();
    const client = (await call('POST', '/api/admin/clients', { name: 'Parallel Co' })).json();
    const clientTask = (
      await call('POST', `/api/admin/clients/${client.id}/tasks`, { title: 'Original' })
    ).json();
    for (const url of [`/api/admin/tasks/${task.id}`, `/api/admin/clients/tasks/${clientTask.id}`]) {
      const nul = await call('PUT', url, { title: 'Call\u0000back', description: 'x' });
      expect(nul.statusCode).toBe(400);
      expect(nul.json().error).toMatch(/NUL/);
    }
    expect((await call('GET', `/api/admin/contacts/${contact.id}`)).json().tasks[0].title).toBe('Original');
    expect((await call('GET', `/api/admin/clients/${client.id}/tasks`)).json()[0].title).toBe('Original');

    // Each request writes a title and a description that belong together: the stored pair must
    // come from one request.
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call('PUT', `/api/admin/tasks/${task.id}`, { title: `Edit ${i}`, description: `Body ${i}` }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(200).fill(200));
    const [stored] = (await call('GET', `/api/admin/contacts/${contact.id}`)).json().tasks;
    expect(stored.description).toBe(stored.title.replace('Edit', 'Body'));
  });

  it('toggles tasks per spec §4 and deletes tasks and clients (tasks cascade)', async () => {
    const client = (await call('POST', '/api/admin/clients', { name: 'Cascade Co' })).json();
    const task = (
      await call('POST', `/api/admin/clients/${client.id}/tasks`, { title: 'Launch site' })
    ).json();
    expect(task).toMatchObject({ status: 'working', completedAt: null });
    const noTitle = await call('POST', `/api/admin/clients/${client.id}/tasks`, { title: '' });
    expect(noTitle.json().error).toBe('Please enter a task title.');

    const done = (await call('PATCH', `/api/admin/clients/tasks/${task.id}`, { status: 'done' })).json();
    expect(done.status).toBe('done');
    expect(Date.parse(done.completedAt)).toBeGreaterThan(Date.now() - 60_000);
    const given = (
      await call('PATCH', `/api/admin/clients/tasks/${task.id}`, {
        status: 'done',
        completedAt: '2026-03-01T12:00:00Z',
      })
    ).json();
    expect(given.completedAt).toBe('2026-03-01T12:00:00.000Z');
    const back = (
      await call('PATCH', `/api/admin/clients/tasks/${task.id}`, {
        status: 'working',
        completedAt: '2026-03-01T12:00:00Z',
      })
    ).json();
    expect(back).toMatchObject({ status: 'working', completedAt: null });
    expect(
      (await call('PATCH', `/api/admin/clients/tasks/${task.id}`, { status: 'finished' })).statusCode,
    ).toBe(400);

    const second = (await call('POST', `/api/admin/clients/${client.id}/tasks`, { title: 'Second' })).json();
    expect((await call('DELETE', `/api/admin/clients/tasks/${second.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/admin/clients/tasks/${second.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/clients/${client.id}/tasks`)).json()).toHaveLength(1);

    expect((await call('DELETE', `/api/admin/clients/${client.id}`)).statusCode).toBe(204);
    const orphans = await t.database.db.select().from(clientTasks).where(eq(clientTasks.clientId, client.id));
    expect(orphans).toEqual([]);
    expect((await call('DELETE', `/api/admin/clients/${client.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/clients/${client.id}/tasks`)).statusCode).toBe(404);
    expect((await call('POST', `/api/admin/clients/${client.id}/tasks`, { title: 'x' })).statusCode).toBe(
      404,
    );
  });
});

describe('contacts paging and CSV export', () => {
  it('pages with limit and X-Next-Cursor without skipping or repeating', async () => {
    const tag = `pager-${Date.now()}`;
    const base = Date.parse('2025-06-01T00:00:00Z');
    await t.database.db.insert(contacts).values(
      Array.from({ length: 7 }, (_, i) => ({
        name: `${tag} ${i}`,
        email: `p${i}@example.com`,
        message: 'paging',
        // Two share a timestamp: the id breaks the tie.
        createdAt: new Date(base + Math.min(i, 5) * 1000),
      })),
    );
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await call(
        'GET',
        `/api/admin/contacts?q=${tag}&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      // The count comes with the first page only (not recomputed per page).
      expect(res.headers['x-total-count']).toBe(cursor ? undefined : '7');
      seen.push(...res.json().map((c: { name: string }) => c.name));
      cursor = res.headers['x-next-cursor'] as string | undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([6, 5, 4, 3, 2, 1, 0].map((i) => `${tag} ${i}`));
    expect((await call('GET', '/api/admin/contacts?cursor=garbage&limit=2')).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/contacts?limit=0')).statusCode).toBe(400);
  });

  it('exports the filtered list as CSV, escaping commas, quotes, newlines and formulas', async () => {
    await addContact({
      name: '=HYPERLINK("http://evil")',
      email: 'csv@example.com',
      message: 'Line one, with comma\nLine "two"',
      phone: '+1 555',
      status: 'qualified',
    });
    const res = await call('GET', '/api/admin/contacts/export.csv?status=qualified&q=csv@');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const body = res.body.replace(/^\uFEFF/, '');
    const [header, ...rest] = body.trim().split('\r\n');
    expect(header).toBe(
      'ID,Name,Email,Phone,Company,Notes,Status,Prefers text and call,Message,Created (UTC),' +
        'Source,Referrer,UTM source,UTM medium,UTM campaign,UTM term,UTM content,Landing path,First view (UTC),Device',
    );
    const row = rest.join('\r\n');
    expect(row).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(row).toContain(",'+1 555,"); // a phone starting with + is neutralised too (decision 061)
    expect(row).toContain('"Line one, with comma\nLine ""two"""');
    expect(row).toContain(',qualified,no,');
    expect(rest).toHaveLength(1);
  });
});
