import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database, Db } from '../db/client.ts';
import { VisitCounter } from './analytics/visit-counter.ts';
import { CampaignSender } from './campaigns/campaign-sender.ts';
import type { AppConfig } from './config.ts';
import { resolveAppSecret } from './crypto/app-secret.ts';
import { deriveKey } from './crypto/secret-box.ts';
import { createMailer, type Mailer } from './mail/create-mailer.ts';
import { MailQueueWorker } from './mail/mail-queue.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { rateLimitError } from './plugins/rate-limit-error.ts';
import { rejectNulCharacters } from './plugins/reject-nul.ts';
import { securityPlugin } from './plugins/security.ts';
import { requireAdmin, sessionPlugin } from './plugins/session.ts';
import { adminAnalyticsRoutes } from './routes/admin/analytics.ts';
import { adminAuthRoutes } from './routes/admin/auth.ts';
import { adminCampaignRoutes } from './routes/admin/campaigns.ts';
import { adminClientRoutes } from './routes/admin/clients.ts';
import { adminContactRoutes } from './routes/admin/contacts.ts';
import { adminCredentialRoutes } from './routes/admin/credentials.ts';
import { adminTagRoutes } from './routes/admin/tags.ts';
import { adminTaskRoutes } from './routes/admin/tasks.ts';
import { contactRoutes } from './routes/contact.ts';
import { googleAuthRoutes } from './routes/google-auth.ts';
import { healthRoutes } from './routes/health.ts';
import { unsubscribeRoutes } from './routes/unsubscribe.ts';
import { VaultAccess } from './vault/vault-access.ts';
import { initVault } from './vault/vault-keys.ts';
import type { Pages } from './web/load-pages.ts';
import { webRoutes } from './web/web-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
    mailer: Mailer;
    mailQueue: MailQueueWorker;
    visits: VisitCounter;
    vault: VaultAccess;
    campaigns: CampaignSender;
    /** Key that signs unsubscribe links. */
    unsubscribeKey: Buffer;
    /** The app secret (APP_SECRET or generated into the data folder). */
    appSecret: string;
    /** Key that seals the Gmail refresh token at rest. */
    tokenKey: Buffer;
    /** Every route as `METHOD url`, collected as they register (tests derive guards from it). */
    routeList: { method: string; url: string }[];
  }
}

/** How long shutdown waits for a sender's message in flight before abandoning it (ms). */
const WORKER_STOP_DEADLINE_MS = 4000;

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** Rendered front-end pages, or null to serve the API only (API tests). */
  pages: Pages | null;
  logger?: FastifyServerOptions['logger'];
  /** How often visit counts are written to the database (ms). */
  visitFlushMs?: number;
  /** How often the mail queue is polled (ms); it is also nudged after each enqueue. */
  mailQueuePollMs?: number;
  /** Retry delay after the n-th failed attempt of a queued message (ms). */
  mailBackoff?: (attempt: number) => number;
  /** How often the campaign worker looks for pending recipients (ms). */
  campaignPollMs?: number;
  /** The clock the daily cap is counted by (tests move it). */
  now?: () => Date;
}

/**
 * Builds the Fastify app without listening (STYLE.md: `buildApp`, tests `inject` into it).
 * Order matters: validation and error shape first so every route inherits them; security headers,
 * CSRF and rate limiting before any route; then public routes, admin routes behind the session
 * guard, and the front end last because it owns the not-found handler.
 */
export async function buildApp(options: BuildAppOptions) {
  const { config, database, pages } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Spec payloads never need more than this; an attacker's deep JSON does not get parsed.
    routerOptions: { maxParamLength: 200 },
  });

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  const appSecret = resolveAppSecret(config.appSecret, config.dataDir);
  const tokenKey = deriveKey(appSecret, 'mail-token');
  const mailer = createMailer(config, database.db, tokenKey);
  app.decorate('appSecret', appSecret);
  app.decorate('tokenKey', tokenKey);
  app.decorate('mailer', mailer);
  app.decorate(
    'mailQueue',
    new MailQueueWorker({
      db: database.db,
      mailer,
      log: app.log,
      dailyLimit: config.mail.dailyLimit,
      siteName: config.site.name,
      backoff: options.mailBackoff,
      staleSendingMs: database.kind === 'pglite' ? 0 : undefined,
      now: options.now,
    }),
  );
  app.decorate('visits', new VisitCounter(database.db));
  app.decorate('vault', new VaultAccess(database.db));
  app.decorate('unsubscribeKey', deriveKey(appSecret, 'unsubscribe'));
  app.decorate(
    'campaigns',
    new CampaignSender({
      db: database.db,
      mailer,
      log: app.log,
      dailyLimit: config.mail.dailyLimit,
      unsubscribeKey: app.unsubscribeKey,
      baseUrl: () => config.publicUrl,
      fromAddress: config.mail.from.address,
      interruptedAfterMs: database.kind === 'pglite' ? 0 : undefined,
      now: options.now,
    }),
  );
  // The senders stop first, side by side and within a deadline (issue #10 §4: shutdown under load
  // within 10 s), so the database is free for the requests still in flight; what they leave
  // queued stays queued. onClose hooks then run last-registered first: the database closes after
  // everything that writes to it.
  app.addHook('preClose', async () => {
    await Promise.all([
      app.mailQueue.stop(WORKER_STOP_DEADLINE_MS),
      app.campaigns.stop(WORKER_STOP_DEADLINE_MS),
    ]);
  });
  app.addHook('onClose', async () => database.close());
  app.addHook('onClose', async () => app.mailer.close());
  app.addHook('onClose', async () => app.visits.stop());
  app.addHook('onClose', async () => app.vault.clear());
  app.addHook('onReady', async () => {
    if (config.vaultPassword) await initVault(database.db, config.vaultPassword);
    app.visits.start(options.visitFlushMs);
    app.mailQueue.start(options.mailQueuePollMs);
    app.campaigns.start(options.campaignPollMs);
  });
  app.decorate('routeList', [] as { method: string; url: string }[]);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) app.routeList.push({ method, url: route.url });
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  rejectNulCharacters(app);

  await app.register(securityPlugin, { scriptHashes: pages?.scriptHashes ?? [] });
  await app.register(rateLimit, { global: false, errorResponseBuilder: rateLimitError });
  await app.register(sessionPlugin);

  await app.register(healthRoutes);
  await app.register(contactRoutes);
  await app.register(
    async (admin) => {
      await admin.register(adminAuthRoutes);
      await admin.register(async (guarded) => {
        guarded.addHook('onRequest', requireAdmin);
        await guarded.register(adminContactRoutes);
        await guarded.register(adminTagRoutes);
        await guarded.register(adminTaskRoutes);
        await guarded.register(adminClientRoutes);
        await guarded.register(adminAnalyticsRoutes);
        await guarded.register(adminCredentialRoutes);
        await guarded.register(adminCampaignRoutes);
      });
    },
    { prefix: '/api/admin' },
  );
  await app.register(googleAuthRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(webRoutes, { pages });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * Fastify's `trustProxy` for `TRUST_PROXY`. Fastify 5 treats a bare number as "trust nobody", so
 * a hop count becomes a function trusting the first `hops` addresses from the socket inward
 * (config.ts allows it only on a loopback HOST, where nothing but a local proxy can connect).
 */
function trustProxyOption(value: AppConfig['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}
