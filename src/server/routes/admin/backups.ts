import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardEndpoints as api } from '../../../shared/api/analytics.ts';
import { serveEndpoint } from '../serve-endpoint.ts';

/** GET /api/admin/backup-status (the dashboard's 'Last backup'); behind the session guard. */
export async function adminBackupRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...serveEndpoint(r, api.getBackupStatus),
    handler: async () => {
      const last = app.backups.lastBackupAt();
      return {
        daily: app.database.kind === 'postgres' ? 'postgres' : app.backups.enabled ? 'on' : 'off',
        keep: app.config.backupKeep,
        lastBackupAt: last ? last.toISOString() : null,
      } as const;
    },
  });
}
