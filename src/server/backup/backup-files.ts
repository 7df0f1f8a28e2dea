import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Backup files on disk (decision 022). Names carry the kind and the UTC time, so a
 * listing sorts by age: `daily-…` are the server's own (pruned to `BACKUP_KEEP`), `backup-…` come
 * from `npm run backup` and are never deleted by the app. Embedded-database snapshots end in
 * `.tar.gz` (a gzipped tar of the PGlite data folder), PostgreSQL dumps in `.pgdump` (pg_dump's
 * custom format, compressed).
 */

export type BackupKind = 'daily' | 'backup';
export type BackupFormat = 'pglite' | 'postgres';

const EXTENSION: Record<BackupFormat, string> = { pglite: '.tar.gz', postgres: '.pgdump' };
const NAME = /^(daily|backup)-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)\.(tar\.gz|pgdump)$/;

/** The default folder: `DATA_DIR/backups`. */
export function backupsDir(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

/** `daily-2026-11-24T05-00-00-000Z.tar.gz`: a file name that sorts by time and works everywhere. */
export function backupFileName(kind: BackupKind, format: BackupFormat, at: Date): string {
  return `${kind}-${at.toISOString().replace(/[:.]/g, '-')}${EXTENSION[format]}`;
}

/** One backup file found in a folder. */
export interface BackupEntry {
  file: string;
  kind: BackupKind;
  /** When it was taken (from its name, UTC). */
  takenAt: Date;
}

/** The backup files in `dir`, newest first; other files are ignored; a missing folder is empty. */
export function listBackups(dir: string): BackupEntry[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const entries: BackupEntry[] = [];
  for (const name of names) {
    const match = NAME.exec(name);
    if (!match) continue;
    const [date, time] = match[2]!.split('T') as [string, string];
    const [h, m, s, ms] = time.slice(0, -1).split('-');
    const takenAt = new Date(`${date}T${h}:${m}:${s}.${ms}Z`);
    if (Number.isNaN(takenAt.getTime())) continue;
    entries.push({ file: path.join(dir, name), kind: match[1] as BackupKind, takenAt });
  }
  return entries.sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

/**
 * Writes `bytes` to `file` so that a reader never sees half a backup: into a private temporary
 * file beside it (mode 0600 whatever the umask: backups hold every lead), flushed to disk, then
 * renamed over the final name. Its SHA-256 goes beside it first (`writeChecksum`). @returns the bytes written.
 * @throws on any I/O error or an error of `bytes`' iteration, leaving no temporary file behind.
 */
export async function writeBackupFile(
  file: string,
  bytes: Uint8Array | AsyncIterable<Uint8Array>,
): Promise<number> {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
  const handle = await fs.promises.open(partial, 'wx', 0o600);
  const hash = createHash('sha256');
  let written = 0;
  try {
    if (bytes instanceof Uint8Array) {
      hash.update(bytes);
      await handle.writeFile(bytes);
      written = bytes.length;
    } else {
      for await (const chunk of bytes) {
        hash.update(chunk);
        await handle.write(chunk);
        written += chunk.length;
      }
    }
    await handle.sync();
    await handle.close();
    await fs.promises.chmod(partial, 0o600);
    await writeChecksum(file, hash.digest('hex'));
    await fs.promises.rename(partial, file);
    return written;
  } catch (error) {
    await handle.close().catch(() => {});
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
}

/** The checksum file of a backup: `FILE.sha256`, one line as `sha256sum` writes and `-c` reads. */
export function checksumFile(file: string): string {
  return `${file}.sha256`;
}

/** SHA-256 of a file, streamed (a backup may be larger than memory likes), as lowercase hex. */
export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Writes `FILE.sha256` (`<hex>  <file name>`, mode 0600) through a temporary file and a rename,
 * taken when the backup is written, so a later change to the backup (a bad disk, a bad copy) is
 * found before a restore trusts it.
 */
export async function writeChecksum(file: string, hex: string): Promise<void> {
  const target = checksumFile(file);
  const partial = `${target}.${randomBytes(4).toString('hex')}.partial`;
  await fs.promises.writeFile(partial, `${hex}  ${path.basename(file)}\n`, { mode: 0o600, flag: 'wx' });
  await fs.promises.rename(partial, target);
}

/**
 * Compares `file` with the checksum written when it was taken. @returns 'missing' when there is
 * no `FILE.sha256` (a backup from before checksums, or copied without it), 'ok' when it matches.
 * @throws Error naming both sums when it does not.
 */
export async function checkChecksum(file: string): Promise<'ok' | 'missing'> {
  let line: string;
  try {
    line = await fs.promises.readFile(checksumFile(file), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
  const expected = /^([0-9a-f]{64})\b/i.exec(line.trim())?.[1]?.toLowerCase();
  const actual = await sha256OfFile(file);
  if (expected !== actual) {
    throw new Error(
      `its SHA-256 is ${actual}, but ${path.basename(checksumFile(file))} written when it was taken says ${expected ?? '(unreadable)'}`,
    );
  }
  return 'ok';
}

/** Deletes leftovers of writes cut short (a crash mid-backup): `*.partial` files in `dir`. */
export function removePartials(dir: string): void {
  let names: string[] = [];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) if (name.endsWith('.partial')) fs.rmSync(path.join(dir, name), { force: true });
}

/**
 * Keeps the newest `keep` daily backups in `dir` and deletes the older ones; `backup-…` files
 * (taken by hand) are never touched. @returns the deleted paths.
 */
export function pruneDailyBackups(dir: string, keep: number): string[] {
  const old = listBackups(dir)
    .filter((entry) => entry.kind === 'daily')
    .slice(Math.max(keep, 0));
  for (const entry of old) {
    fs.rmSync(entry.file, { force: true });
    fs.rmSync(checksumFile(entry.file), { force: true });
  }
  return old.map((entry) => entry.file);
}

/** Reads chunks whole into one buffer (tests, and small snapshots). */
export async function collectBytes(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}
