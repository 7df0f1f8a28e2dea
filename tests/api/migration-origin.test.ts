import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, PGLITE_EXTENSIONS } from '../../src/db/client.ts';
import { migrationsBefore } from './helpers/migrations-before.ts';
import { freshPostgresDatabase } from './helpers/postgres-database.ts';

/**
 * Migration 0020's origin backfill (decision 058) on an owner's database from before it, where
 * migration 0010 had called every older contact `form`: a form lead stays `form`, a row whose
 * consent line names a CSV import becomes `import` with that file and time, a row with no message
 * and no source becomes `manual`, and rows already `import` get their creation as the import time.
 */

const ownerData = `
  insert into contacts (id, name, email, message, origin, consent_at, consent_source, source_utm_source, created_at) values
    (1, 'Form Lead', 'lead@example.com', 'Please call me', 'form', null, null, null, '2025-01-01T10:00:00Z'),
    (2, 'Imported With Consent', 'consent@example.com', '', 'form', '2025-02-01T10:00:00Z',
      'CSV import of "Kunden März.csv" on 2025-02-01, ticked by the owner', null, '2025-02-01T10:00:00Z'),
    (3, 'Old Hand Added', 'hand@example.com', '', 'form', null, null, null, '2025-03-01T10:00:00Z'),
    (4, 'Empty But Sourced', 'sourced@example.com', '', 'form', null, null, 'newsletter', '2025-03-02T10:00:00Z'),
    (5, 'Imported Lately', 'later@example.com', '', 'import', null, null, null, '2025-04-01T10:00:00Z'),
    (6, 'Added Lately', 'added@example.com', '', 'manual', null, null, null, '2025-04-02T10:00:00Z');
  select setval('contacts_id_seq', 6);`;

async function openBefore0020(): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  const folder = migrationsBefore(
    'contact_origin_import',
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

describe('migration 0020 on an older database', () => {
  let database: Database;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ database, cleanup } = await openBefore0020());
  });
  afterAll(async () => cleanup());

  it('backfills each contact’s origin and, for imports, the file and time', async () => {
    const rows = (
      (await database.db.execute(sql`
        select id, origin, import_file_name as file,
          to_char(imported_at at time zone 'UTC', 'YYYY-MM-DD') as day
        from contacts order by id`)) as unknown as {
        rows: { id: number; origin: string; file: string | null; day: string | null }[];
      }
    ).rows.map((r) => ({ ...r, id: Number(r.id) }));
    expect(rows).toEqual([
      { id: 1, origin: 'form', file: null, day: null },
      { id: 2, origin: 'import', file: 'Kunden März.csv', day: '2025-02-01' },
      { id: 3, origin: 'manual', file: null, day: null },
      { id: 4, origin: 'form', file: null, day: null },
      { id: 5, origin: 'import', file: null, day: '2025-04-01' },
      { id: 6, origin: 'manual', file: null, day: null },
    ]);
  });
});
