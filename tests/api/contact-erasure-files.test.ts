import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, PGLITE_START_PARAMS } from '../../src/db/client.ts';
import { rewrittenSnapshot } from '../../src/db/snapshot.ts';
import { type App, buildApp } from '../../src/server/app.ts';
import { collectBytes } from '../../src/server/backup/backup-files.ts';
import { restoreDataFolder } from '../../src/server/backup/pglite-backup.ts';
import { resultRows } from '../../src/server/campaigns/campaign-audience.ts';
import { loadConfig } from '../../src/server/config.ts';
import { scrubDataFolder } from '../../src/server/contacts/scrub-command.ts';
import { scrubDatabaseFiles } from '../../src/server/contacts/scrub-erased.ts';
import { openTestDatabase, signIn, usingPostgres } from './helpers/test-app.ts';

/**
 * Erasure reaches the embedded database's own files (decision 061): after erasing a person whose
 * name, address, message, notes, task and the owner's email to them carry a unique word, no file
 * of the data folder (backups taken before the erasure aside) and no backup taken afterwards holds
 * that word. A DELETE alone leaves the rows' bytes in the table and index pages and in pg_wal;
 * the scrub (VACUUM FULL of the tables, CHECKPOINT, WAL switches) runs before the next backup.
 * Tables too large for that (decision 073) keep the bytes in the live folder, and the backup's
 * copy is rewritten in a child process instead: it too holds none of the person, and restores.
 */

const MARK = 'Xylophrast';

/** Every file under `dir` (skipping `skip`) whose bytes hold `word`, by path relative to `dir`. */
function filesHolding(dir: string, word: string, skip: string[] = []): string[] {
  const hits: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(dir, file);
    if (!entry.isFile() || skip.some((s) => relative.startsWith(s))) continue;
    if (fs.readFileSync(file).includes(word)) hits.push(relative);
  }
  return hits;
}

describe.skipIf(usingPostgres).each([
  { tables: 'small enough to rewrite in place', scrubMaxTableBytes: undefined },
  // Only tables up to 16 KB count as small; the rest are rewritten because the rate measured on
  // those predicts them within the budget.
  {
    tables: 'over the in-place size, rewritten within the budget',
    scrubMaxTableBytes: 16_384,
    scrubBudgetMs: 60_000,
  },
  // Every table counts as too large for the in-place scrub: the backup's copy is rewritten.
  { tables: 'too large to rewrite in place', scrubMaxTableBytes: 0 },
])(
  'erasure on the embedded database, tables $tables: the files and later backups',
  ({ scrubMaxTableBytes, scrubBudgetMs }) => {
    // The live folder is clean after the scrub unless every table is too large for it.
    const liveClean = scrubMaxTableBytes !== 0;
    let dataDir: string;
    let app: App;
    let cookie: string;
    const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erasure-files-'));
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, CONTACT_POW: 'off' });
      const database = await openDatabase({ dataDir });
      app = await buildApp({
        config,
        database,
        pages: null,
        scrubDelayMs: 60_000,
        scrubMaxTableBytes,
        scrubBudgetMs,
        backupPriority: 0,
      });
      app.addHook('onClose', async () => database.close());
      await app.ready();
      cookie = await signIn(app);
    });
    afterAll(async () => {
      await app?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it(`leaves ${liveClean ? 'no file of the data folder and ' : ''}no later backup holding the person; the backup restores`, async () => {
      const person = {
        name: `Quenby ${MARK}`,
        email: `quenby.${MARK.toLowerCase()}@erase.example`,
        message: `The ${MARK} bakery needs a site`,
      };
      const lead = await app.inject({ method: 'POST', url: '/api/contact', payload: person });
      expect(lead.statusCode, lead.body).toBe(201);
      const id = lead.json().id as number;
      const other = { name: 'Odalys Keeper', email: 'odalys@keep.example', message: 'Tangerine lighthouse' };
      expect((await app.inject({ method: 'POST', url: '/api/contact', payload: other })).statusCode).toBe(
        201,
      );
      expect(
        (await call('PATCH', `/api/admin/contacts/${id}`, { notes: `Likes ${MARK} blue` })).statusCode,
      ).toBe(200);
      expect(
        (await call('POST', '/api/admin/tasks', { contactId: id, title: `Call ${MARK} back` })).statusCode,
      ).toBeLessThan(300);
      expect(
        (
          await call('POST', `/api/admin/contacts/${id}/send-email`, {
            subject: 'Your quote',
            content: `<p>Dear Quenby, the ${MARK} estimate follows.</p>`,
          })
        ).statusCode,
      ).toBe(201);
      const campaign = (
        await call('POST', '/api/admin/campaigns', {
          name: 'News',
          subject: 'News',
          htmlContent: '<p>Hi {{name}}</p>',
        })
      ).json();
      expect(
        (await call('POST', `/api/admin/campaigns/${campaign.id}/send`, { recipientIds: [id] })).statusCode,
      ).toBeLessThan(300);
      await app.mailQueue.idle();

      // A backup taken before the erasure holds the person (and keeps them: docs/personal-data.md).
      const before = await app.backups.snapshot(collectBytes);
      fs.mkdirSync(path.join(dataDir, 'backups'), { recursive: true });
      fs.writeFileSync(path.join(dataDir, 'backups', 'before.tar.gz'), before);
      expect(gunzipSync(before).includes(MARK)).toBe(true);
      expect(filesHolding(path.join(dataDir, 'pglite'), MARK).length).toBeGreaterThan(0);

      expect((await call('DELETE', `/api/admin/contacts/${id}`)).statusCode).toBe(204);
      await app.mailQueue.idle();

      // A backup taken afterwards (the scrub runs first) holds none of the person's words.
      const after = await app.backups.snapshot(collectBytes);
      const tar = gunzipSync(after);
      expect(tar.includes(MARK), 'the backup after the erasure').toBe(false);
      expect(tar.includes(MARK.toLowerCase())).toBe(false);
      if (liveClean) {
        // …and neither does any file of the data folder but the backup from before.
        expect(filesHolding(dataDir, MARK, ['backups'])).toEqual([]);
        expect(filesHolding(dataDir, MARK.toLowerCase(), ['backups'])).toEqual([]);
      } else {
        // The live tables were too large to rewrite: their pages still hold the bytes
        // (docs/personal-data.md), so the backup is clean only because its copy was rewritten…
        expect(filesHolding(path.join(dataDir, 'pglite'), MARK).length).toBeGreaterThan(0);
        // …in a folder that is gone again.
        expect(fs.readdirSync(path.join(dataDir, 'tmp')).filter((n) => n.startsWith('backup-'))).toEqual([]);
      }
      // The other person is still there, and the backup restores.
      expect(tar.includes('Tangerine lighthouse')).toBe(true);
      const list = await call('GET', '/api/admin/contacts?q=Odalys');
      expect(list.json()).toHaveLength(1);
      const restoreDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erasure-restore-'));
      try {
        const restored = await restoreDataFolder(restoreDir, after, { force: false, source: 'after.tar.gz' });
        expect(restored.tables).toBeGreaterThan(10);
        const reopened = await openDatabase({ dataDir: restoreDir });
        try {
          const names = await reopened.db.execute(sql`select name from contacts order by name`);
          expect(resultRows<{ name: string }>(names).map((r) => r.name)).toEqual(['Odalys Keeper']);
        } finally {
          await reopened.close();
        }
      } finally {
        fs.rmSync(restoreDir, { recursive: true, force: true });
      }
    }, 120_000);

    it.runIf(scrubMaxTableBytes === 0)(
      '`npm run scrub` refuses while the server runs, then, with it stopped, leaves no file of the live folder holding the person',
      async () => {
        const config = { databaseUrl: undefined, dataDir };
        await expect(scrubDataFolder(config)).rejects.toThrow(
          /A server \(or another command\) holds .*: stop it, run npm run scrub/,
        );
        await expect(scrubDataFolder({ ...config, databaseUrl: 'postgres://db/crm' })).rejects.toThrow(
          /DATABASE_URL is set/,
        );
        await app.close();
        expect(filesHolding(path.join(dataDir, 'pglite'), MARK).length).toBeGreaterThan(0);
        const heard: string[] = [];
        const done = await scrubDataFolder(config, (table) => heard.push(table.name));
        expect(done.skipped).toEqual([]);
        expect(heard).toContain('contacts');
        expect(heard).toContain('contact_search');
        expect(filesHolding(dataDir, MARK, ['backups'])).toEqual([]);
        expect(filesHolding(dataDir, MARK.toLowerCase(), ['backups'])).toEqual([]);
        // The other person is still there.
        const reopened = await openDatabase({ dataDir });
        try {
          const names = await reopened.db.execute(sql`select name from contacts order by name`);
          expect(resultRows<{ name: string }>(names).map((r) => r.name)).toEqual(['Odalys Keeper']);
        } finally {
          await reopened.close();
        }
      },
      120_000,
    );
  },
);

describe.skipIf(usingPostgres)('a backup rewrite interrupted by a crash', () => {
  it('leaves its copy of the database only until the data folder is opened again', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erasure-rewrite-left-'));
    try {
      const left = path.join(dataDir, 'tmp', 'backup-rewrite-Ab12Cd');
      fs.mkdirSync(path.join(left, 'work', 'pglite'), { recursive: true });
      fs.writeFileSync(path.join(left, 'snapshot.tar.gz'), `a copy holding ${MARK}`);
      const unrelated = path.join(dataDir, 'tmp', 'notes.txt');
      fs.writeFileSync(unrelated, 'not ours');
      const database = await openDatabase({ dataDir });
      await database.close();
      expect(fs.existsSync(left)).toBe(false);
      expect(fs.existsSync(unrelated)).toBe(true);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(usingPostgres)('a backup rewrite that fails', () => {
  it('throws the reason and leaves no copy of the database behind', async () => {
    const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erasure-rewrite-fails-'));
    try {
      async function* notAnArchive() {
        yield new TextEncoder().encode(`not a backup, but it holds ${MARK}`);
      }
      const chunks = rewrittenSnapshot(notAnArchive(), { tmpDir, startParams: PGLITE_START_PARAMS });
      await expect(collectBytes(chunks)).rejects.toThrow(
        /rewriting the backup copy failed \(exit 1\): unpacking/,
      );
      expect(fs.readdirSync(tmpDir)).toEqual([]);
    } finally {
      fs.rmSync(tmpDir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(usingPostgres)('the scrub and the requests meanwhile', () => {
  it('lets a request that arrived during one table reach the database before the next table', async () => {
    const database = await openTestDatabase();
    try {
      const order: string[] = [];
      const scrub = scrubDatabaseFiles(database.db, {
        maxTableBytes: Number.POSITIVE_INFINITY,
        onTable: (_table, index) => {
          // A socket read comes in the event loop's poll phase, as a file read's callback does.
          if (index === 0)
            fs.readFile(import.meta.filename, () => {
              void database.db.execute(sql`select 1`).then(() => order.push('request'));
            });
        },
      }).then((done) => {
        order.push('scrub done');
        return done;
      });
      const done = await scrub;
      expect(done.tables).toBeGreaterThan(10);
      expect(order).toEqual(['request', 'scrub done']);
    } finally {
      await database.close();
    }
  });
});
