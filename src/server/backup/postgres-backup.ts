import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sha256OfFile, writeChecksum } from './backup-files.ts';
import { BackupError } from './pglite-backup.ts';
import { LIST_TABLES, readTableStatement, SEQUENTIAL_ONLY } from './read-every-table.ts';

/**
 * Backup and restore on PostgreSQL (`DATABASE_URL`) with the server's own tools (decision 022):
 * `pg_dump` in its custom format (compressed, one file) and `pg_restore`. The password never
 * appears on a command line (other local users can read those): it goes through `PGPASSWORD`.
 */

/** `pg_dump`'s custom-format files start with these bytes. */
const PGDMP = 'PGDMP';

/** The connection string without its password, and the environment that carries the password. */
function connection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a PostgreSQL client tool. @throws BackupError with its stderr when it fails or is missing. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => {
      stdout += c;
    });
    child.stderr.on('data', (c) => {
      stderr += c;
    });
    child.once('error', (error) =>
      reject(
        new BackupError(
          (error as NodeJS.ErrnoException).code === 'ENOENT'
            ? `${command} was not found: install the PostgreSQL client tools (Debian: postgresql-client) matching your server's version.`
            : `${command} failed to start: ${error.message}`,
        ),
      ),
    );
    child.once('exit', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}

/**
 * Dumps the database into `file` (pg_dump custom format, compression level 6). The file is
 * written beside its final name and renamed at the end, mode 0600. @throws BackupError.
 */
export async function dumpPostgres(databaseUrl: string, file: string): Promise<void> {
  const { url, env } = connection(databaseUrl);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.partial`;
  try {
    await run(
      'pg_dump',
      ['--format=custom', '--compress=6', '--no-owner', `--file=${partial}`, `--dbname=${url}`],
      env,
    );
    fs.chmodSync(partial, 0o600);
    await writeChecksum(file, await sha256OfFile(partial));
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

/**
 * A DO block reading every restored table whole (read-every-table.ts), raising
 * `table <name> cannot be read (<reason>)` for the first that fails.
 */
function verifySql(): string {
  const settings = SEQUENTIAL_ONLY.map((s) => `  ${s.replace(/^set /, 'set local ')};`).join('\n');
  return `do $verify$
declare t record;
begin
${settings}
  for t in ${LIST_TABLES} loop
    begin
      execute replace('${readTableStatement('%TABLE%').replaceAll("'", "''")}', '%TABLE%', t.name);
    exception when others then
      raise exception 'table % cannot be read (%)', t.name, sqlerrm;
    end;
  end loop;
end
$verify$;
`;
}

/** Tables outside PostgreSQL's own schemas: a database with any is not empty. */
async function tableCount(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A server going away mid-check is the query's error; without a listener it would end the process.
  client.on('error', () => {});
  await client.connect();
  try {
    const result = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    return result.rows[0]!.n;
  } finally {
    await client.end();
  }
}

/**
 * Restores a pg_dump file into the `DATABASE_URL` database, all or nothing: `pg_restore` first
 * turns the whole file into SQL in a private temporary folder (a damaged or truncated file fails
 * there, before the database is touched), then `psql` applies it in one transaction. A database
 * that already has tables is refused unless `force`, which drops the `public` and `drizzle`
 * schemas inside that same transaction (a failure keeps the old data). @throws BackupError.
 */
export async function restorePostgres(
  databaseUrl: string,
  file: string,
  options: { force: boolean },
): Promise<void> {
  const head = Buffer.alloc(5);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, head, 0, 5, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (head.toString('latin1') !== PGDMP) {
    throw new BackupError(
      head[0] === 0x1f && head[1] === 0x8b
        ? `${file} is a backup of the embedded database; unset DATABASE_URL to restore it into DATA_DIR.`
        : `${file} is not a PostgreSQL backup of this app (expected pg_dump's custom format, .pgdump).`,
    );
  }
  const { url, env } = connection(databaseUrl);
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-restore-'));
  try {
    const script = path.join(temp, 'restore.sql');
    try {
      await run('pg_restore', ['--no-owner', '--no-privileges', `--file=${script}`, file], env);
    } catch (error) {
      throw new BackupError(
        `${file} is damaged or incomplete; nothing was changed. ${(error as Error).message}`,
      );
    }
    if ((await tableCount(databaseUrl)) > 0 && !options.force) {
      throw new BackupError(
        'The database of DATABASE_URL already has tables. Restoring replaces them: run again with --force, or restore into a new empty database.',
      );
    }
    // The full read of every table, inside the restore's transaction: a failure rolls it all back.
    const verify = path.join(temp, 'verify.sql');
    fs.writeFileSync(verify, verifySql());
    const prefix = path.join(temp, 'prefix.sql');
    fs.writeFileSync(
      prefix,
      options.force
        ? 'drop schema if exists drizzle cascade;\ndrop schema if exists public cascade;\ncreate schema public;\n'
        : '',
    );
    await run(
      'psql',
      [
        '--no-psqlrc',
        '--quiet',
        '--single-transaction',
        '-v',
        'ON_ERROR_STOP=1',
        `--dbname=${url}`,
        '-f',
        prefix,
        '-f',
        script,
        '-f',
        verify,
      ],
      env,
    );
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
  }
}
