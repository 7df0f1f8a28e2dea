/**
 * `POST /api/contact` against the raw rate of its own transaction: the app
 * (compiled, default logging, a contact rate limit high enough for the load) under `wrk -t1 -c10`
 * posting distinct leads, each with its own solved ALTCHA proof of work (the server verifies it and
 * spends the challenge: decision 037; a lead stored as spam counts as a failure), and
 * `createContact` (the route's transaction: the challenge spent, the lead inserted and its
 * notification queued) called directly by 10 concurrent loops on the same engine, no HTTP.
 * Alternated `rounds` times; the figure is the median of the per-round ratios.
 *
 * `nodeArgs` adds Node options to the server's (to compare V8 settings side by side).
 *
 * Engines: the embedded default (PGlite: the raw loops run on a PGlite of their own in this
 * process, as the server runs its own) or PostgreSQL (`databaseUrl`: a fresh database each side).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createChallenge, randomInt, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';
import { createContact } from '../src/server/contacts/create-contact.ts';
import { POW_ALGORITHM, POW_COST, POW_TTL_MS, powKeys } from '../src/server/spam/proof-of-work.ts';
import { DEMO_ADMIN } from '../src/shared/auth.ts';
import { contactPostScript, median, startServer, type WrkResult, wrk } from './harness.ts';
import { freshPostgresDatabase } from './lib.ts';

export interface WritesResult {
  appRps: number;
  rawRps: number;
  ratio: number;
  spread: [number, number];
  /**
   * Failed posts (non-2xx, or no answer within wrk's 10 s timeout) over all rounds, plus leads
   * stored as spam (a post whose proof of work was refused).
   */
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
  const server = await startServer(
    {
      CONTACT_RATE_LIMIT: '100000',
      // The bench signs the proof-of-work challenges it posts with the server's keys.
      APP_SECRET,
      ...(appDb ? { DATABASE_URL: appDb.url } : {}),
    },
    options.nodeArgs,
  );
  /** A wrk script posting a fresh, solved proof of work with each lead (about `seconds` of them). */
  const scriptFor = async (runSeconds: number) => {
    const payloadFile = path.join(rawDir, `payloads-${++payloadRuns}.txt`);
    fs.writeFileSync(payloadFile, (await solvedPayloads(runSeconds * PAYLOADS_PER_SECOND)).join('\n'));
    return contactPostScript(payloadFile);
  };
  const database = await openDatabase(
    rawDb ? { databaseUrl: rawDb.url, maxConnections: 10 } : { dataDir: rawDir },
  );
  try {
    const result = await alternate(
      rounds,
      seconds,
      async (s) => wrk(`${server.url}/api/contact`, { seconds: s, script: await scriptFor(s) }),
      (s) => rawRate(database.db, s),
    );
    return { ...result, errors: result.errors + (await spamCount(server.url)) };
  } finally {
    await server.stop();
    await database.close();
    await appDb?.drop();
    await rawDb?.drop();
    fs.rmSync(rawDir, { recursive: true, force: true });
  }
}

/**
 * `POST /api/contact` as an API client posts real leads with `CONTACT_POW=off` (no proof of work:
 * each post is a lead, notified), against a raw two-insert transaction on the same PostgreSQL
 * (the contact row, with its triggers, and its notification row; 10 concurrent loops, no HTTP):
 * the yardstick a tester used for the form's cost. Alternated `rounds` times like
 * {@link benchWrites}; the figure is the median of the per-round ratios.
 */
export async function benchWritesVsTwoInserts(options: {
  databaseUrl: string;
  rounds?: number;
  seconds?: number;
}): Promise<WritesResult> {
  const rounds = options.rounds ?? 3;
  const seconds = options.seconds ?? 5;
  const appDb = await freshPostgresDatabase(options.databaseUrl);
  const rawDb = await freshPostgresDatabase(options.databaseUrl);
  const server = await startServer({
    CONTACT_RATE_LIMIT: '100000',
    CONTACT_POW: 'off',
    APP_SECRET,
    DATABASE_URL: appDb.url,
  });
  // Migrated like the app's (the same triggers on contacts), then used through plain pg.
  await (await openDatabase({ databaseUrl: rawDb.url, maxConnections: 2 })).close();
  const pool = new pg.Pool({ connectionString: rawDb.url, max: 10 });
  try {
    const script = contactPostScript();
    return await alternate(
      rounds,
      seconds,
      (s) => wrk(`${server.url}/api/contact`, { seconds: s, script }),
      (s) => twoInsertRate(pool, s),
    );
  } finally {
    await server.stop();
    await pool.end();
    await appDb.drop();
    await rawDb.drop();
  }
}

/**
 * Two-insert transactions (a contact, its notification) that 10 concurrent loops commit per
 * second, each loop on its own connection of a plain `pg` pool: no query builder.
 */
async function twoInsertRate(pool: pg.Pool, seconds: number): Promise<number> {
  const prefix = `${process.pid}.${Date.now()}`;
  const end = performance.now() + seconds * 1000;
  let done = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      const client = await pool.connect();
      try {
        while (performance.now() < end) {
          const n = ++serial;
          await client.query('begin');
          const inserted = await client.query<{ id: number }>(
            `insert into contacts (name, email, message) values ('Bench Lead', $1, $2) returning id`,
            [`two${prefix}.${n}@example.com`, 'A benchmark message about a new website.'],
          );
          await client.query(
            `insert into mail_queue (kind, to_address, subject, html)
             values ('lead_notification', 'owner@example.com', $1, $2)`,
            [`New lead ${inserted.rows[0]!.id}`, '<p>A benchmark message about a new website.</p>'],
          );
          await client.query('commit');
          done++;
        }
      } finally {
        client.release();
      }
    }),
  );
  return done / ((performance.now() - start) / 1000);
}

/**
 * The app's posts and a reference rate, each warmed up (2 s and 1 s), then alternated `rounds`
 * times for `seconds` each; the figure is the median of the per-round ratios.
 */
async function alternate(
  rounds: number,
  seconds: number,
  posts: (seconds: number) => Promise<WrkResult>,
  reference: (seconds: number) => Promise<number>,
): Promise<WritesResult> {
  await posts(2);
  await reference(1);
  const app: number[] = [];
  const raw: number[] = [];
  const ratios: number[] = [];
  let errors = 0;
  for (let i = 0; i < rounds; i++) {
    const a = await posts(seconds);
    errors += a.errors;
    const r = await reference(seconds);
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
}

let serial = 0;
let payloadRuns = 0;

/** The server's APP_SECRET in the bench: the challenges are signed with keys derived from it. */
const APP_SECRET = 'bench-only secret shared by nobody, 32+ chars';

/** Solved payloads made per second of a wrk run: above the highest rate measured here (4,500/s). */
const PAYLOADS_PER_SECOND = 8_000;

/**
 * `count` proof-of-work payloads as the widget sends them, each for its own challenge signed with
 * the server's keys. The counter is picked small (1–8) so the bench spends no time solving: the
 * server's check is the same two HMACs and the same spent-challenge insert whatever the counter.
 */
async function solvedPayloads(count: number): Promise<string[]> {
  const keys = powKeys(APP_SECRET);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const challenge = await createChallenge({
      algorithm: POW_ALGORITHM,
      cost: POW_COST,
      counter: randomInt(8, 1),
      deriveKey,
      expiresAt: new Date(Date.now() + POW_TTL_MS),
      hmacSignatureSecret: keys.signature,
      hmacKeySignatureSecret: keys.keySignature,
    });
    const solution = await solveChallenge({ challenge, deriveKey });
    out.push(Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'));
  }
  return out;
}

/**
 * How many of the posted leads were quarantined as spam (asked through the admin API with the demo
 * pair): each counts as a failure, since a spam lead's transaction queues no notification.
 */
async function spamCount(url: string): Promise<number> {
  const login = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify(DEMO_ADMIN),
  });
  const cookie = login.headers.get('set-cookie')?.split(';')[0];
  if (!login.ok || !cookie) throw new Error(`bench sign-in failed: ${login.status}`);
  const res = await fetch(`${url}/api/admin/contacts/count?status=spam`, { headers: { cookie } });
  return ((await res.json()) as { total: number }).total;
}

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
          // The lead's transaction spends its proof of work (decision 037): the raw rate does too.
          {
            spamReasons: [],
            pow: { nonce: randomBytes(16).toString('hex'), expiresAt: new Date(Date.now() + 60_000) },
            source: undefined,
            device: null,
          },
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
