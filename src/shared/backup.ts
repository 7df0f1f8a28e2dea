import { z } from 'zod';

/**
 * `GET /api/admin/backup-status` (decision 022): what the dashboard's 'Last backup' line shows.
 * - `daily`: `on` (the server backs up the embedded database once a day), `off` (`BACKUP_KEEP=0`)
 *   or `postgres` (the server does not back up PostgreSQL; pg_dump or the provider does).
 * - `lastBackupAt`: the newest backup file in `DATA_DIR/backups` (daily or `npm run backup`), ISO
 *   8601 UTC, or null when there is none.
 */
export const backupStatusSchema = z.object({
  daily: z.enum(['on', 'off', 'postgres']),
  keep: z.number().int().min(0),
  lastBackupAt: z.iso.datetime().nullable(),
});

export type BackupStatus = z.infer<typeof backupStatusSchema>;
