// `npm run bench:crm`: the CRM's bulk paths on PostgreSQL (docs/guide.md 'Contacts and leads'): a CSV
// import of 100,000 rows through the compiled server in a process of its own over loopback HTTP
// (rows/s and the server's peak resident memory; `npm run build` first), then a bulk status
// change (of every contact, then of every contact matching a search) and a bulk delete (erasure)
// of every contact at BENCH_CONTACTS (default 1,000,000) through POST /api/admin/contacts/bulk
// ('Select all N matching'). BENCH_DATABASE_URL: a server
// URL; databases of its own are made and dropped.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { seedContacts } from '../scripts/seed-contacts.ts';
import { openDatabase } from '../src/db/client.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { startServer, treeRssKb } from './harness.ts';
import { adminCookie, freshPostgresDatabase } from './lib.ts';

export interface CrmRow {
  what: string;
  figure: string;
  target: string;
  met?: boolean;
}

const SECRET = 'bench-only secret shared by nobody, 32+ chars';

/** Imports `rows` generated rows over HTTP into an empty database; peak RSS of the server process. */
async function benchImport(serverUrl: string, rows: number): Promise<CrmRow[]> {
  const target = await freshPostgresDatabase(serverUrl);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'agency-import-')), 'contacts.csv');
  const lines = ['Name,Email,Phone,Company,Tags'];
  for (let i = 0; i < rows; i++)
    lines.push(`Person ${i},person${i}@import.example,+1 555 ${i},Company ${i % 500},Bench`);
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  const server = await startServer({ DATABASE_URL: target.url, APP_SECRET: SECRET, LOG_LEVEL: 'silent' });
  try {
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ username: 'admin', password: 'demo-admin' }),
    });
    const sid = login.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (!login.ok || !sid) throw new Error(`sign-in for the import: ${login.status}`);
    let peakKb = treeRssKb(server.pid);
    const sampler = setInterval(() => {
      peakKb = Math.max(peakKb, treeRssKb(server.pid));
    }, 50);
    const form = new FormData();
    form.append('file', new Blob([fs.readFileSync(file)], { type: 'text/csv' }), 'contacts.csv');
    const start = performance.now();
    const res = await fetch(`${server.url}/api/admin/contacts/import`, {
      method: 'POST',
      headers: { cookie: sid.split(';')[0]!, origin: server.url },
      body: form,
    });
    const seconds = (performance.now() - start) / 1000;
    clearInterval(sampler);
    const body = (await res.json()) as { create?: number };
    if (res.status !== 200 || body.create !== rows)
      throw new Error(`import: ${res.status} ${JSON.stringify(body)}`);
    const label = rows.toLocaleString('en-US');
    return [
      {
        what: `CSV import of ${label} rows (PostgreSQL, batches)`,
        figure: `${seconds.toFixed(1)} s, ${Math.round(rows / seconds).toLocaleString('en-US')} rows/s`,
        target: '≤ 60 s',
        met: seconds <= 60,
      },
      {
        what: `server peak RSS during the ${label}-row import`,
        figure: `${Math.round(peakKb / 1024)} MB`,
        target: '≤ 300 MB',
        met: peakKb / 1024 <= 300,
      },
    ];
  } finally {
    await server.stop();
    await target.drop();
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

/** Seeds `contacts`, then times a bulk status change and a bulk delete of all of them. */
async function benchBulk(serverUrl: string, contacts: number, log: (l: string) => void): Promise<CrmRow[]> {
  const target = await freshPostgresDatabase(serverUrl);
  try {
    await (await openDatabase({ databaseUrl: target.url })).close();
    const label = contacts.toLocaleString('en-US');
    log(`seeding ${label} contacts…`);
    await seedContacts(contacts, { databaseUrl: target.url });
    const database = await openDatabase({ databaseUrl: target.url });
    await database.db.execute(sql`analyze`);
    const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: target.url, APP_SECRET: SECRET });
    const app = await buildApp({ config, database, pages: null });
    await app.ready();
    try {
      const cookie = await adminCookie(app);
      const bulk = async (action: object, filter: object = { status: 'all' }) => {
        const start = performance.now();
        const res = await app.inject({
          method: 'POST',
          url: '/api/admin/contacts/bulk',
          headers: { cookie },
          payload: { selection: { filter }, action },
        });
        if (res.statusCode !== 200) throw new Error(`bulk: ${res.statusCode} ${res.body.slice(0, 200)}`);
        return {
          seconds: (performance.now() - start) / 1000,
          affected: (res.json() as { affected: number }).affected,
        };
      };
      log('bulk status change…');
      const status = await bulk({ type: 'setStatus', status: 'qualified' });
      // Every seeded address ends in @example.com: a search that matches them all.
      log('bulk status change of a search…');
      const searched = await bulk(
        { type: 'setStatus', status: 'contacted' },
        { status: 'all', q: 'example' },
      );
      log('bulk delete…');
      const erase = await bulk({ type: 'delete' });
      return [
        {
          what: `bulk status change of all ${label} contacts ('Select all N matching', PostgreSQL)`,
          figure: `${status.seconds.toFixed(1)} s (${status.affected.toLocaleString('en-US')} changed)`,
          target: '≤ 30 s',
          met: status.seconds <= 30,
        },
        {
          what: `bulk status change of all ${label} contacts matching a search ('example', PostgreSQL)`,
          figure: `${searched.seconds.toFixed(1)} s (${searched.affected.toLocaleString('en-US')} changed)`,
          target: '≤ 30 s',
          met: searched.seconds <= 30,
        },
        {
          what: `bulk delete (erasure) of all ${label} contacts (PostgreSQL)`,
          figure: `${erase.seconds.toFixed(1)} s (${erase.affected.toLocaleString('en-US')} erased)`,
          target: '≤ 30 s',
          met: erase.seconds <= 30,
        },
      ];
    } finally {
      await app.close();
    }
  } finally {
    await target.drop();
  }
}

/** The CRM rows: import (100,000 rows) and the two bulk actions at `contacts`. */
export async function benchCrm(opts: {
  serverUrl: string;
  contacts?: number;
  importRows?: number;
  log?: (line: string) => void;
}): Promise<CrmRow[]> {
  const log = opts.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  log('CSV import…');
  const rows = await benchImport(opts.serverUrl, opts.importRows ?? 100_000);
  rows.push(...(await benchBulk(opts.serverUrl, opts.contacts ?? 1_000_000, log)));
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) throw new Error('set BENCH_DATABASE_URL');
  const rows = await benchCrm({
    serverUrl,
    contacts: process.env.BENCH_CONTACTS ? Number(process.env.BENCH_CONTACTS) : undefined,
  });
  for (const r of rows) console.log(`| ${r.what} | ${r.figure} | ${r.target} | ${r.met ? 'yes' : 'no'} |`);
}
