/**
 * The full read a restore makes before it says 'Restored' (decision 022): every page of
 * every table of the app's schemas read by a sequential scan, and every value detoasted (each row
 * turned into text), so a backup whose gzip and tar are whole but whose database pages are
 * damaged is refused naming the table, instead of failing later on every pass.
 */

/** Runs one SQL statement and returns its rows (PGlite's `query`, a pg client's `query`). */
export type RunQuery = (statement: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** Every table and materialised view outside PostgreSQL's own schemas, quoted for SQL. */
export const LIST_TABLES = `
  select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'm')
    and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
  order by 1`;

/** Sequential scans only: an index scan would skip the heap pages a damaged index does not point to. */
export const SEQUENTIAL_ONLY = [
  'set enable_indexscan = off',
  'set enable_indexonlyscan = off',
  'set enable_bitmapscan = off',
];

/** The statement that reads table `name` (already quoted) whole, values included. */
export const readTableStatement = (name: string) =>
  `select count(*) as rows, coalesce(sum(length(t::text)), 0) as chars from ${name} t`;

/** Thrown when a table cannot be read; `table` names it. */
export class UnreadableTableError extends Error {
  constructor(
    readonly table: string,
    readonly reason: string,
  ) {
    super(`reading table ${table} failed: ${reason}`);
    this.name = 'UnreadableTableError';
  }
}

/**
 * Reads every table whole through `query`. @returns the tables read and their row counts.
 * @throws UnreadableTableError for the first table that fails (e.g. `invalid page in block 76`).
 */
export async function readEveryTable(query: RunQuery): Promise<{ table: string; rows: number }[]> {
  for (const statement of SEQUENTIAL_ONLY) await query(statement);
  let tables: string[];
  try {
    tables = (await query(LIST_TABLES)).rows.map((r) => String(r.name));
  } catch (error) {
    throw new UnreadableTableError('pg_catalog.pg_class', (error as Error).message);
  }
  const read: { table: string; rows: number }[] = [];
  for (const table of tables) {
    try {
      const [row] = (await query(readTableStatement(table))).rows;
      read.push({ table, rows: Number(row?.rows ?? 0) });
    } catch (error) {
      throw new UnreadableTableError(table, (error as Error).message);
    }
  }
  return read;
}
