import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import addressparser from 'nodemailer/lib/addressparser';
import type { z } from 'zod';
import { DEMO_VAULT_PASSWORD } from '../shared/credentials.ts';
import { crossKeyIssues, parseTrustProxy } from './config-checks.ts';
import { envSchema } from './config-schema.ts';
import { projectRoot } from './project-root.ts';

export { isLoopbackHost, parseTrustProxy } from './config-checks.ts';

/**
 * Runtime configuration, read once from the environment at start-up (docs/product.md §15).
 * `loadConfig` validates every key with one schema and throws a `ConfigError` that lists
 * every bad key at once, so an operator fixes them in one go.
 */

/** `MAIL_FROM` is `Name <address>` or a bare address; by default the site's name and email. */
function parseFrom(value: string | undefined, siteName: string, siteEmail: string) {
  const [parsed] = value ? addressparser(value, { flatten: true }) : [];
  return { name: parsed?.name || siteName, address: parsed?.address ?? siteEmail };
}

export type Env = z.infer<typeof envSchema>;

/** Every setting's name, for the checks that `.env.example` and docs/configuration.md list them all. */
export const configKeys = Object.keys(envSchema.shape);

/**
 * The typed configuration `loadConfig` makes from the environment: its shape is inferred from that
 * mapping, so each setting is written twice (the schema above, the mapping below), never three times.
 */
export type AppConfig = ReturnType<typeof loadConfig>;

/** The project root's `.env` (decision 022): settings kept in a file instead of the environment. */
const defaultEnvFile = path.join(projectRoot, '.env');

/**
 * Adds the settings of the `.env` file (`KEY=value` lines, `#` comments, quotes; Node's own
 * parser) to `target`. A variable already set in `target` wins: the real environment overrides
 * the file. The file is `ENV_FILE` when set (empty: none; the test harnesses use that so a
 * developer's `.env` cannot change a test), else `.env` in the project root; missing is fine.
 * @returns the keys taken from the file.
 */
export function applyEnvFile(target: Record<string, string | undefined> = process.env): string[] {
  const file = target.ENV_FILE ?? defaultEnvFile;
  if (!file || !fs.existsSync(file)) return [];
  const taken: string[] = [];
  for (const [key, value] of Object.entries(parseEnv(fs.readFileSync(file, 'utf8')))) {
    if (target[key] !== undefined) continue;
    target[key] = value;
    taken.push(key);
  }
  return taken;
}

/**
 * The configuration of a command-line entry point (the server, `npm run dev`, the admin
 * scripts): `.env` applied ({@link applyEnvFile}), then `defaults` for keys still unset, then
 * {@link loadConfig}. A bad configuration prints its "KEY: message" lines to stderr and exits 1,
 * with no stack trace.
 */
export function loadConfigOrExit(defaults: Record<string, string> = {}): AppConfig {
  try {
    applyEnvFile();
    for (const [key, value] of Object.entries(defaults)) process.env[key] ??= value;
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Raised by `loadConfig`; `issues` holds one "KEY: message" line per bad key. */
export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Validates `source` (normally `process.env`) and returns the typed configuration.
 * @throws ConfigError listing every bad key.
 */
export function loadConfig(source: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(source);
  const issues = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`)),
    ...crossKeyIssues(source),
  ];
  if (!parsed.success || issues.length > 0) throw new ConfigError(issues);
  const e = parsed.data;
  const from = parseFrom(e.MAIL_FROM, e.SITE_NAME, e.SITE_EMAIL);
  const admin =
    e.ADMIN_USERNAME && e.ADMIN_PASSWORD
      ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD }
      : undefined;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    /** Absolute path of the data folder (embedded database, generated files). */
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    /** Fastify `trustProxy`: a hop count or a list of proxy addresses/CIDRs; false trusts none. */
    trustProxy: parseTrustProxy(e.TRUST_PROXY) as number | string | false,
    logLevel: e.LOG_LEVEL,
    /** Configured admin pair; `undefined` means demo mode (docs/product.md §1.3). */
    admin,
    demoMode: !admin,
    /** `DEMO_MODE=true`: demo mode on purpose on a public address (loud warning at start). */
    publicDemo: !admin && e.DEMO_MODE === true,
    /**
     * Password that initialises the credentials vault on first start (`VAULT_PASSWORD`); in demo
     * mode the demo value. Undefined in production without it: the vault stays closed until set.
     */
    vaultPassword: e.VAULT_PASSWORD ?? (admin ? undefined : DEMO_VAULT_PASSWORD),
    /** Contact submissions allowed per client address per 10 minutes. */
    contactRateLimit: e.CONTACT_RATE_LIMIT,
    /**
     * `CONTACT_POW` (default on): a contact submission without a valid, unspent ALTCHA proof of
     * work is stored as spam (decision 037). Off: the proof is not asked for (other checks stay).
     */
    contactPow: e.CONTACT_POW ?? true,
    /** Sign-in attempts allowed per client address per 15 minutes. */
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    site: {
      name: e.SITE_NAME,
      shortName: e.SITE_SHORT_NAME,
      email: e.SITE_EMAIL,
      socialUrl: e.SITE_SOCIAL_URL,
    },
    /** `APP_URL` without a trailing slash; required wherever the app is reachable from outside. */
    appUrl: e.APP_URL?.replace(/\/+$/, ''),
    /**
     * The base of every absolute URL the app writes (mail links, unsubscribe, OAuth redirect,
     * sitemap): `APP_URL`, else `http://localhost:PORT` (loopback only, where APP_URL may be
     * missing). Never taken from request headers (decision 015).
     */
    publicUrl: e.APP_URL?.replace(/\/+$/, '') ?? `http://localhost:${e.PORT}`,
    /** APP_SECRET when configured; otherwise one is generated into the data folder (app-secret.ts). */
    appSecret: e.APP_SECRET,
    mail: {
      /**
       * `MAIL_PROVIDER`; `SMTP_URL` alone implies `smtp` (docs/product.md §10.1). `undefined` chooses at send
       * time: the connected Gmail account if there is one, else the outbox.
       */
      provider: e.MAIL_PROVIDER ?? (e.SMTP_URL ? 'smtp' : undefined),
      smtpUrl: e.SMTP_URL,
      /** SMTP messages per second at most (0: no limit); many relays refuse bursts. */
      smtpRateLimit: e.SMTP_RATE_LIMIT,
      /** The company info address every message is sent from (docs/product.md §10.2). */
      from,
      /** Where lead notifications go; by default the company address. */
      notifyEmail: e.NOTIFY_EMAIL ?? from.address,
      /** Messages allowed per rolling 24 hours, all kinds together (docs/product.md §10.6). */
      dailyLimit: e.MAIL_DAILY_LIMIT,
      /** Folder of the development outbox's `.eml` files. */
      outboxDir: path.join(path.resolve(e.DATA_DIR), 'outbox'),
      /** The mailbox replies are read from (IMAP_URL); holds a password, never logged. */
      imapUrl: e.IMAP_URL,
      /**
       * The authserv-ids (RFC 8601) whose `Authentication-Results` the IMAP import trusts
       * (IMAP_AUTHSERV_ID, lower case; docs/decisions/033): the mail provider's own. Empty: none, so
       * only mail answering ours is threaded and the rest waits in 'Unmatched mail'.
       */
      imapAuthservIds: (e.IMAP_AUTHSERV_ID ?? '')
        .split(',')
        .map((id) => id.trim().toLowerCase())
        .filter(Boolean),
    },
    /**
     * Daily backups of the embedded database kept in `DATA_DIR/backups` (`BACKUP_KEEP`);
     * 0 turns the daily backup off. PostgreSQL is never backed up by the server itself.
     */
    backupKeep: e.BACKUP_KEEP,
    /**
     * `RETENTION_MONTHS`: contacts inactive this long (not clients) are erased daily; null: off
     * (contacts/retention.ts).
     */
    retentionMonths: e.RETENTION_MONTHS ?? null,
    /**
     * Bearer token that lets `GET /metrics` answer beyond loopback (`METRICS_TOKEN`, decision 043);
     * undefined: loopback only.
     */
    metricsToken: e.METRICS_TOKEN,
    /**
     * `WEBHOOK_ALLOW_PRIVATE`: webhooks may reach loopback, private, link-local and metadata
     * addresses (decision 066). Default: only with NODE_ENV=development.
     */
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE ?? e.NODE_ENV === 'development',
    google: {
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
      issuer: e.GOOGLE_ISSUER,
      gmailApiUrl: e.GMAIL_API_URL.replace(/\/+$/, ''),
    },
    /**
     * The morning email of due and overdue tasks (decision 025), sent to `mail.notifyEmail` once a day
     * at `hour` o'clock in `timeZone`; `hour` null: off (`REMINDER_HOUR=off`).
     */
    /** Deal values' currency, ISO 4217 (decision 063); values are stored in its minor units. */
    currency: e.CURRENCY,
    reminders: {
      hour: /^off$/i.test(e.REMINDER_HOUR) ? null : Number(e.REMINDER_HOUR),
      // Unset: the machine's zone, as Node resolves it.
      timeZone: e.TZ ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    },
  };
}
