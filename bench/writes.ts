/**
 * `POST /api/contact` against the raw rate of its own transaction (issue #15 'Writes'): the app
 * (compiled, default logging, a contact rate limit high enough for the load) under `wrk -t1 -c10`
 * posting distinct leads, and `createContact` (the route's transaction: the lead inserted and its
 * notification queued) called directly by 10 concurrent loops on the same engine, no HTTP.
 * Alternated `rounds` times; the figure is the median of the per-round ratios.
 *
 * `nodeArgs` adds Node options to the server's (to compare V8 settings side by side).
 *
 * Engines: the embedded default (PGlite: the raw loops run on a PGlite of their own in this
 * process, as the server runs its own) or PostgreSQL (`databaseUrl`: a fresh database each side).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/client.ts';
import { createContact } from '../src/server/contacts/create-contact.ts';
import { contactPostScript, median, startServer, wrk } from './harness.ts';
import { freshPostgresDatabase } from './lib.ts';

export interface WritesResult {
  appRps: number;
  rawRps: number;
  ratio: number;
  spread: [number, number];
  /** Failed posts (non-2xx, or no answer within wrk's 10 s timeout) over all rounds. */
  errors: number;
}

export async function benchWrites(
  options: { databaseUrl?: string; rounds?: number; seconds?: number; nodeArgs?: string[] } = {},
): Promise<WritesResult> {
  const rounds = options.rounds ?? 3;
  const seconds = options.seconds ?? 5;
  const appDb = options.databaseUrl ? await freshPostgresDatabase(options.databaseUrl) : null;
  const rawDb = options.databaseUrl ? await freshPostgresDatabase(options.databaseUrl) : null;
  const rawDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-bench-raw-'));
  const script = contactPostScript();
  const server = await startServer(
    {
      CONTACT_RATE_LIMIT: '100000',
      ...(appDb
        ? { DATABASE_URL: appDb.url, APP_SECRET: 'bench-only secret shared by nobody, 32+ chars' }
        : {}),
    },
    options.nodeArgs,
  );
  const database = await openDatabase(
    rawDb ? { databaseUrl: rawDb.url, maxConnections: 10 } : { dataDir: rawDir },
  );
  try {
    await wrk(`${server.url}/api/contact`, { seconds: 2, script });
    await rawRate(database.db, 1);
    const app: number[] = [];
    const raw: number[] = [];
    const ratios: number[] = [];
    let errors = 0;
    for (let i = 0; i < rounds; i++) {
      const a = await wrk(`${server.url}/api/contact`, { seconds, script });
      errors += a.errors;
      const r = await rawRate(database.db, seconds);
      app.push(a.requestsPerSecond);
      raw.push(r);
      ratios.push(a.requestsPerSecond / r);
    }
    return {
      appRps: median(app),
      rawRps: median(raw),
      ratio: median(ratios),
      spread: [Math.min(...ratios), Math.max(...ratios)],
      errors,
    };
  } finally {
    await server.stop();
    await database.close();
    await appDb?.drop();
    await rawDb?.drop();
    fs.rmSync(rawDir, { recursive: true, force: true });
    fs.rmSync(script, { force: true });
  }
}

let serial = 0;

/** Leads per second that 10 concurrent loops of `createContact` commit in `seconds`. */
async function rawRate(db: Parameters<typeof createContact>[0], seconds: number): Promise<number> {
  const prefix = `${process.pid}.${Date.now()}`;
  const end = performance.now() + seconds * 1000;
  let done = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (performance.now() < end) {
        serial++;
        await createContact(
          db,
          {
            name: 'Bench Lead',
            email: `raw${prefix}.${serial}@example.com`,
            message: 'A benchmark message about a new website.',
            preferTextAndCall: false,
          } as Parameters<typeof createContact>[1],
          { to: 'owner@example.com', adminUrl: 'http://localhost:3000', siteName: 'Bench' },
        );
        done++;
      }
    }),
  );
  return done / ((performance.now() - start) / 1000);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchWrites({ databaseUrl: process.argv[2] }));
}
