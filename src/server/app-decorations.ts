import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Database, Db } from '../db/client.ts';
import type { VisitCounter } from './analytics/visit-counter.ts';
import type { DailyBackup } from './backup/daily-backup.ts';
import type { CampaignSender } from './campaigns/campaign-sender.ts';
import type { AppConfig } from './config.ts';
import type { RetentionWorker } from './contacts/retention.ts';
import type { ErasureScrubber } from './contacts/scrub-erased.ts';
import type { Mailer } from './mail/create-mailer.ts';
import type { GmailReader } from './mail/gmail/gmail-reader.ts';
import type { ImapPoller } from './mail/inbound/imap-poller.ts';
import type { MailQueueWorker } from './mail/mail-queue.ts';
import type { AppMetrics } from './metrics/app-metrics.ts';
import type { PushWorker } from './push/push-worker.ts';
import type { VapidKeyStore } from './push/vapid-keys.ts';
import type { MediaCleanupWorker } from './site/media-cleanup.ts';
import type { PublishedSite } from './site/published-site.ts';
import type { SpamRetentionWorker } from './spam/spam-retention.ts';
import type { TaskReminderWorker } from './tasks/task-reminders.ts';
import type { VaultAccess } from './vault/vault-access.ts';
import type { WebhookWorker } from './webhooks/webhook-worker.ts';

/**
 * What `buildApp` (app.ts) decorates the Fastify instance with: the configuration, the database,
 * the workers and the keys every route reads from `app`.
 */
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
    /** Embedded database only: rewrites the tables after an erasure (decision 061). */
    scrubber: ErasureScrubber | null;
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
    /** Keeps the landing on the live content version (decision 067); null without pages. */
    publishedSite: PublishedSite | null;
    /** Deletes the site media no document names (decision 070). */
    mediaCleanup: MediaCleanupWorker;
    /** Sends the webhook outbox (decision 066). */
    webhooks: WebhookWorker;
    /** Key that seals the webhook endpoints' signing secrets. */
    webhookKey: Buffer;
    /** Sends the push outbox (decision 071). */
    push: PushWorker;
    /** The VAPID key pair every instance signs push messages with (decision 071). */
    vapidKeys: VapidKeyStore;
    /** Every route as `METHOD url`, collected as they register (tests derive guards from it). */
    routeList: { method: string; url: string }[];
  }
}
