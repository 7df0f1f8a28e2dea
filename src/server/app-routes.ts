import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from '../db/client.ts';
import type { AppMetrics } from './metrics/app-metrics.ts';
import { apiContractPlugin } from './plugins/api-contract.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { rateLimitError } from './plugins/rate-limit-error.ts';
import { rejectNulCharacters } from './plugins/reject-nul.ts';
import { securityPlugin } from './plugins/security.ts';
import { guardWithSession, guardWithSessionOrToken, sessionPlugin } from './plugins/session.ts';
import { createLimiter } from './rate-limits/create-limiter.ts';
import { postgresRateLimitStore } from './rate-limits/postgres-rate-limit-store.ts';
import { adminAnalyticsRoutes } from './routes/admin/analytics.ts';
import { adminAuthRoutes } from './routes/admin/auth.ts';
import { adminBackupRoutes } from './routes/admin/backups.ts';
import { adminCampaignRoutes } from './routes/admin/campaigns.ts';
import { adminClientRoutes } from './routes/admin/clients.ts';
import { adminContactImportRoutes } from './routes/admin/contact-import.ts';
import { adminContactRoutes } from './routes/admin/contacts.ts';
import { adminCredentialRoutes } from './routes/admin/credentials.ts';
import { adminMailSettingsRoutes } from './routes/admin/mail-settings.ts';
import { adminPipelineRoutes } from './routes/admin/pipeline.ts';
import { adminPushRoutes } from './routes/admin/push.ts';
import { adminReplyRoutes } from './routes/admin/replies.ts';
import { adminSecurityRoutes } from './routes/admin/security.ts';
import { adminSecurityLoginRoutes } from './routes/admin/security-login.ts';
import { adminSecuritySessionRoutes } from './routes/admin/security-sessions.ts';
import { adminSiteRoutes } from './routes/admin/site.ts';
import { adminSiteMediaRoutes } from './routes/admin/site-media.ts';
import { adminTagRoutes } from './routes/admin/tags.ts';
import { adminTaskRoutes } from './routes/admin/tasks.ts';
import { adminTokenRoutes } from './routes/admin/tokens.ts';
import { adminWebhookRoutes } from './routes/admin/webhooks.ts';
import { apiDocsRoutes } from './routes/api-docs.ts';
import { contactRoutes } from './routes/contact.ts';
import { googleAuthRoutes } from './routes/google-auth.ts';
import { healthRoutes } from './routes/health.ts';
import { mediaRoutes } from './routes/media.ts';
import { metricsRoutes } from './routes/metrics.ts';
import { unsubscribeRoutes } from './routes/unsubscribe.ts';
import { versionRoutes } from './routes/version.ts';
import type { Pages } from './web/load-pages.ts';
import { webRoutes } from './web/web-routes.ts';

/**
 * Registers the app's plugins and routes on `app` (decorated by `buildApp`, app.ts), in the order
 * they rely on: validation and the error shape first so every route inherits them; security
 * headers, rate limiting, the session and the OpenAPI collector before any route; then the public
 * routes, the admin API (a session or an API token, and a session-only part: decision 065), and
 * the front end last because it owns the not-found handler.
 */
export async function registerRoutes(
  app: FastifyInstance,
  o: {
    database: Database;
    pages: Pages | null;
    metrics: AppMetrics;
    /** Key of the shared rate-limit counters' address HMAC (decision 038). */
    addressKey: Buffer;
    /** Calls an API token may make per minute, across instances (decision 065). */
    tokenCallsPerMinute: number;
    importIdleMs?: number;
    now?: () => Date;
  },
): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  rejectNulCharacters(app);

  await app.register(securityPlugin, {
    scriptHashes: o.pages?.scriptHashes ?? [],
    appUrl: app.config.appUrl,
  });
  // Sign-in, contact form and second steps: with DATABASE_URL counted in PostgreSQL, so N instances
  // allow the configured number in total; in memory on the embedded database (decision 038).
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: rateLimitError,
    ...(o.database.kind === 'postgres'
      ? { store: postgresRateLimitStore({ database: o.database, addressKey: o.addressKey }) }
      : {}),
  });
  await app.register(sessionPlugin);
  // Before any route: it documents each route as it registers (GET /api/openapi.json).
  await app.register(apiContractPlugin);

  await app.register(healthRoutes);
  await app.register(metricsRoutes);
  await app.register(versionRoutes);
  await app.register(contactRoutes);
  await app.register(
    async (admin) => {
      await admin.register(adminAuthRoutes);
      await admin.register(adminSecurityLoginRoutes);
      const tokenLimiter = createLimiter({
        database: o.database,
        keyPrefix: 'api-token',
        points: o.tokenCallsPerMinute,
        durationSeconds: 60,
      });
      await admin.register(async (guarded) => {
        guardWithSessionOrToken(guarded, { limiter: tokenLimiter, metrics: o.metrics });
        await guarded.register(adminContactRoutes);
        await guarded.register(adminContactImportRoutes, { idleMs: o.importIdleMs });
        await guarded.register(adminTagRoutes);
        await guarded.register(adminTaskRoutes);
        await guarded.register(adminClientRoutes);
        await guarded.register(adminAnalyticsRoutes);
        await guarded.register(adminCampaignRoutes);
        await guarded.register(adminBackupRoutes);
        await guarded.register(adminReplyRoutes);
        await guarded.register(adminMailSettingsRoutes);
        await guarded.register(adminSiteRoutes);
        await guarded.register(adminSiteMediaRoutes);
        await guarded.register(adminWebhookRoutes);
        await guarded.register(adminPipelineRoutes, { now: o.now });
      });
      // The vault, sign-in security and the tokens: the session only, never a token (decision 065).
      await admin.register(async (sessionOnly) => {
        guardWithSession(sessionOnly);
        await sessionOnly.register(adminCredentialRoutes);
        await sessionOnly.register(adminSecurityRoutes);
        await sessionOnly.register(adminSecuritySessionRoutes);
        await sessionOnly.register(adminTokenRoutes);
        await sessionOnly.register(adminPushRoutes);
      });
    },
    { prefix: '/api/admin' },
  );
  await app.register(googleAuthRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(mediaRoutes);
  await app.register(apiDocsRoutes);
  await app.register(webRoutes, { pages: o.pages });
}
