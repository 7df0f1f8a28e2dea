import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { type App, buildApp } from '../../src/server/app.ts';
import { collectBytes } from '../../src/server/backup/backup-files.ts';
import { loadConfig } from '../../src/server/config.ts';
import { signIn, usingPostgres } from './helpers/test-app.ts';

/**
 * Erasure reaches the embedded database's own files (decision 061): after erasing a person whose
 * name, address, message, notes, task and the owner's email to them carry a unique word, no file
 * of the data folder (backups taken before the erasure aside) and no backup taken afterwards holds
 * that word. A DELETE alone leaves the rows' bytes in the table and index pages and in pg_wal;
 * the scrub (VACUUM FULL of the tables, CHECKPOINT, WAL switches) runs before the next backup.
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

describe.skipIf(usingPostgres)('erasure on the embedded database: the files and later backups', () => {
  let dataDir: string;
  let app: App;
  let cookie: string;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erasure-files-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, CONTACT_POW: 'off' });
    const database = await openDatabase({ dataDir });
    app = await buildApp({ config, database, pages: null, scrubDelayMs: 60_000 });
    app.addHook('onClose', async () => database.close());
    await app.ready();
    cookie = await signIn(app);
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves no file of the data folder and no later backup holding the person', async () => {
    const person = {
      name: `Quenby ${MARK}`,
      email: `quenby.${MARK.toLowerCase()}@erase.example`,
      message: `The ${MARK} bakery needs a site`,
    };
    const lead = await app.inject({ method: 'POST', url: '/api/contact', payload: person });
    expect(lead.statusCode, lead.body).toBe(201);
    const id = lead.json().id as number;
    const other = { name: 'Odalys Keeper', email: 'odalys@keep.example', message: 'Tangerine lighthouse' };
    expect((await app.inject({ method: 'POST', url: '/api/contact', payload: other })).statusCode).toBe(201);
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
    // …and neither does any file of the data folder but the backup from before.
    expect(filesHolding(dataDir, MARK, ['backups'])).toEqual([]);
    expect(filesHolding(dataDir, MARK.toLowerCase(), ['backups'])).toEqual([]);
    // The other person is still there.
    expect(tar.includes('Tangerine lighthouse')).toBe(true);
    const list = await call('GET', '/api/admin/contacts?q=Odalys');
    expect(list.json()).toHaveLength(1);
  }, 120_000);
});
