import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { freshPostgresDatabase } from './helpers/postgres-database.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('PostgreSQL start-up', () => {
  it('applies migrations once when two instances start together', async () => {
    const scratch = await freshPostgresDatabase(serverUrl!);
    try {
      const url = new URL(scratch.url);
      const [a, b] = await Promise.all([
        openDatabase({ databaseUrl: url.toString(), maxConnections: 2 }),
        openDatabase({ databaseUrl: url.toString(), maxConnections: 2 }),
      ]);
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const applied = await check.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      const files = await check.query(
        "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
      );
      await check.end();
      await a.close();
      await b.close();
      expect(applied.rows[0].n).toBeGreaterThan(0);
      expect(files.rows[0].n).toBeGreaterThanOrEqual(18);
    } finally {
      await scratch.drop();
    }
  });
});

describe.runIf(!serverUrl)('embedded database in a data folder', () => {
  it('is created by a child process and opened with a small buffer cache', {
    timeout: 120_000,
  }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-db-'));
    try {
      const database = await openDatabase({ dataDir });
      const result = (await database.db.execute(sql`show shared_buffers`)) as unknown as {
        rows: { shared_buffers: string }[];
      };
      expect(result.rows[0]!.shared_buffers).toBe('8MB');
      await database.close();
      // Reopening an existing folder runs no initdb and keeps the setting.
      const again = await openDatabase({ dataDir });
      expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
      await again.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
