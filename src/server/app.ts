import { createHmac } from 'node:crypto';
import http from 'node:http';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Database, Db } from '../db/client.ts';
import { VisitCounter } from './analytics/visit-counter.ts';
import { SECOND_FACTOR_MAX_FAILURES, SECOND_FACTOR_WINDOW_S } from './auth/limit-second-factor-attempt.ts';
import { startControlChannel } from './backup/control-channel.ts';
import { DailyBackup } from './backup/daily-backup.ts';
import { CampaignSender } from './campaigns/campaign-sender.ts';
import type { AppConfig } from './config.ts';
import { RetentionWorker } from './contacts/retention.ts';
import { resolveAppSecret } from './crypto/app-secret.ts';
import { deriveKey } from './crypto/secret-box.ts';
import { createMailer, type Mailer } from './mail/create-mailer.ts';
import { GmailReader } from './mail/gmail/gmail-reader.ts';
import { ImapPoller } from './mail/inbound/imap-poller.ts';
import { MailQueueWorker } from './mail/mail-queue.ts';
import { AppMetrics } from './metrics/app-metrics.ts';
import { apiContractPlugin } from './plugins/api-contract.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './plugins/errors.ts';
import { rateLimitError } from './plugins/rate-limit-error.ts';
import { rejectNulCharacters } from './plugins/reject-nul.ts';
import { securityPlugin } from './plugins/security.ts';
import { guardWithSession, sessionPlugin } from './plugins/session.ts';
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
import { adminReplyRoutes } from './routes/admin/replies.ts';
import { adminSecurityLoginRoutes, adminSecurityRoutes } from './routes/admin/security.ts';
import { adminTagRoutes } from './routes/admin/tags.ts';
import { adminTaskRoutes } from './routes/admin/tasks.ts';
import { apiDocsRoutes } from './routes/api-docs.ts';
import { contactRoutes } from './routes/contact.ts';
import { googleAuthRoutes } from './routes/google-auth.ts';
import { healthRoutes } from './routes/health.ts';
import { metricsRoutes } from './routes/metrics.ts';
import { unsubscribeRoutes } from './routes/unsubscribe.ts';
import { versionRoutes } from './routes/version.ts';
import { SpamRetentionWorker } from './spam/spam-retention.ts';
import { TaskReminderWorker } from './tasks/task-reminders.ts';
import { VAULT_FAILURE_WINDOW_S, VAULT_MAX_FAILURES, VaultAccess } from './vault/vault-access.ts';
import { initVault } from './vault/vault-keys.ts';
import { LandingFastPath } from './web/landing-fast-path.ts';
import type { Pages } from './web/load-pages.ts';
import { RequestLogSummary, SummarisingLogController } from './web/request-log-summary.ts';
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
    /** The morning task reminder (decision 025); null when `REMINDER_HOUR=off`. */
    reminders: TaskReminderWorker | null;
    /** The daily erasure of spam older than 30 days (decision 037). */
    spamRetention: SpamRetentionWorker;
    /** The embedded database's daily backup and the snapshots for `npm run backup`. */
    backups: DailyBackup;
    /** Imports replies from IMAP_URL's mailbox (decision 023); null without IMAP_URL. */
    imapPoller: ImapPoller | null;
    /** Imports replies from the connected Gmail account when it may read them (decision 023). */
    gmailPoller: GmailReader;
    /** Key that signs unsubscribe links. */
    unsubscribeKey: Buffer;
    /** Key of the unsubscribe list's address hashes (contacts/address-hash.ts). */
    addressHashKey: Buffer;
    /** The daily erasure of inactive contacts (`RETENTION_MONTHS`); null when off. */
    retention: RetentionWorker | null;
    /** The app secret (APP_SECRET or generated into the data folder). */
    appSecret: string;
    /** Key that seals the Gmail refresh token at rest. */
    tokenKey: Buffer;
    /** The Prometheus metrics of `GET /metrics` (decision 043). */
    metrics: AppMetrics;
    /**
     * The account's second-factor lockout (decision 038): 10 wrong codes in 15 minutes lock the
     * second step for 15 minutes, counted in PostgreSQL with DATABASE_URL (every instance).
     */
    secondFactorLockout: RateLimiterAbstract;
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
  /** How often the IMAP mailbox is checked besides IDLE's announcements (ms). */
  imapPollMs?: number;
  /** How often the connected Gmail account's history is read (ms). */
  gmailPollMs?: number;
  /** The clock the daily cap is counted by (tests move it). */
  now?: () => Date;
  /** How often the task reminder checks whether today's is due (ms). */
  reminderPollMs?: number;
  /**
   * Answer `npm run backup` on a loopback port named in `DATA_DIR/control.json` (embedded
   * database only; main.ts turns it on, tests that need it too).
   */
  backupControl?: boolean;
  /** Daily backup timing (tests): how often it looks (ms) and the age that makes one due (ms). */
  backupCheckMs?: number;
  backupIntervalMs?: number;
}

/**
 * Builds the Fastify app without listening (STYLE.md: `buildApp`, tests `inject` into it).
 * Order matters: validation and error shape first so every route inherits them; security headers,
 * CSRF and rate limiting before any route; then public routes, admin routes behind the session
 * guard, and the front end last because it owns the not-found handler.
 */
export async function buildApp(options: BuildAppOptions) {
  const { config, database, pages } = options;
  // `GET /` is answered before Fastify once the app listens (landing-fast-path.ts).
  let landing: LandingFastPath | null = null;
  const trustsProxy = config.trustProxy !== false;
  const logSummary = new RequestLogSummary();
  const app = Fastify({
    logger: options.logger ?? false,
    logController: new SummarisingLogController(logSummary),
    serverFactory: (handler, rawOptions) => {
      const serverOptions = rawOptions as {
        keepAliveTimeout?: number;
        requestTimeout?: number;
        connectionTimeout?: number;
      };
      const server = http.createServer((req, res) => {
        if (landing?.handle(req, res, trustsProxy)) return;
        handler(req, res);
      });
      // What Fastify sets on a server it creates itself (fastify/lib/server.js).
      server.keepAliveTimeout = serverOptions.keepAliveTimeout ?? 72_000;
      server.requestTimeout = serverOptions.requestTimeout ?? 0;
      server.setTimeout(serverOptions.connectionTimeout ?? 0);
      return server;
    },
    trustProxy: trustProxyOption(config.trustProxy),
    // Refusals made before any route or hook runs, in the app's `{ error }` shape (errors.ts).
    frameworkErrors,
    clientErrorHandler,
    bodyLimit: 1024 * 1024,
    // Spec payloads never need more than this; an attacker's deep JSON does not get parsed.
    routerOptions: { maxParamLength: 200 },
  });

  app.decorate('config', config);
  app.decorate('database', database);
  // One line when the database goes away and one when it is back (decision 032): requests then
  // answer 503 and the workers pause, each without a line per attempt.
  const onDown = (reason: string) =>
    app.log.warn({ reason }, 'database unavailable: answering 503 and pausing workers until it is back');
  const onUp = (outageMs: number) => app.log.info({ outageMs }, 'database available again');
  database.availability.on('down', onDown).on('up', onUp);
  app.addHook('onClose', async () => {
    database.availability.off('down', onDown).off('up', onUp);
  });
  app.decorate('db', database.db);
  const appSecret = resolveAppSecret(config.appSecret, config.dataDir);
  const tokenKey = deriveKey(appSecret, 'mail-token');
  const metrics = new AppMetrics({
    db: database.db,
    dailyLimit: config.mail.dailyLimit,
    landingServed: () => landing?.served ?? 0,
  });
  app.decorate('metrics', metrics);
  const mailer = metrics.countSends(createMailer(config, database.db, tokenKey));
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
      fromAddress: config.mail.from.address,
      backoff: options.mailBackoff,
      staleSendingMs: database.kind === 'pglite' ? 0 : undefined,
      now: options.now,
    }),
  );
  app.decorate(
    'visits',
    new VisitCounter(
      database.db,
      Date.now,
      new Set([new URL(config.publicUrl).hostname, 'localhost', '127.0.0.1']),
    ),
  );
  if (pages)
    landing = new LandingFastPath(
      pages.landing,
      (ip, ua, source) => app.visits.record(ip, ua, source),
      logSummary,
    );
  // Client addresses are counted as an HMAC in the shared counters, never stored as they are.
  const addressKey = deriveKey(appSecret, 'rate-limit-address');
  const hashAddress = (address: string) =>
    createHmac('sha256', addressKey).update(address).digest('base64url').slice(0, 32);
  app.decorate(
    'vault',
    new VaultAccess(
      database.db,
      createLimiter({
        database,
        keyPrefix: 'vault',
        points: VAULT_MAX_FAILURES,
        durationSeconds: VAULT_FAILURE_WINDOW_S,
      }),
      hashAddress,
    ),
  );
  app.decorate(
    'secondFactorLockout',
    createLimiter({
      database,
      keyPrefix: 'second-factor',
      points: SECOND_FACTOR_MAX_FAILURES,
      durationSeconds: SECOND_FACTOR_WINDOW_S,
    }),
  );
  app.decorate('unsubscribeKey', deriveKey(appSecret, 'unsubscribe'));
  app.decorate('addressHashKey', deriveKey(appSecret, 'address-hash'));
  app.decorate(
    'retention',
    config.retentionMonths === null
      ? null
      : new RetentionWorker({
          db: database.db,
          log: app.log,
          months: config.retentionMonths,
          erase: { hashKey: app.addressHashKey, outboxDir: config.mail.outboxDir },
          now: options.now,
        }),
  );
  app.decorate(
    'spamRetention',
    new SpamRetentionWorker({
      db: database.db,
      log: app.log,
      erase: { hashKey: app.addressHashKey, outboxDir: config.mail.outboxDir },
      now: options.now,
    }),
  );
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
  const { hour, timeZone } = config.reminders;
  app.decorate(
    'reminders',
    hour === null
      ? null
      : new TaskReminderWorker({
          db: database.db,
          log: app.log,
          hour,
          timeZone,
          to: config.mail.notifyEmail,
          siteName: config.site.name,
          publicUrl: config.publicUrl,
          queued: () => app.mailQueue.nudge(),
          now: options.now,
        }),
  );
  app.decorate(
    'backups',
    new DailyBackup({
      snapshot: database.snapshot,
      dataDir: config.dataDir,
      keep: config.backupKeep,
      log: app.log,
      checkMs: options.backupCheckMs,
      intervalMs: options.backupIntervalMs,
      now: options.now,
    }),
  );
  let closeControl: (() => Promise<void>) | undefined;
  app.decorate(
    'imapPoller',
    config.mail.imapUrl
      ? new ImapPoller({
          db: database.db,
          log: app.log,
          url: config.mail.imapUrl,
          ownAddresses: [
            ...new Set([config.mail.from.address, config.site.email].map((a) => a.toLowerCase())),
          ],
          authservIds: config.mail.imapAuthservIds,
          pollMs: options.imapPollMs,
        })
      : null,
  );
  app.decorate(
    'gmailPoller',
    new GmailReader({
      db: database.db,
      log: app.log,
      key: tokenKey,
      google: config.google,
      ownAddresses: [...new Set([config.mail.from.address, config.site.email].map((a) => a.toLowerCase()))],
      pollMs: options.gmailPollMs,
    }),
  );
  // The senders stop first, side by side and within a deadline (shutdown under load
  // within 10 s), so the database is free for the requests still in flight; what they leave
  // queued stays queued. onClose hooks then run last-registered first: the database closes after
  // everything that writes to it.
  app.addHook('preClose', async () => {
    landing?.close();
    await Promise.all([
      app.mailQueue.stop(WORKER_STOP_DEADLINE_MS),
      app.campaigns.stop(WORKER_STOP_DEADLINE_MS),
      app.reminders?.stop(WORKER_STOP_DEADLINE_MS),
      app.retention?.stop(WORKER_STOP_DEADLINE_MS),
      app.spamRetention.stop(WORKER_STOP_DEADLINE_MS),
      app.backups.stop(WORKER_STOP_DEADLINE_MS),
      closeControl?.(),
      app.imapPoller?.stop(WORKER_STOP_DEADLINE_MS),
      app.gmailPoller.stop(WORKER_STOP_DEADLINE_MS),
    ]);
  });
  app.addHook('onClose', async () => database.close());
  app.addHook('onClose', async () => app.mailer.close());
  app.addHook('onClose', async () => app.visits.stop());
  app.addHook('onClose', async () => app.vault.clear());
  app.addHook('onClose', async () => logSummary.stop());
  app.addHook('onListen', async () => {
    await landing?.prepare(app);
  });
  app.addHook('onReady', async () => {
    if (config.vaultPassword) await initVault(database.db, config.vaultPassword);
    app.visits.start(options.visitFlushMs);
    logSummary.start(app.log);
    app.mailQueue.start(options.mailQueuePollMs);
    app.campaigns.start(options.campaignPollMs);
    app.reminders?.start(options.reminderPollMs);
    app.retention?.start();
    app.spamRetention.start();
    app.backups.start();
    if (options.backupControl && database.snapshot) {
      closeControl = await startControlChannel({
        dataDir: config.dataDir,
        snapshot: () => app.backups.snapshot(),
        log: app.log,
      });
    }
    app.imapPoller?.start();
    // Idle without a Google client or a connection that may read: one cheap query per pass.
    if (config.google.clientId) app.gmailPoller.start();
  });
  // Every request Fastify answers (the landing's fast path counts its own, cheaply).
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime);
  });
  app.decorate('routeList', [] as { method: string; url: string }[]);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) app.routeList.push({ method, url: route.url });
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  rejectNulCharacters(app);

  await app.register(securityPlugin, { scriptHashes: pages?.scriptHashes ?? [], appUrl: config.appUrl });
  // Sign-in, contact form and second steps: with DATABASE_URL counted in PostgreSQL, so N instances
  // allow the configured number in total; in memory on the embedded database (decision 038).
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: rateLimitError,
    ...(database.kind === 'postgres' ? { store: postgresRateLimitStore({ database, addressKey }) } : {}),
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
      await admin.register(async (guarded) => {
        guardWithSession(guarded);
        await guarded.register(adminContactRoutes);
        await guarded.register(adminContactImportRoutes);
        await guarded.register(adminTagRoutes);
        await guarded.register(adminTaskRoutes);
        await guarded.register(adminClientRoutes);
        await guarded.register(adminAnalyticsRoutes);
        await guarded.register(adminCredentialRoutes);
        await guarded.register(adminCampaignRoutes);
        await guarded.register(adminSecurityRoutes);
        await guarded.register(adminBackupRoutes);
        await guarded.register(adminReplyRoutes);
        await guarded.register(adminMailSettingsRoutes);
      });
    },
    { prefix: '/api/admin' },
  );
  await app.register(googleAuthRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(apiDocsRoutes);
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
