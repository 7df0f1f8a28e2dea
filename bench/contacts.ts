// `npm run bench:contacts`: list, search, filter and export latency of the admin contacts API with
// 10,000 contacts, measured in-process (app.inject: server time, no network). PGlite by default;
// BENCH_DATABASE_URL=postgres://… measures a PostgreSQL server instead. BENCH_CONTACTS=1000000 seeds
// more; BENCH_IMPORTED_PERCENT=99 turns that share of them into imported people (origin `import`),
// the list's Leads / Imported / All views (decision 058) then show where leads are rare or common.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { seedContacts } from '../scripts/seed-contacts.ts';
import { openDatabase } from '../src/db/client.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { adminCookie, freshPostgresDatabase, percentile } from './lib.ts';

const COUNT = Number(process.env.BENCH_CONTACTS ?? 10_000);
const IMPORTED_PERCENT = Number(process.env.BENCH_IMPORTED_PERCENT ?? 0);
const RUNS = 30;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-contacts-'));
const pgTarget = process.env.BENCH_DATABASE_URL
  ? await freshPostgresDatabase(process.env.BENCH_DATABASE_URL)
  : null;
const target = pgTarget ? { databaseUrl: pgTarget.url } : { dataDir };
try {
  console.log(`Seeding ${COUNT.toLocaleString('en-US')} contacts (${pgTarget ? 'PostgreSQL' : 'PGlite'})…`);
  await seedContacts(COUNT, target);
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(pgTarget
      ? { DATABASE_URL: pgTarget.url, APP_SECRET: 'bench-only secret shared by nobody, 32+ chars' }
      : {}),
  });
  const database = await openDatabase(target);
  if (IMPORTED_PERCENT > 0) {
    await database.db.execute(sql`
      update contacts set origin = 'import', imported_at = created_at, import_file_name = 'bench.csv'
      where id % 100 < ${IMPORTED_PERCENT}`);
    await database.db.execute(sql`analyze contacts`);
  }
  const app = await buildApp({ config, database, pages: null });
  await app.ready();
  const cookie = await adminCookie(app);

  const cases: [string, string][] = [
    ['first page (50, Leads view)', '/api/admin/contacts?limit=50'],
    ['search message text', '/api/admin/contacts?limit=50&q=invoices'],
    ['search by email part', '/api/admin/contacts?limit=50&q=tanaka.1'],
    ['status filter', '/api/admin/contacts?limit=50&status=qualified'],
    ['search + filter', '/api/admin/contacts?limit=50&status=new&q=caf'],
    ['Imported view', '/api/admin/contacts?limit=50&view=imported'],
    ['All view', '/api/admin/contacts?limit=50&view=all'],
    ['Leads view by name', '/api/admin/contacts?limit=50&sort=name'],
    ['Leads count', '/api/admin/contacts/count'],
    // 30 exports of a million rows would be the whole run: `npm run bench:scale` measures that.
    ...(COUNT <= 100_000
      ? [
          [`CSV export (all ${COUNT.toLocaleString('en-US')})`, '/api/admin/contacts/export.csv'] as [
            string,
            string,
          ],
        ]
      : []),
  ];
  console.log(`\n${'request'.padEnd(28)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}  rows`);
  for (const [label, url] of cases) {
    const times: number[] = [];
    let rows = '';
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: { cookie } });
      times.push(performance.now() - start);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      rows = String(res.headers['x-total-count'] ?? res.body.split('\n').length - 2);
    }
    console.log(
      `${label.padEnd(28)} ${percentile(times, 50).toFixed(1).padStart(8)} ${percentile(times, 95).toFixed(1).padStart(8)}  ${rows}`,
    );
  }
  await app.close();
} finally {
  await pgTarget?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
