import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { runChild } from './run-child.ts';

/**
 * A consistent snapshot of an open embedded database, taken while it keeps answering
 * (decisions 022 and 062): an online base backup, PostgreSQL's own method (the one pg_basebackup
 * uses), of the data folder PGlite keeps as real files on disk (its NodeFS mounts the folder).
 *
 * 1. A temporary physical replication slot holds every WAL segment from now on (a checkpoint
 *    meanwhile would otherwise delete the one the copy starts from), then
 *    `pg_backup_start(label, fast)` checkpoints and forces full-page images into the WAL.
 * 2. A process of its own (snapshot-worker.mjs) copies the folder's files into a gzipped tar: the
 *    server's thread only relays the archive's 1 MB chunks, so PGlite runs requests meanwhile and
 *    the copy does not wait behind them (nor they behind it: no lock is shared with the copy). A
 *    page changing under the copy may be read torn or old; the WAL holds its full image from
 *    after the start.
 * 3. `pg_backup_stop()` ends the backup (and switches the WAL segment); its `backup_label` (and
 *    `tablespace_map`, never non-empty here) go into the archive, with every WAL segment from the
 *    start's to the stop's.
 *
 * Opening the archive (restore, or `loadDataDir`) finds `backup_label`: PostgreSQL starts its
 * recovery at the start's checkpoint and replays the WAL to the end, so the database is exactly as
 * it was at some instant between start and stop: every commit acknowledged before the start is in
 * it, none half. The archive is a tar in PGlite's `dumpDataDir` layout (`/PG_VERSION`, `/base/…`):
 * backups taken with `dumpDataDir` before (no `backup_label`: crash recovery) restore the same way.
 *
 * @param folder the data folder PGlite opened (its files are read directly).
 * @param priority the copy's nice value (default 19, the lowest: requests first; decision 062).
 * @returns the `.tar.gz` as chunks; the backup is ended (and its slot dropped) when they are all
 *   read, when the reader stops early, or on an error (thrown to the reader).
 */
export async function* pgliteSnapshot(
  client: PGlite,
  folder: string,
  priority = 19,
): AsyncGenerator<Uint8Array> {
  await client.query(
    `select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = '${SLOT}'`,
  );
  await client.query(`select pg_create_physical_replication_slot('${SLOT}', true, true)`);
  let started = false;
  let stopped = false;
  let copy: ChildProcess | undefined;
  try {
    const start = (
      await client.query<{ file: string }>(
        `select pg_walfile_name(pg_backup_start('agency-site backup', true)) as file`,
      )
    ).rows[0]!.file;
    started = true;
    const inbox = new Inbox();
    copy = fork(
      fileURLToPath(new URL('./snapshot-worker.mjs', import.meta.url)),
      [JSON.stringify({ folder, priority })],
      { serialization: 'advanced', execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    );
    copy.on('message', (message: CopyMessage) => inbox.put(message));
    copy.on('error', (error) => inbox.put({ type: 'error', message: error.message }));
    copy.on('exit', (code, signal) =>
      inbox.put({ type: 'error', message: `the copy stopped (exit ${code ?? signal})` }),
    );
    for (;;) {
      const message = await inbox.take();
      if (message.type === 'chunk') {
        yield message.bytes;
        copy.send({ type: 'more' });
      } else if (message.type === 'tree-done') {
        const stop = (
          await client.query<{ labelfile: string; spcmapfile: string | null; file: string }>(
            'select labelfile, spcmapfile, pg_walfile_name(lsn) as file from pg_backup_stop(false)',
          )
        ).rows[0]!;
        stopped = true;
        const segments = (await fs.promises.readdir(path.join(folder, 'pg_wal')))
          .filter((name) => WAL_SEGMENT.test(name) && name >= start && name <= stop.file)
          .sort();
        if (segments[0] !== start || segments.at(-1) !== stop.file) {
          throw new Error(
            `the WAL of the backup is incomplete (${start} … ${stop.file}, found ${segments.join(' ')})`,
          );
        }
        copy.send({ type: 'finish', label: stop.labelfile, spcmap: stop.spcmapfile, segments });
      } else if (message.type === 'end') {
        return;
      } else {
        throw new Error(`the backup copy failed: ${message.message}`);
      }
    }
  } finally {
    copy?.kill();
    if (started && !stopped) await client.query('select pg_backup_stop(false)').catch(() => {});
    await client.query(`select pg_drop_replication_slot('${SLOT}')`).catch(() => {});
  }
}

/** What a snapshot of the embedded database on disk needs beyond the database. */
export interface SnapshotOptions {
  /**
   * When the app's largest table (with its indexes and TOAST) is larger than this many bytes, the
   * copy is rewritten before it is handed out ({@link rewrittenSnapshot}): the server's erasure
   * scrub leaves such tables as they are (src/server/contacts/scrub-erased.ts).
   */
  rewriteOver: number;
  /** A private folder for the rewrite's files (`DATA_DIR/tmp`): made if missing. */
  tmpDir: string;
  /** The start parameters the copy opens with (client.ts `PGLITE_START_PARAMS`). */
  startParams: string[];
  /**
   * The rewrite's CPU priority, a nice value (default 10): the site comes first, and on a machine
   * busy for a long time the rewrite still gets about a tenth of a core (at 19, the lowest, about
   * 1/70: a rewrite of minutes then took hours).
   */
  rewritePriority?: number;
  /** The copy's nice value (default 19; {@link pgliteSnapshot}). */
  copyPriority?: number;
}

/**
 * {@link pgliteSnapshot}, rewritten to hold only live rows when a table is larger than the
 * server's erasure scrub rewrites in place (decision 073). @throws what either step throws.
 */
export async function* pgliteBackup(
  client: PGlite,
  folder: string,
  options: SnapshotOptions,
): AsyncGenerator<Uint8Array> {
  const { bytes } = (
    await client.query<{ bytes: string | number }>(`
      select coalesce(max(pg_total_relation_size(c.oid)), 0) as bytes from pg_class c
      where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace`)
  ).rows[0]!;
  const snapshot = pgliteSnapshot(client, folder, options.copyPriority);
  yield* Number(bytes) > options.rewriteOver ? rewrittenSnapshot(snapshot, options) : snapshot;
}

/**
 * A snapshot with every table rewritten (decision 073): its chunks go to a private folder under
 * `tmpDir` (0700, removed at the end whatever happens; one left by a crash is removed at the next
 * start), a child process at `rewritePriority` (nice, default 10) opens that copy, rewrites every table
 * (scrub-snapshot.mjs) and packs it again, and the result is read back as 1 MB chunks. Only the
 * child's work waits: the database keeps answering throughout, as for any snapshot.
 * @throws when the copy could not be rewritten (the child's reason).
 */
export async function* rewrittenSnapshot(
  snapshot: AsyncIterable<Uint8Array>,
  options: Pick<SnapshotOptions, 'tmpDir' | 'startParams' | 'rewritePriority'>,
): AsyncGenerator<Uint8Array> {
  fs.mkdirSync(options.tmpDir, { recursive: true, mode: 0o700 });
  const dir = fs.mkdtempSync(path.join(options.tmpDir, REWRITE_PREFIX));
  try {
    const input = path.join(dir, 'snapshot.tar.gz');
    const output = path.join(dir, 'rewritten.tar.gz');
    await pipeline(Readable.from(snapshot), fs.createWriteStream(input, { mode: 0o600 }));
    const script = fileURLToPath(new URL('./scrub-snapshot.mjs', import.meta.url));
    // On the command line: Node 24 ignores the flag set at run time, and without it V8 also
    // compiles PGlite with its optimising compiler: measured, the child's open peaked at 678 MB
    // against 215 MB (decision 027 for the server).
    await runChild(
      process.execPath,
      [
        '--liftoff-only',
        script,
        input,
        path.join(dir, 'work'),
        output,
        JSON.stringify(options.startParams),
        String(options.rewritePriority ?? 10),
      ],
      'rewriting the backup copy',
      { channel: true },
    );
    yield* fs.createReadStream(output, { highWaterMark: 1024 * 1024 });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The name a rewrite's temporary folder starts with, in `DATA_DIR/tmp`. */
export const REWRITE_PREFIX = 'backup-rewrite-';

/**
 * The snapshot of a database with no folder of its own on disk (an in-memory one, as the tests
 * open): PGlite's `dumpDataDir`, which copies every file under its query lock (no statement runs
 * meanwhile; opening the copy runs crash recovery). Fine for small databases only: it freezes
 * requests for the whole copy, which is why a database on disk takes {@link pgliteSnapshot}.
 */
export async function* pgliteDumpSnapshot(client: PGlite): AsyncGenerator<Uint8Array> {
  await client.exec('checkpoint');
  const blob = await client.dumpDataDir('gzip');
  yield new Uint8Array(await blob.arrayBuffer());
}

/** The slot that keeps the backup's WAL: temporary, so it vanishes with the process too. */
const SLOT = 'agency_site_backup';
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

type CopyMessage =
  | { type: 'chunk'; bytes: Uint8Array }
  | { type: 'tree-done' }
  | { type: 'end' }
  | { type: 'error'; message: string };

/** Messages in arrival order, taken one at a time. */
class Inbox {
  private readonly queue: CopyMessage[] = [];
  private waiting: ((message: CopyMessage) => void) | undefined;

  put(message: CopyMessage): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    if (waiting) waiting(message);
    else this.queue.push(message);
  }

  take(): Promise<CopyMessage> {
    const next = this.queue.shift();
    if (next) return Promise.resolve(next);
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }
}
