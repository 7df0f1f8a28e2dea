import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignRecipients,
  campaigns,
  clients,
  contactMessages,
  contacts,
  mailQueue,
  unsubscribes,
} from '../../src/db/schema/index.ts';
import { unsubscribeRecipient } from '../../src/server/campaigns/unsubscribe.ts';
import { leadNotification } from '../../src/server/mail/lead-notification.ts';
import { enqueueMail } from '../../src/server/mail/mail-queue.ts';
import { dumpDatabase } from './helpers/dump.ts';
import { createTestApp, signIn, type TestApp, usingPostgres } from './helpers/test-app.ts';

/**
 * Erasure (GDPR Art. 17; docs/personal-data.md): after DELETE /api/admin/contacts/{id}, neither a
 * full dump of the database nor any file under the data folder (backups aside) holds the
 * person's name, address, phone, message words or note words.
 */

let t: TestApp;
let cookie: string;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp({ CONTACT_POW: 'off' });
  cookie = await signIn(t.app);
});
afterAll(async () => t.close());

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Every file under the data folder except backups, as text. */
function dataFolderFiles(dir: string): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || path.relative(dir, file).split(path.sep)[0] === 'backups') continue;
    out.push({ file, text: fs.readFileSync(file).toString('latin1') });
  }
  return out;
}

/** pg_dump of the test database (PostgreSQL only): what a real backup of it would hold. */
async function pgDump(): Promise<string> {
  const name = (
    (await t.database.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    }
  ).rows[0]!.name;
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const dump = spawnSync('pg_dump', ['--data-only', '--inserts', url.toString()], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (dump.status !== 0) throw new Error(`pg_dump failed: ${dump.stderr}`);
  return dump.stdout;
}

describe('DELETE /api/admin/contacts/{id}', () => {
  it('erases the person from every table and outbox file, and keeps the unsubscribe as a hash', async () => {
    const person = {
      name: 'Quillon Vexmoor',
      email: 'Quillon.Vexmoor@erase.example',
      phone: '+44 7700 900417',
      message: 'Zephyrine marmalade factory needs a booking site',
    };
    // Someone else, whose data must stay.
    const other = { name: 'Odalys Keeper', email: 'odalys@keep.example', message: 'Tangerine lighthouse' };
    for (const lead of [person, other]) {
      expect((await t.app.inject({ method: 'POST', url: '/api/contact', payload: lead })).statusCode).toBe(
        201,
      );
    }
    const [row] = await t.database.db
      .select()
      .from(contacts)
      .where(sql`lower(${contacts.email}) = ${person.email.toLowerCase()}`);
    const id = row!.id;
    const [kept] = await t.database.db.select().from(contacts).where(eq(contacts.email, other.email));

    // Both notifications reach the outbox.
    await until('lead notifications sent', async () => {
      const sent = await t.database.db.select().from(mailQueue).where(eq(mailQueue.status, 'sent'));
      return sent.length >= 2;
    });
    // A second form message, an admin email, an imported reply, a task, a tag and notes.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/contact',
          payload: { ...person, message: 'Returning about the obsidian gazebo' },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await call('POST', `/api/admin/contacts/${id}/send-email`, {
          subject: 'Quote for the marmalade site',
          content: '<p>Dear Quillon, the plinthwork estimate follows.</p>',
        })
      ).statusCode,
    ).toBe(201);
    await t.database.db.insert(contactMessages).values({
      contactId: id,
      sender: 'contact',
      content: '<p>Thanks, the quibbleton budget is fine.</p>',
      textContent: 'Thanks, the quibbleton budget is fine.',
      attachments: [{ name: 'vexmoor-brief.pdf', size: 1200 }],
      source: 'imap',
      messageId: 'reply-1@erase.example',
    });
    expect(
      (
        await call('POST', '/api/admin/tasks', {
          contactId: id,
          title: 'Call about the gazebo',
          description: 'Ask for the zarnith drawings',
        })
      ).statusCode,
    ).toBeLessThan(300);
    const tag = (await call('POST', '/api/admin/tags', { name: 'Jam makers', color: '#AA5500' })).json();
    expect((await call('POST', `/api/admin/contacts/${id}/tags/${tag.id}`)).statusCode).toBeLessThan(300);
    expect(
      (await call('PATCH', `/api/admin/contacts/${id}`, { notes: 'Prefers the ultramarine palette' }))
        .statusCode,
    ).toBe(200);

    // A campaign sent to them (and to the other person), then an unsubscribe through its link.
    const campaign = (
      await call('POST', '/api/admin/campaigns', {
        name: 'Spring offer',
        subject: 'Spring offer',
        htmlContent: '<p>Hello {{name}}</p>',
      })
    ).json();
    expect(
      (await call('POST', `/api/admin/campaigns/${campaign.id}/send`, { recipientIds: [id, kept!.id] }))
        .statusCode,
    ).toBeLessThan(300);
    await until('campaign sent', async () => {
      const [c] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
      return c?.status === 'sent';
    });
    const [recipient] = await t.database.db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.contactId, id));
    expect(await unsubscribeRecipient(t.database.db, recipient!.id)).toBe(person.email);

    // A notification still queued (due tomorrow) when the contact is erased.
    await t.database.db.transaction(async (tx) => {
      await enqueueMail(
        tx as never,
        leadNotification({
          to: 'owner@agency.test',
          contactId: id,
          lead: { ...person, preferTextAndCall: false },
          adminUrl: 'http://localhost',
          siteName: 'Test',
          returning: true,
        }),
      );
      await tx
        .update(mailQueue)
        .set({ nextAttemptAt: new Date(Date.now() + 86_400_000) })
        .where(eq(mailQueue.status, 'pending'));
    });

    const needles = [
      'Quillon',
      'Vexmoor',
      person.email.toLowerCase(),
      '7700 900417',
      '7700900417',
      'Zephyrine',
      'marmalade',
      'obsidian',
      'plinthwork',
      'quibbleton',
      'zarnith',
      'ultramarine',
    ];
    const found = (text: string) => needles.filter((n) => text.toLowerCase().includes(n.toLowerCase()));
    // The setup put the person everywhere the test then looks.
    expect(found(await dumpDatabase(t.database))).toEqual(needles.filter((n) => n !== '7700900417'));
    const outboxBefore = dataFolderFiles(t.dataDir).filter((f) => f.file.endsWith('.eml'));
    expect(
      outboxBefore.filter((f) => f.text.toLowerCase().includes('vexmoor')).length,
    ).toBeGreaterThanOrEqual(3);

    const res = await call('DELETE', `/api/admin/contacts/${id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    // A notification the worker was handing over during the erasure is written after it (the
    // erasure already marked its row cancelled): the worker removes that copy at the end of its pass.
    await t.app.mailQueue.idle();

    const dump = await dumpDatabase(t.database);
    expect(
      found(dump),
      dump
        .split('\n')
        .filter((line) => found(line).length > 0)
        .join('\n'),
    ).toEqual([]);
    if (usingPostgres) expect(found(await pgDump())).toEqual([]);
    for (const { file, text } of dataFolderFiles(t.dataDir)) expect(found(text), file).toEqual([]);

    // The other person's rows and mail are untouched.
    expect(dump).toContain('Tangerine lighthouse');
    expect(dataFolderFiles(t.dataDir).some((f) => f.text.includes('odalys@keep.example'))).toBe(true);
    // The campaign keeps its counts and the row its status.
    const [after] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(after).toMatchObject({ recipientCount: 2, sentCount: 2 });
    const [anonymous] = await t.database.db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.id, recipient!.id));
    expect(anonymous).toMatchObject({ status: 'sent', email: null, name: null, contactId: null });
    // The queued notification is cancelled, not sent later.
    const cancelled = await t.database.db.select().from(mailQueue).where(eq(mailQueue.contactId, id));
    expect(cancelled.length).toBeGreaterThanOrEqual(3);
    for (const m of cancelled) expect(m.status === 'sent' || m.status === 'failed').toBe(true);
    expect(cancelled.filter((m) => m.status === 'failed')[0]?.lastError).toBe(
      'Cancelled: the contact was erased.',
    );
    // The unsubscribe is kept as a hash only.
    const list = await t.database.db.select().from(unsubscribes);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ email: null, contactId: null });
    expect(list[0]!.emailHash).toMatch(/^[0-9a-f]{64}$/);

    // Gone: 404 on the detail and on a second delete.
    expect((await call('GET', `/api/admin/contacts/${id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/contacts/${id}`)).statusCode).toBe(404);

    // Writing again through the form (another letter case): a new contact, still unsubscribed.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/contact',
          payload: { ...person, email: person.email.toUpperCase(), message: 'Back again' },
        })
      ).statusCode,
    ).toBe(201);
    const [again] = await t.database.db
      .select()
      .from(contacts)
      .where(sql`lower(${contacts.email}) = ${person.email.toLowerCase()}`);
    expect(again!.id).not.toBe(id);
    expect(again!.unsubscribedAt).not.toBeNull();
  });

  it('keeps a converted client record, without the link to the erased contact', async () => {
    const lead = { name: 'Client Person', email: 'client.person@erase.example', message: 'Convert me' };
    expect((await t.app.inject({ method: 'POST', url: '/api/contact', payload: lead })).statusCode).toBe(201);
    const [c] = await t.database.db.select().from(contacts).where(eq(contacts.email, lead.email));
    const client = (await call('POST', `/api/admin/contacts/${c!.id}/convert-to-client`)).json();
    expect((await call('DELETE', `/api/admin/contacts/${c!.id}`)).statusCode).toBe(204);
    const [still] = await t.database.db.select().from(clients).where(eq(clients.id, client.id));
    expect(still).toMatchObject({ name: 'Client Person', email: lead.email, fromContactId: null });
  });

  it('answers 400 for a malformed or too large id and 401 without a session', async () => {
    expect((await call('DELETE', '/api/admin/contacts/abc')).statusCode).toBe(400);
    expect((await call('DELETE', '/api/admin/contacts/2147483648')).statusCode).toBe(400);
    expect((await call('DELETE', '/api/admin/contacts/999999')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/admin/contacts/1' })).statusCode).toBe(401);
  });
});
