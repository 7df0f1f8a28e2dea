import { sql } from 'drizzle-orm';
import type { Database } from '../../../src/db/client.ts';

/** Per table: row count and an MD5 of every row as text (sorted), e.g. `{ contacts: [3, 'ab…'] }`. */
export type Fingerprint = Record<string, [number, string]>;

/**
 * Builds a one-query fingerprint of every table of the public schema, to prove that a refused
 * request changed nothing (no partial write). `columns` replaces a table's whole-row
 * text by chosen columns, for tables that change on their own (a session's `last_seen_at`).
 */
export async function fingerprinter(
  database: Database,
  columns: Record<string, string[]> = {},
): Promise<() => Promise<Fingerprint>> {
  const tables = (
    (await database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )) as unknown as { rows: { table_name: string }[] }
  ).rows.map((r) => r.table_name);
  const parts = tables.map((name) => {
    const row = columns[name]
      ? `concat_ws('|', ${columns[name].map((c) => `t."${c}"`).join(', ')})`
      : 't::text';
    return `'${name}', (select json_build_array(count(*), md5(coalesce(string_agg(${row}, E'\\n' order by ${row}), ''))) from public."${name}" t)`;
  });
  const query = sql.raw(`select json_build_object(${parts.join(', ')})::text as f`);
  return async () => {
    const result = (await database.db.execute(query)) as unknown as { rows: { f: string }[] };
    return JSON.parse(result.rows[0]!.f) as Fingerprint;
  };
}

/**
 * Builds a cheap check for "was anything written?": the next transaction id the database will hand
 * out (`pg_current_snapshot()`'s xmax). PostgreSQL gives a transaction an id only when it first
 * writes, and stamps every row version it inserts, updates or deletes with it (PostgreSQL
 * documentation, "Transactions and Identifiers"), so while this value stays the same no row of any
 * table changed and a {@link fingerprinter} fingerprint would be the same. Reading it writes nothing.
 * Another session's write (on a shared PostgreSQL server, another test's database) changes it too:
 * a changed value means "take the fingerprint", never "something here changed".
 */
export function writeMarker(database: Database): () => Promise<string> {
  const query = sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`;
  return async () => {
    const result = (await database.db.execute(query)) as unknown as { rows: { xmax: string }[] };
    return result.rows[0]!.xmax;
  };
}
