import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { openTestDatabase } from './helpers/test-app.ts';

/**
 * The personal-data map (docs/personal-data.md) must name every column that can hold text: a new
 * text, character or JSON column without a row there fails here, so whoever adds one decides
 * what erasing a contact does to it. Listed columns that no longer exist fail too (the map stays
 * true).
 */

const MAP = new URL('../../docs/personal-data.md', import.meta.url);

/** Every `table.column` the map names, in backticks. */
function mappedColumns(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/`([a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*)`/g)].map((m) => m[1]!));
}

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

/** The schema's columns that can hold text: text, character types, JSON, and arrays of them. */
async function textColumns(): Promise<string[]> {
  const result = (await database.db.execute(sql`
    select c.table_name || '.' || c.column_name as name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'xml', 'bytea')
        or (c.data_type = 'ARRAY' and c.udt_name in ('_text', '_varchar', '_bpchar', '_json', '_jsonb')))
    order by 1`)) as unknown as { rows: { name: string }[] };
  return result.rows.map((r) => r.name);
}

describe('docs/personal-data.md', () => {
  it('lists every text and JSON column of the schema', async () => {
    const mapped = mappedColumns(fs.readFileSync(MAP, 'utf8'));
    const columns = await textColumns();
    expect(columns.length).toBeGreaterThan(50);
    const missing = columns.filter((c) => !mapped.has(c));
    expect(missing, 'columns missing from docs/personal-data.md: add a row saying what erasure does').toEqual(
      [],
    );
  });

  it('lists no column the schema does not have', async () => {
    const result = (await database.db.execute(sql`
      select table_name || '.' || column_name as name from information_schema.columns
      where table_schema = 'public'`)) as unknown as { rows: { name: string }[] };
    const existing = new Set(result.rows.map((r) => r.name));
    const stale = [...mappedColumns(fs.readFileSync(MAP, 'utf8'))].filter((c) => !existing.has(c));
    expect(stale, 'columns in docs/personal-data.md that no longer exist').toEqual([]);
  });

  it('fails for a column the map does not list', async () => {
    await database.db.execute(sql`alter table contacts add column shadow_copy text`);
    try {
      const mapped = mappedColumns(fs.readFileSync(MAP, 'utf8'));
      expect((await textColumns()).filter((c) => !mapped.has(c))).toEqual(['contacts.shadow_copy']);
    } finally {
      await database.db.execute(sql`alter table contacts drop column shadow_copy`);
    }
  });
});
