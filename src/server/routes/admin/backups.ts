import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { backupStatusSchema } from '../../../shared/backup.ts';

/** GET /api/admin/backup-status (the dashboard's 'Last backup'); behind the session guard. */
export async function adminBackupRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/backup-status',
    {
      schema: {
        summary: 'When the last backup was taken, and whether daily backups are on',
        response: { 200: backupStatusSchema },
      },
    },
    async () => {
      const last = app.backups.lastBackupAt();
      return {
        daily: app.database.kind === 'postgres' ? 'postgres' : app.backups.enabled ? 'on' : 'off',
        keep: app.config.backupKeep,
        lastBackupAt: last ? last.toISOString() : null,
      } as const;
    },
  );
}
