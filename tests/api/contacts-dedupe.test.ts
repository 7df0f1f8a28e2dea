import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignRecipients,
  campaigns,
  clients,
  contactMessages,
  contacts,
  contactTags,
  contactTasks,
  mailQueue,
  tags,
  unsubscribes,
} from '../../src/db/schema/index.ts';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts';

/** One contact per person, returning leads, merging old duplicates, list order. */
describe('one contact per address', () => {
  let t: TestApp;
  let cookie: string;
  let ip = 0;
  const submit = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload,
      remoteAddress: `10.1.${ip >> 8}.${++ip & 255}`,
    });
  const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp({ CONTACT_RATE_LIMIT: '100000', CONTACT_POW: 'off' });
    cookie = await signIn(t.app);
  });
  afterAll(async () => t.close());

  it('a second submission from the same address (any case) joins the existing contact', async () => {
    const first = await submit({
      name: 'Olivia Martin',
      email: 'olivia@example.com',
      message: 'A shop, please.',
    });
    expect(first.statusCode).toBe(201);
    const other = await submit({ name: 'Noah', email: 'noah@example.com', message: 'Hello' });
    expect(other.statusCode).toBe(201);
    await db()
      .update(contacts)
      .set({ status: 'contacted', notes: 'Called her' })
      .where(eq(contacts.id, first.json().id));

    const again = await submit({
      name: 'Olivia',
      email: '  OLIVIA@Example.COM ',
      message: 'Any news?\n<b>Second</b> line',
      phone: '+44 20 7946 0958',
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);

    const rows = await db()
      .select()
      .from(contacts)
      .where(sql`lower(${contacts.email}) = 'olivia@example.com'`);
    expect(rows).toHaveLength(1);
    // The owner's work stays; a missing phone is filled in; the first message stays the original.
    expect(rows[0]).toMatchObject({
      name: 'Olivia Martin',
      status: 'contacted',
      notes: 'Called her',
      phone: '+44 20 7946 0958',
      message: 'A shop, please.',
    });
    expect(rows[0]!.lastActivityAt.getTime()).toBeGreaterThan(rows[0]!.createdAt.getTime());

    const messages = await admin('GET', `/api/admin/contacts/${first.json().id}/messages`);
    expect(messages.json()).toEqual([
      expect.objectContaining({
        sender: 'contact',
        content: 'Any news?<br>&lt;b&gt;Second&lt;/b&gt; line',
        campaignName: null,
      }),
    ]);
    const sentAt = new Date(messages.json()[0].sentAt).getTime();
    expect(Math.abs(sentAt - rows[0]!.lastActivityAt.getTime())).toBeLessThan(1000);

    // Back at the top of the list, above the newer contact.
    const list = await admin('GET', '/api/admin/contacts?limit=10');
    expect(list.json().map((c: { email: string }) => c.email)).toEqual([
      'olivia@example.com',
      'noah@example.com',
    ]);
    expect(list.headers['x-total-count']).toBe('2');

    // Each submission queued an owner notification (the second one as a returning lead).
    const notes = await db().select().from(mailQueue).where(eq(mailQueue.kind, 'lead_notification'));
    expect(notes.filter((n) => n.html.includes(`/admin/contacts/${first.json().id}`))).toHaveLength(2);
  });

  it('200 parallel submissions from one new address end as one contact with every message', async () => {
    const email = 'Burst@Example.com';
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        submit({ name: 'Burst', email: i % 2 ? email : email.toLowerCase(), message: `message ${i}` }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(200).fill(201));
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    const id = answers[0]!.json().id as number;
    const [n] = await db()
      .select({ n: count() })
      .from(contacts)
      .where(sql`lower(${contacts.email}) = 'burst@example.com'`);
    expect(Number(n!.n)).toBe(1);
    const [contact] = await db().select().from(contacts).where(eq(contacts.id, id));
    const stored = await db().select().from(contactMessages).where(eq(contactMessages.contactId, id));
    expect(stored).toHaveLength(199);
    // No message lost: the original plus the 199 in the conversation are the 200 sent.
    const texts = new Set([contact!.message, ...stored.map((m) => m.content)]);
    expect(texts).toEqual(new Set(Array.from({ length: 200 }, (_, i) => `message ${i}`)));
  });

  it('pages by last activity with cursors that lose no contact a few microseconds apart', async () => {
    // 30 contacts whose activity times differ by microseconds inside one millisecond.
    const base = '2020-01-01 00:00:00.123';
    await db().execute(sql`
      insert into contacts (name, email, message, created_at, last_activity_at)
      select 'Page ' || g, 'page' || g || '@example.com', 'hi',
        ${base}::timestamptz + g * interval '7 microseconds', ${base}::timestamptz + g * interval '7 microseconds'
      from generate_series(1, 30) g`);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 20; pages++) {
      const res = await admin(
        'GET',
        `/api/admin/contacts?q=page&limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.statusCode).toBe(200);
      seen.push(...res.json().map((c: { name: string }) => c.name));
      cursor = res.headers['x-next-cursor'] as string | undefined;
      if (!cursor) break;
    }
    expect(seen).toEqual(Array.from({ length: 30 }, (_, i) => `Page ${30 - i}`));

    // A contact that writes again while someone pages moves to the top and is not repeated.
    const first = await admin('GET', '/api/admin/contacts?q=page&limit=10');
    await submit({ name: 'Page 5', email: 'PAGE5@example.com', message: 'Me again' });
    const top = await admin('GET', '/api/admin/contacts?q=page&limit=1');
    expect(top.json()[0].name).toBe('Page 5');
    const rest = await admin(
      'GET',
      `/api/admin/contacts?q=page&limit=50&cursor=${encodeURIComponent(first.headers['x-next-cursor'] as string)}`,
    );
    const names = [...first.json(), ...rest.json()].map((c: { name: string }) => c.name);
    expect(new Set(names).size).toBe(names.length);

    for (const bad of [
      'nope',
      Buffer.from('1|x').toString('base64url'),
      Buffer.from('9|99999999999').toString('base64url'),
    ]) {
      const res = await admin('GET', `/api/admin/contacts?limit=5&cursor=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Invalid cursor');
    }
  });

  it('the database refuses a second contact with the same address in another case', async () => {
    await db().insert(contacts).values({ name: 'Dup', email: 'dup@example.com', message: 'x' });
    await expect(
      db().insert(contacts).values({ name: 'Dup', email: 'DUP@example.com', message: 'y' }),
    ).rejects.toThrow();
  });

  it('merges an older duplicate: messages, tags, notes, tasks, client link and campaign history move', async () => {
    const [keep] = await db()
      .insert(contacts)
      .values({
        name: 'Liam Keep',
        email: 'liam@example.com',
        message: 'Second form message',
        status: 'new',
        notes: 'Kept notes',
        createdAt: new Date('2030-02-01T10:00:00Z'),
        lastActivityAt: new Date('2030-02-01T10:00:00Z'),
      })
      .returning();
    // A duplicate from before the unique rule (as migration 0001 leaves it).
    const [dup] = await db()
      .insert(contacts)
      .values({
        name: 'Liam D',
        email: 'LIAM@example.com',
        phone: '555 0100',
        message: 'First form message',
        status: 'qualified',
        notes: 'Old notes',
        legacyDuplicate: true,
        createdAt: new Date('2030-01-01T10:00:00Z'),
        lastActivityAt: new Date('2030-03-01T10:00:00Z'),
        unsubscribedAt: new Date('2030-01-05T00:00:00Z'),
      })
      .returning();
    const [tagA, tagB] = await db()
      .insert(tags)
      .values([
        { name: 'merge-a', color: '#111111' },
        { name: 'merge-b', color: '#222222' },
      ])
      .returning();
    await db()
      .insert(contactTags)
      .values([
        { contactId: keep!.id, tagId: tagA!.id },
        { contactId: dup!.id, tagId: tagA!.id },
        { contactId: dup!.id, tagId: tagB!.id },
      ]);
    await db()
      .insert(contactMessages)
      .values({
        contactId: dup!.id,
        sender: 'admin',
        content: 'Reply to dup',
        sentAt: new Date('2030-02-02T00:00:00Z'),
      });
    await db().insert(contactTasks).values({ contactId: dup!.id, title: 'Call Liam' });
    const [client] = await db()
      .insert(clients)
      .values({ name: 'Liam Ltd', fromContactId: dup!.id })
      .returning();
    const [campaign] = await db()
      .insert(campaigns)
      .values({ name: 'C', subject: 's', htmlContent: 'h' })
      .returning();
    await db().insert(campaignRecipients).values({
      campaignId: campaign!.id,
      contactId: dup!.id,
      email: dup!.email,
      name: dup!.name,
      status: 'sent',
    });
    await db().insert(unsubscribes).values({ email: 'liam@example.com', contactId: dup!.id });

    const duplicates = await admin('GET', `/api/admin/contacts/${keep!.id}/duplicates`);
    expect(duplicates.statusCode).toBe(200);
    expect(duplicates.json().map((c: { id: number }) => c.id)).toEqual([dup!.id]);

    const merged = await admin('POST', `/api/admin/contacts/${keep!.id}/merge`, { duplicateId: dup!.id });
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toMatchObject({
      id: keep!.id,
      name: 'Liam Keep',
      email: 'liam@example.com',
      phone: '555 0100',
      status: 'qualified',
      notes: 'Kept notes\n\nOld notes',
      unsubscribed: true,
      message: 'First form message',
      createdAt: '2030-01-01T10:00:00.000Z',
      lastActivityAt: '2030-03-01T10:00:00.000Z',
    });
    expect(await db().select().from(contacts).where(eq(contacts.id, dup!.id))).toEqual([]);
    const messages = (await admin('GET', `/api/admin/contacts/${keep!.id}/messages`)).json();
    expect(messages.map((m: { sender: string; content: string }) => [m.sender, m.content])).toEqual([
      ['contact', 'Second form message'],
      ['admin', 'Reply to dup'],
    ]);
    expect(messages[0].sentAt).toBe('2030-02-01T10:00:00.000Z');
    const detail = (await admin('GET', `/api/admin/contacts/${keep!.id}`)).json();
    expect(detail.tags.map((tag: { name: string }) => tag.name)).toEqual(['merge-a', 'merge-b']);
    expect(detail.tasks.map((task: { title: string }) => task.title)).toEqual(['Call Liam']);
    expect((await db().select().from(clients).where(eq(clients.id, client!.id)))[0]!.fromContactId).toBe(
      keep!.id,
    );
    const recipients = await db()
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, campaign!.id));
    expect(recipients.map((r) => r.contactId)).toEqual([keep!.id]);
    const [unsub] = await db().select().from(unsubscribes).where(eq(unsubscribes.email, 'liam@example.com'));
    expect(unsub!.contactId).toBe(keep!.id);
    expect((await admin('GET', `/api/admin/contacts/${keep!.id}/duplicates`)).json()).toEqual([]);

    // The kept contact now holds the address in the unique index: a new submission joins it.
    const again = await submit({ name: 'Liam', email: 'liam@EXAMPLE.com', message: 'Third' });
    expect(again.json().id).toBe(keep!.id);
  });

  it('keeps the kept contact’s client and leaves the duplicate’s client in place, unlinked', async () => {
    const [keep] = await db()
      .insert(contacts)
      .values({ name: 'Ema', email: 'ema@example.com', message: 'a' })
      .returning();
    const [dup] = await db()
      .insert(contacts)
      .values({ name: 'Ema', email: 'Ema@example.com', message: 'b', legacyDuplicate: true })
      .returning();
    const [keptClient, dupClient] = await db()
      .insert(clients)
      .values([
        { name: 'Ema A', fromContactId: keep!.id },
        { name: 'Ema B', fromContactId: dup!.id },
      ])
      .returning();
    expect(
      (await admin('POST', `/api/admin/contacts/${keep!.id}/merge`, { duplicateId: dup!.id })).statusCode,
    ).toBe(200);
    const rows = await db()
      .select()
      .from(clients)
      .where(sql`${clients.id} in (${keptClient!.id}, ${dupClient!.id})`);
    expect(rows.map((c) => [c.name, c.fromContactId]).sort()).toEqual([
      ['Ema A', keep!.id],
      ['Ema B', null],
    ]);
  });

  it('keeping the later duplicate hands it the address: new submissions then join it', async () => {
    const [primary] = await db()
      .insert(contacts)
      .values({ name: 'Ivy', email: 'ivy@example.com', message: 'first' })
      .returning();
    const [later] = await db()
      .insert(contacts)
      .values({ name: 'Ivy Rose', email: 'IVY@example.com', message: 'second', legacyDuplicate: true })
      .returning();
    const res = await admin('POST', `/api/admin/contacts/${later!.id}/merge`, { duplicateId: primary!.id });
    expect(res.statusCode).toBe(200);
    const [kept] = await db().select().from(contacts).where(eq(contacts.id, later!.id));
    expect(kept!.legacyDuplicate).toBe(false);
    const again = await submit({ name: 'Ivy', email: 'ivy@example.com', message: 'third' });
    expect(again.json().id).toBe(later!.id);
  });

  it('refuses merges that make no sense with clear errors, and nothing changes', async () => {
    const [a] = await db()
      .insert(contacts)
      .values({ name: 'A', email: 'a-merge@example.com', message: 'a' })
      .returning();
    const [b] = await db()
      .insert(contacts)
      .values({ name: 'B', email: 'b-merge@example.com', message: 'b' })
      .returning();
    const cases: [string, object, number, string][] = [
      [
        `/api/admin/contacts/${a!.id}/merge`,
        { duplicateId: b!.id },
        409,
        'Only contacts with the same email address can be merged.',
      ],
      [
        `/api/admin/contacts/${a!.id}/merge`,
        { duplicateId: a!.id },
        400,
        'A contact cannot be merged into itself.',
      ],
      [`/api/admin/contacts/${a!.id}/merge`, { duplicateId: 2_000_000_000 }, 404, 'Contact not found'],
      [
        `/api/admin/contacts/${a!.id}/merge`,
        { duplicateId: 2 ** 31 },
        400,
        'duplicateId must be a contact id.',
      ],
      [`/api/admin/contacts/${a!.id}/merge`, { duplicateId: '1' }, 400, 'duplicateId must be a contact id.'],
      [`/api/admin/contacts/${2 ** 31}/merge`, { duplicateId: a!.id }, 400, 'id must be at most 2147483647'],
    ];
    for (const [url, body, status, error] of cases) {
      const res = await admin('POST', url, body);
      expect([res.statusCode, res.json().error]).toEqual([status, error]);
    }
    expect(
      await db().select().from(contacts).where(sql`${contacts.id} in (${a!.id}, ${b!.id})`),
    ).toHaveLength(2);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contacts/${a!.id}/merge`,
      payload: { duplicateId: b!.id },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
