import http from 'node:http';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database, Db } from '../db/client.ts';
import { VisitCounter } from './analytics/visit-counter.ts';
import { startControlChannel } from './backup/control-channel.ts';
import { DailyBackup } from './backup/daily-backup.ts';
import { CampaignSender } from './campaigns/campaign-sender.ts';
import type { AppConfig } from './config.ts';
import { resolveAppSecret } from './crypto/app-secret.ts';
import { deriveKey } from './crypto/secret-box.ts';
import { createMailer, type Mailer } from './mail/create-mailer.ts';
import { GmailReader } from './mail/gmail/gmail-reader.ts';
import { ImapPoller } from './mail/inbound/imap-poller.ts';
import { MailQueueWorker } from './mail/mail-queue.ts';
import { apiContractPlugin } from './plugins/api-contract.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { rateLimitError } from './plugins/rate-limit-error.ts';
import { rejectNulCharacters } from './plugins/reject-nul.ts';
import { securityPlugin } from './plugins/security.ts';
import { guardWithSession, sessionPlugin } from './plugins/session.ts';
import { adminAnalyticsRoutes } from './routes/admin/analytics.ts';
import { adminAuthRoutes } from './routes/admin/auth.ts';
import { adminBackupRoutes } from './routes/admin/backups.ts';
import { adminCampaignRoutes } from './routes/admin/campaigns.ts';
import { adminClientRoutes } from './routes/admin/clients.ts';
import { adminContactRoutes } from './routes/admin/contacts.ts';
import { adminCredentialRoutes } from './routes/admin/credentials.ts';
import { adminReplyRoutes } from './routes/admin/replies.ts';
import { adminSecondFactorLoginRoutes, adminSecurityRoutes } from './routes/admin/second-factor.ts';
import { adminTagRoutes } from './routes/admin/tags.ts';
import { adminTaskRoutes } from './routes/admin/tasks.ts';
import { apiDocsRoutes } from './routes/api-docs.ts';
import { contactRoutes } from './routes/contact.ts';
import { googleAuthRoutes } from './routes/google-auth.ts';
import { healthRoutes } from './routes/health.ts';
import { unsubscribeRoutes } from './routes/unsubscribe.ts';
import { TaskReminderWorker } from './tasks/task-reminders.ts';
import { VaultAccess } from './vault/vault-access.ts';
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
    /** The morning task reminder (issue #13); null when `REMINDER_HOUR=off`. */
    reminders: TaskReminderWorker | null;
    /** The embedded database's daily backup and the snapshots for `npm run backup`. */
    backups: DailyBackup;
    /** Imports replies from IMAP_URL's mailbox (issue #12); null without IMAP_URL. */
    imapPoller: ImapPoller | null;
    /** Imports replies from the connected Gmail account when it may read them (issue #12). */
    gmailPoller: GmailReader;
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
  // `GET /` is answered before Fastify once the app listens (landing-fast-path.ts, issue #15).
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
      fromAddress: config.mail.from.address,
      backoff: options.mailBackoff,
      staleSendingMs: database.kind === 'pglite' ? 0 : undefined,
      now: options.now,
    }),
  );
  app.decorate('visits', new VisitCounter(database.db));
  if (pages) landing = new LandingFastPath(pages.landing, (ip, ua) => app.visits.record(ip, ua), logSummary);
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
  // The senders stop first, side by side and within a deadline (issue #10 §4: shutdown under load
  // within 10 s), so the database is free for the requests still in flight; what they leave
  // queued stays queued. onClose hooks then run last-registered first: the database closes after
  // everything that writes to it.
  app.addHook('preClose', async () => {
    landing?.close();
    await Promise.all([
      app.mailQueue.stop(WORKER_STOP_DEADLINE_MS),
      app.campaigns.stop(WORKER_STOP_DEADLINE_MS),
      app.reminders?.stop(WORKER_STOP_DEADLINE_MS),
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
  // Before any route: it documents each route as it registers (GET /api/openapi.json).
  await app.register(apiContractPlugin);

  await app.register(healthRoutes);
  await app.register(contactRoutes);
  await app.register(
    async (admin) => {
      await admin.register(adminAuthRoutes);
      await admin.register(adminSecondFactorLoginRoutes);
      await admin.register(async (guarded) => {
        guardWithSession(guarded);
        await guarded.register(adminContactRoutes);
        await guarded.register(adminTagRoutes);
        await guarded.register(adminTaskRoutes);
        await guarded.register(adminClientRoutes);
        await guarded.register(adminAnalyticsRoutes);
        await guarded.register(adminCredentialRoutes);
        await guarded.register(adminCampaignRoutes);
        await guarded.register(adminSecurityRoutes);
        await guarded.register(adminBackupRoutes);
        await guarded.register(adminReplyRoutes);
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
