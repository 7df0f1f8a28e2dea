// `npm run seed:contacts -- [count]`: adds `count` (default 10,000) realistic demo contacts to the
// configured database (DATA_DIR or DATABASE_URL), for the scale check and the benchmarks.
// On the embedded database, stop the server first (the data folder is locked while it runs).
import { sql } from 'drizzle-orm';
import { type Db, openDatabase } from '../src/db/client.ts';
import { applyEnvFile, loadConfig } from '../src/server/config.ts';
import { POSTGRES_BULK_LANES } from '../src/server/contacts/contact-lanes.ts';
import { contactStatuses } from '../src/shared/contacts.ts';

const FIRST = [
  'Ava',
  'Ben',
  'Chloe',
  'Dev',
  'Elena',
  'Farid',
  'Grace',
  'Hugo',
  'Iris',
  'Jonas',
  'Keiko',
  'Liam',
  'Maya',
  'Noah',
  'Olu',
  'Priya',
  'Quinn',
  'Rosa',
  'Sami',
  'Tara',
];
const LAST = [
  'Adams',
  'Baker',
  'Chen',
  'Diaz',
  'Evans',
  'Fischer',
  'Garcia',
  'Haddad',
  'Ito',
  'Jensen',
  'Kowalski',
  'Lopez',
  'Mensah',
  'Nakamura',
  'Okafor',
  'Patel',
  'Rossi',
  'Silva',
  'Tanaka',
  'Weber',
];
const NEEDS = [
  'We need a booking website for our salon, with reminders by text.',
  'Looking for a mobile app so customers can order ahead at our café.',
  'Can you build an AI workflow that reads supplier invoices and fills our spreadsheet?',
  'Our shop site is slow and hard to update. Quote for a redesign?',
  'We want a simple CRM for our plumbing business: leads, jobs and follow-ups.',
  'Need a landing page for a product launch in three weeks.',
  'Looking for ongoing maintenance for our existing WordPress site.',
];

/** A SQL text array literal of `values` (fixed demo words, quotes doubled). */
const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]::text[]`);

/**
 * Inserts `count` demo contacts into the given database with one `INSERT … SELECT` over
 * `generate_series` (on PostgreSQL one per connection of {@link POSTGRES_BULK_LANES}; 1,000,000 in
 * under a minute there; batches of rows sent from here took about five). Contact n (0-based) is a first and last name from the lists above,
 * `first.last.n@example.com`, a phone on two thirds of them, one of the demo messages, a status
 * spread like a real funnel, and a creation time spread over the last 90 days, newest last.
 * One contact per address: seeding again skips the addresses already there.
 * @returns how many contacts were added.
 */
export async function seedContacts(
  count: number,
  target: { databaseUrl?: string; dataDir?: string },
): Promise<number> {
  const database = await openDatabase(target);
  try {
    return await seedContactsInto(database.db, count, database.kind === 'pglite' ? 1 : POSTGRES_BULK_LANES);
  } finally {
    await database.close();
  }
}

/**
 * From this many new contacts on, when the table holds fewer than that already, the seed builds
 * the plain indexes of `contacts` and `contact_search` (the search's trigram index, which the
 * insert trigger fills) after its insert instead of updating them row by row: at 1M contacts the
 * trigram indexes alone took the insert from about 100 s to 257 s.
 */
const BULK_FROM = 50_000;

/**
 * {@link seedContacts} into an open database (tests). `lanes` > 1 (PostgreSQL: a connection pool)
 * splits a bulk seed's insert and its index builds over that many connections at once, as bulk
 * changes do (src/server/contacts/contact-lanes.ts): one statement runs on one core.
 * @returns how many contacts were added.
 */
export async function seedContactsInto(db: Db, count: number, lanes = 1): Promise<number> {
  const [existing] = rows<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from (select 1 from contacts limit ${BULK_FROM}) s`),
  );
  const existingRows = Number(existing?.n ?? 0);
  const bulk = count >= BULK_FROM && existingRows < BULK_FROM;
  const added = !bulk
    ? await insertContacts(db, count, 0, count)
    : lanes <= 1
      ? await db.transaction(async (tx) => {
          // Dropped and rebuilt in one transaction: a failure leaves the indexes as they were,
          // and the table is locked meanwhile (stop the server while seeding).
          const later = await laterIndexes(tx as unknown as Db, existingRows === 0);
          for (const index of later) await tx.execute(sql`drop index ${sql.identifier(index.name)}`);
          const n = await insertContacts(tx as unknown as Db, count, 0, count);
          for (const index of later) await buildIndex(tx as unknown as Db, index.def);
          return n;
        })
      : await seedInLanes(db, count, lanes, existingRows === 0);
  // Fresh statistics, so the list's first query plans with them rather than with defaults (an
  // embedded database has no autovacuum to gather them).
  await db.execute(sql`analyze contacts`);
  return added;
}

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The indexes a bulk seed builds after its insert, read from the catalog so that their definitions
 * stay the migrations'. The unique one on lower(email) is the insert's ON CONFLICT arbiter, so it
 * stays unless the table is empty (the seed's addresses are distinct: each holds its row number).
 * The trigram (GIN) indexes, the slowest to build, come first, so lanes end at about the same time.
 */
async function laterIndexes(db: Db, emptyTable: boolean) {
  return rows<{ name: string; def: string }>(
    await db.execute(sql`
      select c.relname as name, pg_get_indexdef(i.indexrelid) as def
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid in ('contacts'::regclass, 'contact_search'::regclass)
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
        and (not i.indisunique or ${emptyTable})
      order by (select a.amname from pg_am a where a.oid = c.relam) = 'gin' desc, c.relname`),
  );
}

/** Builds one index as `def` (pg_get_indexdef) says, in a transaction of its own or the caller's. */
async function buildIndex(db: Db, def: string): Promise<void> {
  await db.transaction(async (tx) => {
    // A GIN build sorts its entries in this much memory before writing them.
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    await tx.execute(sql.raw(def));
  });
}

/**
 * A bulk seed on `lanes` connections: the indexes dropped (committed), the rows inserted as
 * `lanes` ranges of row numbers at once, then the indexes built, `lanes` at a time. The builds run
 * whatever the insert did, so a failure never leaves the table without its indexes (a range that
 * failed is simply missing: seeding again adds it).
 */
async function seedInLanes(db: Db, count: number, lanes: number, emptyTable: boolean): Promise<number> {
  const later = await laterIndexes(db, emptyTable);
  await db.transaction(async (tx) => {
    for (const index of later) await tx.execute(sql`drop index ${sql.identifier(index.name)}`);
  });
  try {
    const per = Math.ceil(count / lanes);
    const ranges = Array.from(
      { length: lanes },
      (_, i) => [i * per, Math.min(count, (i + 1) * per)] as const,
    );
    const added = await Promise.all(ranges.map(([from, to]) => insertContacts(db, count, from, to)));
    return added.reduce((a, b) => a + b, 0);
  } finally {
    const queue = [...later];
    await Promise.all(
      Array.from({ length: lanes }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await buildIndex(db, next.def);
      }),
    );
  }
}

/**
 * The `INSERT … SELECT` of {@link seedContactsInto} for row numbers `from` (included) to `to`
 * (excluded) of `count`. @returns how many contacts were added.
 */
async function insertContacts(db: Db, count: number, from: number, to: number): Promise<number> {
  if (to <= from) return 0;
  const spanMs = 90 * 86_400_000;
  const result = await db.execute(sql`
      insert into contacts
        (name, email, phone, message, prefer_text_and_call, status, created_at, last_activity_at)
      select f || ' ' || l,
        lower(f || '.' || l || '.' || n || '@example.com'),
        case when n % 3 = 0 then null
          else '(555) ' || lpad((100 + n % 900)::text, 3, '0') || '-' || lpad((n % 10000)::text, 4, '0') end,
        (${textArray(NEEDS)})[1 + n % ${NEEDS.length}],
        n % 4 = 0,
        (${textArray(contactStatuses)})[case when n % 7 = 0 then 4 when n % 5 = 0 then 3 when n % 3 = 0 then 2 else 1 end],
        t, t
      from (
        select n,
          (${textArray(FIRST)})[1 + n % ${FIRST.length}] as f,
          (${textArray(LAST)})[1 + (n / ${FIRST.length}) % ${LAST.length}] as l,
          now() - (${count}::bigint - n) * (${spanMs}::float8 / ${count}) * interval '1 millisecond' as t
        from generate_series(${from}::bigint, ${to - 1}::bigint) as n
      ) s
      on conflict do nothing`);
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const count = Number(process.argv[2] ?? 10_000);
  if (!Number.isInteger(count) || count < 1) {
    console.error('Usage: npm run seed:contacts -- [count]');
    process.exit(1);
  }
  applyEnvFile();
  const config = loadConfig();
  const added = await seedContacts(count, { databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  console.log(`✔ Added ${added.toLocaleString('en-US')} contacts.`);
}
