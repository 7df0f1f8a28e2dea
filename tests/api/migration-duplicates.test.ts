import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, PGLITE_EXTENSIONS } from '../../src/db/client.ts';
import { addRecipients } from '../../src/server/campaigns/campaign-operations.ts';
import { createContact } from '../../src/server/contacts/create-contact.ts';
import { mergeContacts } from '../../src/server/contacts/merge-contacts.ts';
import { migrationsBefore } from './helpers/migrations-before.ts';
import { freshPostgresDatabase } from './helpers/postgres-database.ts';

/**
 * migration 0002 (decision 019) on an owner's database that already holds the same person twice
 * and a campaign that reached one address twice: the upgrade succeeds, every row survives, the
 * oldest contact becomes the address's contact and the others wait for a merge.
 */

/** The owner's data, written with the columns the schema had before migration 0002. */
const ownerData = `
  insert into contacts (id, name, email, message, status, notes, created_at) values
    (1, 'Olivia Martin', 'olivia@example.com', 'First', 'contacted', 'Called', '2025-01-01T10:00:00Z'),
    (2, 'Olivia', 'OLIVIA@example.com', 'Second', 'new', null, '2025-02-01T10:00:00Z'),
    (3, 'Olivia M', 'Olivia@Example.com', 'Third', 'new', null, '2025-03-01T10:00:00Z'),
    (4, 'Noah', 'noah@example.com', 'Hi', 'new', null, '2025-01-15T10:00:00Z');
  select setval('contacts_id_seq', 4);
  insert into contact_messages (contact_id, sender, content, sent_at) values
    (2, 'contact', 'A reply by mail', '2025-04-01T10:00:00Z'),
    (1, 'admin', 'Hello Olivia', '2025-01-02T10:00:00Z');
  insert into campaigns (id, name, subject, html_content, status) values (1, 'Spring', 'Hi', '<p>Hi</p>', 'sent');
  select setval('campaigns_id_seq', 1);
  insert into campaign_recipients (id, campaign_id, contact_id, email, name, status) values
    (1, 1, 1, 'olivia@example.com', 'Olivia Martin', 'sent'),
    (2, 1, 2, 'OLIVIA@example.com', 'Olivia', 'sent'),
    (3, 1, 4, 'noah@example.com', 'Noah', 'sent');
  select setval('campaign_recipients_id_seq', 3);`;

const notify = { to: 'owner@example.com', adminUrl: 'https://agency.example', siteName: 'Test' };

async function openBefore0002(): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  const folder = migrationsBefore(
    'one_contact_per_address',
    fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-before-')),
  );
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    await migratePglite(drizzlePglite({ client }), { migrationsFolder: folder });
    await client.exec(ownerData);
    const database = await openDatabase({ pglite: client });
    return { database, cleanup: () => database.close() };
  }
  const scratch = await freshPostgresDatabase(serverUrl);
  const pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
  // pool.end() resolves before its connection has closed; the forced drop at cleanup may end
  // that connection first, and pg-pool re-emits the error on the pool, where nothing else listens.
  pool.on('error', () => {});
  await migratePg(drizzlePg({ client: pool }), { migrationsFolder: folder });
  await pool.query(ownerData);
  await pool.end();
  const database = await openDatabase({ databaseUrl: scratch.url, maxConnections: 2 });
  return {
    database,
    async cleanup() {
      await database.close();
      await scratch.drop();
    },
  };
}

type Rows<T> = { rows: T[] };

describe('migration 0002 on a database with duplicates', () => {
  let database: Database;
  let cleanup: () => Promise<void>;
  const query = async <T>(text: string) =>
    ((await database.db.execute(text as never)) as unknown as Rows<T>).rows;

  beforeAll(async () => {
    ({ database, cleanup } = await openBefore0002());
  });
  afterAll(async () => cleanup());

  it('upgrades without losing a row and flags the later duplicates', async () => {
    const people = await query<{ id: number; legacy_duplicate: boolean; last_activity_at: Date | string }>(
      'select id, legacy_duplicate, last_activity_at from contacts order by id',
    );
    expect(people.map((p) => [p.id, p.legacy_duplicate])).toEqual([
      [1, false],
      [2, true],
      [3, true],
      [4, false],
    ]);
    // Last activity: creation, or a later message the person sent.
    expect(new Date(people[0]!.last_activity_at).toISOString()).toBe('2025-01-01T10:00:00.000Z');
    expect(new Date(people[1]!.last_activity_at).toISOString()).toBe('2025-04-01T10:00:00.000Z');
    const recipients = await query<{ id: number; legacy_duplicate: boolean }>(
      'select id, legacy_duplicate from campaign_recipients order by id',
    );
    expect(recipients.map((r) => [r.id, r.legacy_duplicate])).toEqual([
      [1, false],
      [2, true],
      [3, false],
    ]);
    const [messages] = await query<{ n: number | string }>('select count(*) as n from contact_messages');
    expect(Number(messages!.n)).toBe(2);
  });

  it('then sends a new submission to the oldest contact and lets the owner merge the rest', async () => {
    const returning = await createContact(
      database.db,
      {
        name: 'Olivia',
        email: 'oLiVia@example.com',
        message: 'Again',
        phone: undefined,
        preferTextAndCall: false,
      },
      { spamReasons: [], pow: null, source: undefined, device: null },
      notify,
    );
    expect(returning).toMatchObject({ id: 1, created: false, spam: false });
    await mergeContacts(database.db, 1, 2);
    const merged = await mergeContacts(database.db, 1, 3);
    expect(merged).toMatchObject({ id: 1, status: 'contacted', notes: 'Called', message: 'First' });
    const contacts = await query<{ id: number }>(
      "select id from contacts where lower(email) = 'olivia@example.com'",
    );
    expect(contacts.map((c) => c.id)).toEqual([1]);
    const recipients = await query<{ contact_id: number }>(
      'select contact_id from campaign_recipients where campaign_id = 1 order by id',
    );
    expect(recipients.map((r) => r.contact_id)).toEqual([1, 1, 4]);
    const thread = await query<{ content: string }>(
      'select content from contact_messages where contact_id = 1 order by sent_at, id',
    );
    expect(thread.map((m) => m.content)).toEqual([
      'Hello Olivia',
      'Second',
      'Third',
      'A reply by mail',
      'Again',
    ]);
    // The address is sent once per campaign from now on.
    await addRecipients(database.db, 1, [1, 4]);
    const [count] = await query<{ n: number | string }>(
      'select count(*) as n from campaign_recipients where campaign_id = 1',
    );
    expect(Number(count!.n)).toBe(3);
  });
});
