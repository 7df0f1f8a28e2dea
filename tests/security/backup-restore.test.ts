import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { backupCommand, restoreCommand } from '../../src/server/backup/backup-commands.ts';
import { checksumFile } from '../../src/server/backup/backup-files.ts';
import { BackupError } from '../../src/server/backup/pglite-backup.ts';
import { loadConfig } from '../../src/server/config.ts';
import { SCRUB_MAX_TABLE_BYTES } from '../../src/server/contacts/scrub-erased.ts';

/**
 * A restore trusts nothing it has not read (decision 022): a backup whose gzip and tar
 * are whole but whose database pages are damaged (a disk that corrupted the table before the
 * backup was taken) is refused naming the table, and the target stays untouched; a backup changed
 * after it was taken is refused by the checksum written beside it; a sound one is restored and
 * says both checks passed. A backup of a database large enough to be rewritten first (decision 073)
 * reads every page while rewriting: a damaged one fails the backup naming the table.
 */

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-restore-check-'));
const config = (dataDir: string) => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
const PAGE = 8192;

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function largestTableBytes(database: Awaited<ReturnType<typeof openDatabase>>): Promise<number> {
  const [row] = (
    (await database.db.execute(sql`
      select max(pg_total_relation_size(c.oid))::bigint as bytes from pg_class c
      where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace`)) as unknown as {
      rows: { bytes: string }[];
    }
  ).rows;
  return Number(row!.bytes);
}

/**
 * A data folder holding `leads` contacts, and a copy of it whose contacts table has one page
 * (block 5) overwritten on disk, as a failing disk leaves it. @returns both folders.
 */
async function sourceAndDamagedCopy(name: string, leads: number) {
  const source = path.join(root, name);
  const damagedSource = path.join(root, `${name}-damaged`);
  const database = await openDatabase({ dataDir: source });
  await database.db.execute(sql`
    insert into contacts (name, email, message)
    select 'Lead ' || i, 'lead-' || i || '@example.com', repeat('A long message. ', 20)
    from generate_series(1, ${leads}) i`);
  const largest = await largestTableBytes(database);
  await database.close();

  fs.cpSync(source, damagedSource, { recursive: true });
  fs.rmSync(path.join(damagedSource, 'backups'), { recursive: true, force: true });
  const copy = await openDatabase({ dataDir: damagedSource });
  const [row] = (
    (await copy.db.execute(sql`select pg_relation_filepath('contacts') as file`)) as unknown as {
      rows: { file: string }[];
    }
  ).rows;
  await copy.close();
  const relation = path.join(damagedSource, 'pglite', row!.file);
  expect(fs.statSync(relation).size).toBeGreaterThan(10 * PAGE);
  const fd = fs.openSync(relation, 'r+');
  fs.writeSync(fd, Buffer.alloc(PAGE, 0x5a), 0, PAGE, 5 * PAGE);
  fs.closeSync(fd);
  return { source, damagedSource, largest };
}

describe('restore verifies what it restores', { timeout: 240_000 }, () => {
  let good: string;
  let damaged: string;

  beforeAll(async () => {
    // Small enough that the backup is the copy itself (a larger one is rewritten first, which
    // reads every page: the last case), so the damage reaches the file.
    const { source, damagedSource, largest } = await sourceAndDamagedCopy('small', 600);
    expect(largest).toBeLessThan(SCRUB_MAX_TABLE_BYTES);
    good = await backupCommand(config(source), path.join(root, 'good.tar.gz'));
    damaged = await backupCommand(config(damagedSource), path.join(root, 'damaged.tar.gz'));
  });

  it('writes a SHA-256 beside every backup, in the form sha256sum -c reads', () => {
    for (const file of [good, damaged]) {
      expect(fs.statSync(checksumFile(file)).mode & 0o777).toBe(0o600);
      execFileSync('sha256sum', ['-c', path.basename(checksumFile(file))], { cwd: path.dirname(file) });
    }
  });

  it('refuses a backup with damaged pages, naming the table, and changes nothing', async () => {
    // The gzip stream is whole: only the database inside is damaged.
    execFileSync('gzip', ['-t', damaged]);
    const target = path.join(root, 'into-empty');
    await expect(restoreCommand(config(target), damaged, false)).rejects.toThrow(
      /damaged: table public\.contacts cannot be read \(.*invalid page in block 5.*\); nothing was changed/,
    );
    expect(fs.existsSync(path.join(target, 'pglite'))).toBe(false);

    // Over an existing database with --force: refused too, and the old one stays in place.
    const existing = path.join(root, 'existing');
    await restoreCommand(config(existing), good, false);
    const before = fs.readdirSync(existing).sort();
    await expect(restoreCommand(config(existing), damaged, true)).rejects.toThrow(/public\.contacts/);
    expect(fs.readdirSync(existing).sort()).toEqual(before);
  });

  it('refuses a backup changed after it was taken (checksum), and restores a sound one', async () => {
    const changed = path.join(root, 'changed.tar.gz');
    const bytes = fs.readFileSync(good);
    // A flipped bit deep inside: the file may still unpack, but it is not what was backed up.
    bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
    fs.writeFileSync(changed, bytes);
    fs.copyFileSync(checksumFile(good), checksumFile(changed));
    const target = path.join(root, 'into-empty-2');
    await expect(restoreCommand(config(target), changed, false)).rejects.toThrow(
      /changed after it was taken: its SHA-256 is [0-9a-f]{64}, but .* says [0-9a-f]{64}\. Nothing was changed/,
    );
    expect(fs.existsSync(path.join(target, 'pglite'))).toBe(false);

    const answer = await restoreCommand(config(target), good, false);
    expect(answer).toMatch(/^Restored .* Checksum verified; every table read\./);
    const restored = await openDatabase({ dataDir: target });
    const [count] = (
      (await restored.db.execute(sql`select count(*)::int as n from contacts`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    await restored.close();
    expect(Number(count!.n)).toBe(600);
  });
});

describe('a backup of a damaged database past the rewrite size', { timeout: 240_000 }, () => {
  it('is refused naming the table that cannot be read, and leaves no file', async () => {
    const { damagedSource, largest } = await sourceAndDamagedCopy('large', 3000);
    expect(largest).toBeGreaterThan(SCRUB_MAX_TABLE_BYTES);
    const file = path.join(root, 'large-damaged.tar.gz');
    const failure = backupCommand(config(damagedSource), file);
    await expect(failure).rejects.toBeInstanceOf(BackupError);
    await expect(failure).rejects.toThrow(
      /The database is damaged: table public\.contacts cannot be read \(.*invalid page in block 5.*\); no backup was written/,
    );
    // Not the hint for a folder held by another process: nothing else holds it.
    await expect(failure).rejects.not.toThrow(/does not answer backup requests/);
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.existsSync(checksumFile(file))).toBe(false);
    expect(fs.readdirSync(path.join(damagedSource, 'tmp'))).toEqual([]);
  });
});
