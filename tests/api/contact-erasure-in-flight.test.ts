import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignRecipients,
  campaigns,
  contactMessages,
  contacts,
  mailQueue,
} from '../../src/db/schema/index.ts';
import { eraseContacts } from '../../src/server/contacts/erase-contacts.ts';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts';
import { until } from './helpers/until.ts';

/**
 * Erasure racing a send (docs/personal-data.md): a message handed to the mailer before the
 * erasure commits is written to the outbox after the erasure has cleaned it. Its sender removes
 * that copy, and a campaign still finishes, its recipient row anonymised; a merge at that moment
 * keeps the copy. A bulk erasure's later batches read the files written since its first.
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

/**
 * Holds every send until `release()`: `held` resolves once a message has reached the mailer (its
 * row is `sending`), so the test can erase the person while the message is being handed over.
 */
function holdSends() {
  const mailer = t.app.mailer;
  const send = mailer.send;
  let release!: () => void;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  let reached!: () => void;
  const held = new Promise<void>((r) => {
    reached = r;
  });
  mailer.send = async (...args) => {
    reached();
    await gate;
    return send(...args);
  };
  return {
    held,
    release: () => {
      mailer.send = send;
      release();
    },
  };
}

/** The outbox files holding `needle` (any letter case). */
function outboxNaming(needle: string): string[] {
  const dir = path.join(t.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((name) => path.join(dir, name))
    .filter((file) => fs.readFileSync(file, 'latin1').toLowerCase().includes(needle.toLowerCase()));
}

describe('an erasure while a message is being handed over', () => {
  it('leaves no outbox copy of the lead notification, which is recorded as sent and blanked', async () => {
    const lead = { name: 'Ysolde Brackwater', email: 'ysolde@erase.example', message: 'Heron boathouse' };
    const hold = holdSends();
    expect((await t.app.inject({ method: 'POST', url: '/api/contact', payload: lead })).statusCode).toBe(201);
    await hold.held;
    const [c] = await t.database.db.select().from(contacts).where(eq(contacts.email, lead.email));
    expect((await call('DELETE', `/api/admin/contacts/${c!.id}`)).statusCode).toBe(204);
    hold.release();
    // The erasure marked it cancelled; the worker, once its hand-over ends, records it as sent.
    const settled = await until(
      () => t.database.db.select().from(mailQueue).where(eq(mailQueue.contactId, c!.id)),
      (rows) => rows.length > 0 && rows.every((r) => r.status === 'sent'),
    );
    expect(settled).toMatchObject([{ subject: '(erased)', html: '' }]);
    expect(outboxNaming('Brackwater')).toEqual([]);
  });

  it('finishes the campaign and leaves no outbox copy or conversation entry', async () => {
    const lead = { name: 'Tamsin Orrery', email: 'tamsin@erase.example', message: 'Clockwork shop' };
    expect((await t.app.inject({ method: 'POST', url: '/api/contact', payload: lead })).statusCode).toBe(201);
    const [c] = await t.database.db.select().from(contacts).where(eq(contacts.email, lead.email));
    await until(
      () => t.database.db.select().from(mailQueue).where(eq(mailQueue.contactId, c!.id)),
      (rows) => rows.length > 0 && rows.every((r) => r.status === 'sent'),
    );
    const campaign = (
      await call('POST', '/api/admin/campaigns', {
        name: 'Spring news',
        subject: 'Spring news',
        htmlContent: '<p>Hello {{name}}</p>',
      })
    ).json();
    const hold = holdSends();
    // The send answers once the campaign's first messages went out.
    const sending = call('POST', `/api/admin/campaigns/${campaign.id}/send`, { recipientIds: [c!.id] });
    await hold.held;
    expect((await call('DELETE', `/api/admin/contacts/${c!.id}`)).statusCode).toBe(204);
    hold.release();
    expect((await sending).statusCode).toBeLessThan(300);
    const [k] = await until(
      () => t.database.db.select().from(campaigns).where(eq(campaigns.id, campaign.id)),
      ([row]) => row?.status === 'sent',
    );
    expect(k).toMatchObject({ recipientCount: 1, sentCount: 1, failedCount: 0 });
    const recipients = await t.database.db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, campaign.id));
    expect(recipients).toMatchObject([{ status: 'sent', email: null, name: null, contactId: null }]);
    expect(outboxNaming('tamsin')).toEqual([]);
    expect(
      await t.database.db.select().from(contactMessages).where(eq(contactMessages.contactId, c!.id)),
    ).toEqual([]);
  });

  it('a merge during the hand-over keeps the copy and files the campaign email under the kept contact', async () => {
    const [keep] = await t.database.db
      .insert(contacts)
      .values({ name: 'Wendeline Pask', email: 'wendeline@merge.example', message: 'first' })
      .returning();
    const [duplicate] = await t.database.db
      .insert(contacts)
      .values({
        name: 'Wendeline Pask',
        email: 'Wendeline@merge.example',
        message: 'second',
        legacyDuplicate: true,
      })
      .returning();
    const campaign = (
      await call('POST', '/api/admin/campaigns', {
        name: 'Autumn news',
        subject: 'Autumn news',
        htmlContent: '<p>Hello {{name}}</p>',
      })
    ).json();
    const hold = holdSends();
    const sending = call('POST', `/api/admin/campaigns/${campaign.id}/send`, {
      recipientIds: [duplicate!.id],
    });
    await hold.held;
    expect(
      (await call('POST', `/api/admin/contacts/${keep!.id}/merge`, { duplicateId: duplicate!.id }))
        .statusCode,
    ).toBe(200);
    hold.release();
    expect((await sending).statusCode).toBeLessThan(300);
    await until(
      () => t.database.db.select().from(campaigns).where(eq(campaigns.id, campaign.id)),
      ([row]) => row?.status === 'sent',
    );
    expect(outboxNaming('wendeline@merge.example')).toHaveLength(1);
    const conversation = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.contactId, keep!.id));
    expect(conversation.filter((m) => m.campaignName === 'Autumn news')).toHaveLength(1);
  });

  it('a bulk erasure also deletes a file written between two of its batches', async () => {
    const [first, second] = await t.database.db
      .insert(contacts)
      .values([
        { name: 'Pell Avery', email: 'pell@bulk.example', message: 'x' },
        { name: 'Rook Lindqvist', email: 'rook@bulk.example', message: 'y' },
      ])
      .returning();
    const dir = path.join(t.dataDir, 'outbox');
    fs.mkdirSync(dir, { recursive: true });
    let written = false;
    const erased = await eraseContacts(
      t.database.db,
      (window) => {
        // The second batch's window: the first batch has committed and had the outbox read.
        if (window && window.after >= first!.id && !written) {
          fs.writeFileSync(
            path.join(dir, 'between-batches.eml'),
            'To: rook@bulk.example\r\nSubject: Hello Rook\r\n\r\nA notification about Rook.\r\n',
          );
          written = true;
        }
        return inArray(contacts.id, [first!.id, second!.id]);
      },
      { hashKey: t.app.addressHashKey, outboxDir: dir, batchSize: 1 },
    );
    expect({ erased, written }).toEqual({ erased: 2, written: true });
    expect(outboxNaming('rook@bulk.example')).toEqual([]);
  });

  it('deletes a message a crash left half-written; a sent message is never seen half-written', async () => {
    const lead = { name: 'Odile Marchbank', email: 'odile@partial.example', message: 'Tea room site' };
    expect((await t.app.inject({ method: 'POST', url: '/api/contact', payload: lead })).statusCode).toBe(201);
    const [c] = await t.database.db.select().from(contacts).where(eq(contacts.email, lead.email));
    await until(
      () => t.database.db.select().from(mailQueue).where(eq(mailQueue.contactId, c!.id)),
      (rows) => rows.length > 0 && rows.every((r) => r.status === 'sent'),
    );
    const dir = path.join(t.dataDir, 'outbox');
    // The outbox writes under a hidden name and renames: only whole `.eml` files, none left over.
    expect(fs.readdirSync(dir).filter((name) => !name.endsWith('.eml'))).toEqual([]);
    expect(outboxNaming('Marchbank')).toHaveLength(1);
    // What a crash between the write and the rename leaves behind.
    fs.writeFileSync(
      path.join(dir, '.2026-11-29T10-00-00-000Z-0badf00d.eml.partial'),
      'To: odile@partial.example\r\nSubject: New lead: Odile Marchb',
    );
    expect((await call('DELETE', `/api/admin/contacts/${c!.id}`)).statusCode).toBe(204);
    expect(outboxNaming('odile@partial.example')).toEqual([]);
    expect(outboxNaming('Marchbank')).toEqual([]);
  });
});
