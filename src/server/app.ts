import { createHmac } from 'node:crypto';
import Fastify from 'fastify';
import './app-decorations.ts';
import { VisitCounter } from './analytics/visit-counter.ts';
import type { BuildAppOptions } from './app-options.ts';
import { registerRoutes } from './app-routes.ts';
import { SECOND_FACTOR_MAX_FAILURES, SECOND_FACTOR_WINDOW_S } from './auth/limit-second-factor-attempt.ts';
import { startControlChannel } from './backup/control-channel.ts';
import { DailyBackup } from './backup/daily-backup.ts';
import { CampaignSender } from './campaigns/campaign-sender.ts';
import type { AppConfig } from './config.ts';
import { RetentionWorker } from './contacts/retention.ts';
import { ErasureScrubber, SCRUB_MAX_TABLE_BYTES } from './contacts/scrub-erased.ts';
import { resolveAppSecret } from './crypto/app-secret.ts';
import { deriveKey } from './crypto/secret-box.ts';
import { createMailer } from './mail/create-mailer.ts';
import { MailQueueWorker } from './mail/mail-queue.ts';
import { createMailReaders } from './mail/mail-readers.ts';
import { AppMetrics } from './metrics/app-metrics.ts';
import { clientErrorHandler, frameworkErrors } from './plugins/errors.ts';
import { PushWorker } from './push/push-worker.ts';
import { VapidKeyStore } from './push/vapid-keys.ts';
import { createLimiter } from './rate-limits/create-limiter.ts';
import { MediaCleanupWorker } from './site/media-cleanup.ts';
import { PublishedSite, SITE_POLL_MS, SITE_SCHEDULE_POLL_MS } from './site/published-site.ts';
import { ensureSiteContent } from './site/site-content.ts';
import { SpamRetentionWorker } from './spam/spam-retention.ts';
import { TaskReminderWorker } from './tasks/task-reminders.ts';
import { VAULT_FAILURE_WINDOW_S, VAULT_MAX_FAILURES, VaultAccess } from './vault/vault-access.ts';
import { initVault } from './vault/vault-keys.ts';
import { fastPathServer, LandingFastPath } from './web/landing-fast-path.ts';
import { RequestLogSummary, SummarisingLogController } from './web/request-log-summary.ts';
import { WebhookWorker } from './webhooks/webhook-worker.ts';

/** How long shutdown waits for a sender's message in flight before abandoning it (ms). */
const WORKER_STOP_DEADLINE_MS = 4000;

/** Calls an API token may make per minute, counted across instances (decision 065). */
const TOKEN_CALLS_PER_MINUTE = 120;

/**
 * Builds the Fastify app without listening (STYLE.md: `buildApp`, tests `inject` into it): the
 * decorations (keys, limiters, workers; app-decorations.ts), the workers' start and stop hooks,
 * then the plugins and routes in their order (app-routes.ts).
 */
export async function buildApp(options: BuildAppOptions) {
  const { config, database, pages } = options;
  // `GET /` is answered before Fastify once the app listens (landing-fast-path.ts).
  let landing: LandingFastPath | null = null;
  const trustsProxy = config.trustProxy !== false;
  const logSummary = new RequestLogSummary();
  const app = Fastify({
    // The onReady hook may render the landing for the live content version in a worker (decision
    // 067): seconds on a busy machine, past Fastify's default 10 s for a hook.
    pluginTimeout: 60_000,
    logger: options.logger ?? false,
    logController: new SummarisingLogController(logSummary),
    serverFactory: fastPathServer(() => landing, trustsProxy),
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
      adminUrl: config.publicUrl,
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
  app.decorate(
    'publishedSite',
    pages
      ? new PublishedSite({
          db: database.db,
          pages,
          log: app.log,
          onSwap: () => landing?.replacePage(pages.landing),
        })
      : null,
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
  app.decorate('webhookKey', deriveKey(appSecret, 'webhook-secret'));
  app.decorate(
    'webhooks',
    new WebhookWorker({
      db: database.db,
      log: app.log,
      key: app.webhookKey,
      allowPrivate: config.webhookAllowPrivate,
      metrics,
      resolve: options.webhookResolve,
      backoff: options.webhookBackoff,
      timeoutMs: options.webhookTimeoutMs,
    }),
  );
  app.decorate('vapidKeys', new VapidKeyStore(database.db, deriveKey(appSecret, 'push-vapid')));
  app.decorate(
    'push',
    new PushWorker({
      db: database.db,
      log: app.log,
      vapid: app.vapidKeys,
      // RFC 8292 §2.1: a contact for the push service; the site when it is https, else the owner.
      subject: config.publicUrl.startsWith('https://')
        ? config.publicUrl
        : `mailto:${config.mail.notifyEmail}`,
      allowPrivate: config.webhookAllowPrivate,
      resolve: options.pushResolve ?? options.webhookResolve,
      backoff: options.pushBackoff,
      ca: options.pushCa,
      metrics,
    }),
  );
  app.decorate('unsubscribeKey', deriveKey(appSecret, 'unsubscribe'));
  app.decorate('addressHashKey', deriveKey(appSecret, 'address-hash'));
  app.decorate(
    'scrubber',
    database.kind === 'pglite'
      ? new ErasureScrubber({
          db: database.db,
          log: app.log,
          delayMs: options.scrubDelayMs,
          maxTableBytes: options.scrubMaxTableBytes,
          budgetMs: options.scrubBudgetMs,
        })
      : null,
  );
  const onErased = () => app.scrubber?.schedule();
  app.decorate(
    'retention',
    config.retentionMonths === null
      ? null
      : new RetentionWorker({
          db: database.db,
          log: app.log,
          months: config.retentionMonths,
          erase: { hashKey: app.addressHashKey, outboxDir: config.mail.outboxDir, onErased },
          now: options.now,
        }),
  );
  app.decorate('mediaCleanup', new MediaCleanupWorker({ db: database.db, log: app.log, now: options.now }));
  app.decorate(
    'spamRetention',
    new SpamRetentionWorker({
      db: database.db,
      log: app.log,
      erase: { hashKey: app.addressHashKey, outboxDir: config.mail.outboxDir, onErased },
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
          queued: () => {
            app.mailQueue.nudge();
            app.push.nudge();
          },
          now: options.now,
        }),
  );
  app.decorate(
    'backups',
    new DailyBackup({
      // An erasure's pending scrub runs first, and a copy with a table too large for it is
      // rewritten (decision 073): no backup taken after an erasure holds the person.
      snapshot: database.snapshot
        ? async function* () {
            await app.scrubber?.flush();
            yield* database.snapshot!({
              rewriteOver: app.scrubber?.maxTableBytes ?? SCRUB_MAX_TABLE_BYTES,
              rewritePriority: options.backupPriority,
              copyPriority: options.backupPriority,
            });
          }
        : undefined,
      dataDir: config.dataDir,
      keep: config.backupKeep,
      log: app.log,
      checkMs: options.backupCheckMs,
      intervalMs: options.backupIntervalMs,
      now: options.now,
    }),
  );
  let closeControl: (() => Promise<void>) | undefined;
  const readers = createMailReaders({
    config,
    db: database.db,
    log: app.log,
    tokenKey,
    imapPollMs: options.imapPollMs,
    gmailPollMs: options.gmailPollMs,
  });
  app.decorate('imapPoller', readers.imapPoller);
  app.decorate('gmailPoller', readers.gmailPoller);
  // The senders stop first, side by side and within a deadline (shutdown under load
  // within 10 s), so the database is free for the requests still in flight; what they leave
  // queued stays queued. onClose hooks then run last-registered first: the database closes after
  // everything that writes to it.
  app.addHook('preClose', async () => {
    landing?.close();
    await Promise.all([
      app.mailQueue.stop(WORKER_STOP_DEADLINE_MS),
      app.campaigns.stop(WORKER_STOP_DEADLINE_MS),
      app.webhooks.stop(WORKER_STOP_DEADLINE_MS),
      app.push.stop(WORKER_STOP_DEADLINE_MS),
      app.reminders?.stop(WORKER_STOP_DEADLINE_MS),
      app.retention?.stop(WORKER_STOP_DEADLINE_MS),
      app.spamRetention.stop(WORKER_STOP_DEADLINE_MS),
      app.mediaCleanup.stop(WORKER_STOP_DEADLINE_MS),
      app.backups.stop(WORKER_STOP_DEADLINE_MS),
      app.scrubber?.stop(),
      closeControl?.(),
      app.imapPoller?.stop(WORKER_STOP_DEADLINE_MS),
      app.gmailPoller.stop(WORKER_STOP_DEADLINE_MS),
      app.publishedSite?.stop(WORKER_STOP_DEADLINE_MS),
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
    app.webhooks.start(options.webhookPollMs);
    app.push.start(options.pushPollMs);
    app.reminders?.start(options.reminderPollMs);
    app.retention?.start();
    app.spamRetention.start();
    app.mediaCleanup.start();
    app.backups.start();
    // The content's first version is there before any request. One instance on the embedded
    // database: its own publishes refresh it, and a slow poll publishes a due 'Publish at'.
    if (app.publishedSite)
      await app.publishedSite.start(
        database.kind === 'postgres' ? SITE_POLL_MS : (options.siteSchedulePollMs ?? SITE_SCHEDULE_POLL_MS),
      );
    else await ensureSiteContent(database.db);
    if (options.backupControl && database.snapshot) {
      closeControl = await startControlChannel({
        dataDir: config.dataDir,
        snapshot: (consume) => app.backups.snapshot(consume),
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

  await registerRoutes(app, {
    database,
    pages,
    metrics,
    addressKey,
    tokenCallsPerMinute: options.tokenCallsPerMinute ?? TOKEN_CALLS_PER_MINUTE,
    importIdleMs: options.importIdleMs,
    now: options.now,
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
export type { BuildAppOptions };

/**
 * Fastify's `trustProxy` for `TRUST_PROXY`. Fastify 5 treats a bare number as "trust nobody", so
 * a hop count becomes a function trusting the first `hops` addresses from the socket inward
 * (config.ts allows it only on a loopback HOST, where nothing but a local proxy can connect).
 */
function trustProxyOption(value: AppConfig['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}
