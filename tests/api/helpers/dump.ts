import { sql } from 'drizzle-orm';
import type { Database } from '../../../src/db/client.ts';

/** Every row of every table (public and drizzle schemas) as text: what a database dump shows. */
export async function dumpDatabase(database: Database): Promise<string> {
  // Both drivers answer `{ rows }`; the shared Db type leaves raw results untyped.
  const tables = (await database.db.execute(
    sql`select table_schema, table_name from information_schema.tables where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { table_schema: string; table_name: string }[] };
  let dump = '';
  for (const { table_schema, table_name } of tables.rows) {
    const rows = (await database.db.execute(
      sql.raw(`select t::text as row from "${table_schema}"."${table_name}" t`),
    )) as unknown as { rows: { row: string }[] };
    for (const r of rows.rows) dump += `${table_name}: ${r.row}\n`;
  }
  return dump;
}
