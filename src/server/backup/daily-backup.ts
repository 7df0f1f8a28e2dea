import type { FastifyBaseLogger } from 'fastify';
import { WorkerLoop } from '../worker-loop.ts';
import {
  backupFileName,
  backupsDir,
  listBackups,
  pruneDailyBackups,
  removePartials,
  writeBackupFile,
} from './backup-files.ts';

/** A day: the age at which the newest daily backup is replaced by a new one. */
const DAY_MS = 24 * 60 * 60 * 1000;
/** How often the server looks whether a daily backup is due (the first look is one interval in). */
const CHECK_MS = 60 * 60 * 1000;

export interface DailyBackupOptions {
  /** The embedded database's snapshot as chunks (`Database.snapshot`); absent on PostgreSQL. */
  snapshot: (() => AsyncIterable<Uint8Array>) | undefined;
  dataDir: string;
  /** `BACKUP_KEEP`: daily files kept; 0 turns the daily backup off. */
  keep: number;
  log: FastifyBaseLogger;
  /** Tests: look more often than hourly, and count a "day" shorter. */
  checkMs?: number;
  intervalMs?: number;
  now?: () => Date;
}

/**
 * The server's own daily backup of the embedded database (decision 022). It runs on
 * the shared worker loop, never on a request: every `checkMs` it looks at the newest
 * `daily-…tar.gz` in `DATA_DIR/backups` and, when that is a day old or missing, writes a new
 * snapshot and keeps the newest `keep`. Going by the files (not by a timer since start) means a
 * server restarted often still backs up once a day, and a restart does not add one.
 * On PostgreSQL or with `keep` 0 it never runs. `snapshot()` serves `npm run backup` through the
 * same loop, so two snapshots never run side by side.
 */
export class DailyBackup {
  private readonly loop: WorkerLoop;
  readonly dir: string;

  constructor(private readonly o: DailyBackupOptions) {
    this.dir = backupsDir(o.dataDir);
    this.loop = new WorkerLoop({ name: 'daily backup', log: o.log, pass: () => this.pass() });
  }

  /** Whether the server takes daily backups itself (embedded database and `keep` > 0). */
  get enabled(): boolean {
    return Boolean(this.o.snapshot) && this.o.keep > 0;
  }

  /** Starts looking every `checkMs` (first look after one interval: never at start-up). */
  start(): void {
    if (!this.enabled) return;
    removePartials(this.dir);
    const every = this.o.checkMs ?? CHECK_MS;
    const first = setTimeout(() => this.loop.start(every), every);
    first.unref();
    this.firstTimer = first;
  }

  private firstTimer: NodeJS.Timeout | undefined;

  /** Stops looking; a backup under way gets until `deadlineMs` (a cut-short one leaves only a .partial). */
  async stop(deadlineMs: number): Promise<boolean> {
    clearTimeout(this.firstTimer);
    return this.loop.stop(deadlineMs);
  }

  /** The time of the newest backup file in `DATA_DIR/backups` (daily or by hand), or null. */
  lastBackupAt(): Date | null {
    return listBackups(this.dir)[0]?.takenAt ?? null;
  }

  /**
   * A snapshot for `npm run backup` (through the control channel), run between daily passes:
   * `consume` reads its chunks (the backup stays open until it has read them all or stopped).
   * @throws when the database has no snapshot (PostgreSQL) or the server is stopping; whatever
   *   the snapshot or `consume` throws.
   */
  snapshot<T>(consume: (chunks: AsyncIterable<Uint8Array>) => Promise<T>): Promise<T> {
    const take = this.o.snapshot;
    if (!take) return Promise.reject(new Error('no embedded database to snapshot'));
    return this.loop.exclusive(() => consume(take()));
  }

  private async pass(): Promise<void> {
    const take = this.o.snapshot;
    if (!take) return;
    const now = this.o.now?.() ?? new Date();
    const newest = listBackups(this.dir).find((entry) => entry.kind === 'daily');
    if (newest && now.getTime() - newest.takenAt.getTime() < (this.o.intervalMs ?? DAY_MS)) return;
    const started = Date.now();
    const file = `${this.dir}/${backupFileName('daily', 'pglite', now)}`;
    const bytes = await writeBackupFile(file, take());
    const removed = pruneDailyBackups(this.dir, this.o.keep);
    this.o.log.info(
      { file, bytes, ms: Date.now() - started, removed: removed.length },
      'daily backup written',
    );
  }
}
