import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { FolderInUseError } from '../../db/lock-file.ts';
import type { AppConfig } from '../config.ts';
import { backupFileName, backupsDir, checkChecksum, checksumFile, writeBackupFile } from './backup-files.ts';
import { readControlFile } from './control-channel.ts';
import { BackupError, restoreDataFolder, snapshotDataFolder } from './pglite-backup.ts';
import { dumpPostgres, restorePostgres } from './postgres-backup.ts';

/**
 * `npm run backup [PATH]` and `npm run restore FILE [--force]` (decision 022). Both
 * print one line saying what they did and return the exit code; every failure the owner can act
 * on is a BackupError with a message naming the fix.
 */

/**
 * Where a backup goes: `DATA_DIR/backups/backup-<time>.<ext>` by default; a folder (existing, or
 * written with a trailing slash) gets that name inside it; anything else is the file's own name,
 * which must not exist yet.
 */
function targetFile(config: AppConfig, given: string | undefined, format: 'pglite' | 'postgres'): string {
  const name = backupFileName('backup', format, new Date());
  if (!given) return path.join(backupsDir(config.dataDir), name);
  const resolved = path.resolve(given);
  if (given.endsWith('/') || (fs.existsSync(resolved) && fs.statSync(resolved).isDirectory())) {
    return path.join(resolved, name);
  }
  if (fs.existsSync(resolved))
    throw new BackupError(`${resolved} exists already; give a new file name or a folder.`);
  return resolved;
}

/**
 * Takes one backup. Embedded database: from the running server over its control channel when
 * one runs, else by opening the data folder itself. PostgreSQL: pg_dump. @returns the file written.
 */
export async function backupCommand(config: AppConfig, given: string | undefined): Promise<string> {
  if (config.databaseUrl) {
    const file = targetFile(config, given, 'postgres');
    await dumpPostgres(config.databaseUrl, file);
    return file;
  }
  const file = targetFile(config, given, 'pglite');
  const control = readControlFile(config.dataDir);
  if (control && (await snapshotFromServer(control.port, control.token, file))) return file;
  // No server answered (none runs, or it died and left its file): the folder is ours to open.
  await snapshotDataFolder(config.dataDir, (chunks) => writeBackupFile(file, chunks)).catch(
    (error: Error) => {
      if (error instanceof BackupError) throw error;
      // The child's reason (a damaged table, a full disk) is what the owner acts on.
      if (!(error instanceof FolderInUseError)) throw new BackupError(error.message);
      throw new BackupError(
        `${error.message}\nThat process does not answer backup requests (a server of an older version, or a script): stop it, or wait until it ends, and run npm run backup again.`,
      );
    },
  );
  return file;
}

/**
 * Asks the running server for a snapshot and writes it to `file` as it arrives. Over `node:http`
 * with no timeout: the server answers only once the snapshot's first bytes exist, which for a
 * large database rewritten to its live rows (decision 073) can be many minutes (fetch gave up
 * after five).
 * @returns false when nothing listens there any more (then the folder is opened directly).
 * @throws BackupError when the server refused or the snapshot broke off (nothing is kept then).
 */
async function snapshotFromServer(port: number, token: string, file: string): Promise<boolean> {
  let res: http.IncomingMessage;
  try {
    res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .request({
          host: '127.0.0.1',
          port,
          path: '/snapshot',
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
        })
        .on('response', resolve)
        .on('error', reject)
        .end();
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ECONNREFUSED') return false;
    throw new BackupError(`The running server could not be asked for a backup: ${(error as Error).message}`);
  }
  if (res.statusCode !== 200) {
    let text = '';
    for await (const chunk of res) text += chunk;
    throw new BackupError(`The running server refused the backup (${res.statusCode}): ${text}`);
  }
  let written = false;
  try {
    await writeBackupFile(file, res);
    written = true;
    // A snapshot that broke off ends the response early: its chunked body is then incomplete.
    if (!res.complete) throw new Error('the connection closed early');
  } catch (error) {
    if (written) {
      fs.rmSync(file, { force: true });
      fs.rmSync(checksumFile(file), { force: true });
    }
    throw new BackupError(
      `The backup broke off before the server had sent all of it (${(error as Error).message}); nothing was kept. See the server's log, and run npm run backup again.`,
    );
  }
  return true;
}

/**
 * Restores `file` into the configured database; see restoreDataFolder / restorePostgres. First the
 * file is compared with the checksum written beside it when it was taken (`FILE.sha256`); a
 * mismatch is refused, a missing one said in the answer.
 */
export async function restoreCommand(config: AppConfig, file: string, force: boolean): Promise<string> {
  const resolved = path.resolve(file);
  if (!fs.existsSync(resolved) || !fs.statSync(resolved).isFile()) {
    throw new BackupError(`${resolved}: no such backup file.`);
  }
  let checksum: 'ok' | 'missing';
  try {
    checksum = await checkChecksum(resolved);
  } catch (error) {
    throw new BackupError(
      `${resolved} changed after it was taken: ${(error as Error).message}. Nothing was changed; restore another copy.`,
    );
  }
  const checked =
    checksum === 'ok'
      ? ' Checksum verified; every table read.'
      : ` Every table read; no ${path.basename(resolved)}.sha256 beside it, so its checksum was not verified.`;
  if (config.databaseUrl) {
    await restorePostgres(config.databaseUrl, resolved, { force });
    return `Restored ${resolved} into the PostgreSQL database of DATABASE_URL.${checked}`;
  }
  const result = await restoreDataFolder(config.dataDir, fs.readFileSync(resolved), {
    force,
    source: resolved,
  });
  return `Restored ${resolved} into ${result.folder}.${checked}${result.previous ? ` The database it replaced is kept in ${result.previous} (delete it once you are sure).` : ''}`;
}
