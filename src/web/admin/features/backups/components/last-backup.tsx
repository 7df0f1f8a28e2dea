import { DatabaseBackup } from 'lucide-react';
import type { BackupStatus } from '@/shared/backup';
import { formatDateTime } from '@/web/lib/format-date';
import { useBackupStatus } from '../api/get-backup-status';

/** The words after 'Last backup:' (decision 022): the time, or 'Never' / 'Off', and what runs them. */
export function describeBackup(status: BackupStatus): { when: string; note: string } {
  const when = status.lastBackupAt
    ? formatDateTime(status.lastBackupAt)
    : status.daily === 'on'
      ? 'Never'
      : 'Off';
  const note =
    status.daily === 'on'
      ? `daily, the last ${status.keep} kept`
      : status.daily === 'off'
        ? 'daily backups off (BACKUP_KEEP=0)'
        : 'on PostgreSQL, back up with pg_dump or your provider';
  return { when, note };
}

/**
 * The dashboard's 'Last backup' line: when the newest backup in DATA_DIR/backups was taken.
 * Quiet while loading; nothing on an error (the figures above already report failures).
 */
export function LastBackup() {
  const status = useBackupStatus();
  if (!status.data) return null;
  const { when, note } = describeBackup(status.data);
  return (
    <p className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
      <DatabaseBackup className="size-4 shrink-0" aria-hidden="true" />
      <span>
        Last backup:{' '}
        {status.data.lastBackupAt ? (
          <time className="font-medium text-foreground" dateTime={status.data.lastBackupAt}>
            {when}
          </time>
        ) : (
          <span className="font-medium text-foreground">{when}</span>
        )}
      </span>
      <span>({note})</span>
    </p>
  );
}
