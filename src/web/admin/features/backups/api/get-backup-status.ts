import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BackupStatus } from '@/shared/backup';
import { apiRequest } from '@/web/lib/api';

/** Path of the backup status (`GET /api/admin/backup-status`); also its query key. */
export const BACKUP_STATUS_URL = '/api/admin/backup-status';

/** Fetches when the last backup was taken and whether the server takes daily ones. */
export async function getBackupStatus(): Promise<BackupStatus> {
  const res = await apiRequest('GET', BACKUP_STATUS_URL);
  return (await res.json()) as BackupStatus;
}

/** The backup status as a query (key `[BACKUP_STATUS_URL]`). */
export function useBackupStatus() {
  return useQuery(queryOptions({ queryKey: [BACKUP_STATUS_URL] as const, queryFn: getBackupStatus }));
}
