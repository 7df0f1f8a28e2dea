import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { parseEnv } from 'node:util';
import addressparser from 'nodemailer/lib/addressparser';
import { z } from 'zod';
import { DEMO_VAULT_PASSWORD } from '../shared/credentials.ts';
import { defaultSite } from '../shared/site.ts';
import { projectRoot } from './project-root.ts';

/**
 * Runtime configuration, read once from the environment at start-up (docs/product.md §15).
 * `loadConfig` validates every key with one schema and throws a `ConfigError` that lists
 * every bad key at once, so an operator fixes them in one go.
 */

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const bool = z.preprocess(
  emptyToUndefined,
  z
    .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? undefined : ['true', '1', 'on', 'yes'].includes(v))),
);

const envSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(['development', 'production', 'test']).default('production'),
  ),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().optional()),
  DEMO_MODE: bool,
  APP_URL: z.preprocess(emptyToUndefined, z.url('must be an absolute URL').optional()),
  APP_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  MAIL_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['outbox', 'smtp', 'gmail']).optional()),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  IMAP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^imaps?:\/\//, 'must start with imaps:// or imap://')
      .optional(),
  ),
  IMAP_AUTHSERV_ID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^[A-Za-z0-9.-]+(\s*,\s*[A-Za-z0-9.-]+)*$/,
        'must be host names separated by commas, e.g. mx.example.com',
      )
      .optional(),
  ),
  SMTP_RATE_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(100_000).default(10)),
  MAIL_FROM: optionalString,
  MAIL_DAILY_LIMIT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(1_000_000).default(2000),
  ),
  NOTIFY_EMAIL: z.preprocess(emptyToUndefined, z.email('must be an email address').optional()),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z.preprocess(
    emptyToUndefined,
    z.url('must be an absolute URL').default('https://accounts.google.com'),
  ),
  GMAIL_API_URL: z.preprocess(
    emptyToUndefined,
    z.url('must be an absolute URL').default('https://gmail.googleapis.com'),
  ),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  VAULT_PASSWORD: z.preprocess(
    emptyToUndefined,
    z.string().min(12, 'must be at least 12 characters').optional(),
  ),
  ADMIN_USERNAME: optionalString,
  ADMIN_PASSWORD: optionalString,
  CONTACT_RATE_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100000).default(5)),
  // Decision 037: the contact form's proof of work; a submission without it is quarantined.
  CONTACT_POW: bool,
  LOGIN_RATE_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100000).default(10)),
  SITE_NAME: z.preprocess(emptyToUndefined, z.string().max(100).default(defaultSite.name)),
  SITE_SHORT_NAME: z.preprocess(emptyToUndefined, z.string().max(40).default(defaultSite.shortName)),
  SITE_EMAIL: z.preprocess(emptyToUndefined, z.email('must be an email address').default(defaultSite.email)),
  SITE_SOCIAL_URL: z.preprocess(
    emptyToUndefined,
    z.url('must be an absolute URL').default(defaultSite.socialUrl),
  ),
  // The morning task reminder's hour (0–23, or `off`) and the zone days are counted in.
  REMINDER_HOUR: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .refine(
        (v) => /^off$/i.test(v) || (/^\d{1,2}$/.test(v) && Number(v) <= 23),
        'must be an hour from 0 to 23, or off',
      )
      .default('8'),
  ),
  TZ: z.preprocess(
    emptyToUndefined,
    z.string().refine(isTimeZone, 'must be an IANA time zone such as Europe/Berlin or UTC').optional(),
  ),
  BACKUP_KEEP: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(1000).default(7)),
  RETENTION_MONTHS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1200).optional()),
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[\x21-\x7e]{32,}$/, 'must be at least 32 printable characters without spaces')
      .optional(),
  ),
});

/** True when `zone` names a time zone Intl knows (an unknown one would silently be UTC in Node). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** `MAIL_FROM` is `Name <address>` or a bare address; by default the site's name and email. */
function parseFrom(value: string | undefined, siteName: string, siteEmail: string) {
  const [parsed] = value ? addressparser(value, { flatten: true }) : [];
  return { name: parsed?.name || siteName, address: parsed?.address ?? siteEmail };
}

/** Rules across keys, checked on the raw values so they are reported with every other bad key. */
function crossKeyIssues(source: Record<string, string | undefined>): string[] {
  const user = source.ADMIN_USERNAME?.trim();
  const password = source.ADMIN_PASSWORD?.trim();
  const issues: string[] = [];
  if (Boolean(user) !== Boolean(password)) {
    issues.push(
      `${user ? 'ADMIN_PASSWORD' : 'ADMIN_USERNAME'}: ADMIN_USERNAME and ADMIN_PASSWORD must be set together`,
    );
  }
  if (password && password.length < 12) issues.push('ADMIN_PASSWORD: must be at least 12 characters');
  if (source.MAIL_PROVIDER?.trim() === 'smtp' && !source.SMTP_URL?.trim()) {
    issues.push('SMTP_URL: required when MAIL_PROVIDER=smtp');
  }
  if (Boolean(source.GOOGLE_CLIENT_ID?.trim()) !== Boolean(source.GOOGLE_CLIENT_SECRET?.trim())) {
    issues.push('GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  issues.push(...imapIssues(source.IMAP_URL));
  issues.push(...deploymentIssues(source));
  const from = source.MAIL_FROM?.trim();
  if (from) {
    const parsed = addressparser(from, { flatten: true });
    if (parsed.length !== 1 || !z.email().safeParse(parsed[0]?.address).success) {
      issues.push('MAIL_FROM: must be one address, or "Name <address>"');
    }
  }
  return issues;
}

/**
 * `IMAP_URL` (decision 023): `imaps://user:password@host:993/INBOX`; user and password URL-encoded.
 * Plain `imap://` sends the password in the clear, so it is accepted only for a server on this
 * machine. Messages never quote the value: it holds a password.
 */
function imapIssues(raw: string | undefined): string[] {
  const value = raw?.trim();
  if (!value || !/^imaps?:\/\//i.test(value)) return [];
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return [
      'IMAP_URL: is not a valid URL (encode special characters of the user and password, e.g. @ as %40)',
    ];
  }
  if (!url.hostname)
    return ['IMAP_URL: must name the server, e.g. imaps://user:password@imap.example.com/INBOX'];
  if (!url.username || !url.password) {
    return [
      'IMAP_URL: must hold the user and password, e.g. imaps://user%40example.com:password@imap.example.com/INBOX',
    ];
  }
  if (url.protocol === 'imap:' && !isLoopbackHost(url.hostname)) {
    return [
      'IMAP_URL: imap:// sends the password unencrypted; use imaps:// (imap:// is only for a server on this machine)',
    ];
  }
  return [];
}

/** `HOST` values that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || h === '::ffff:127.0.0.1';
}

/**
 * `TRUST_PROXY` (decision 015): a hop count (`1`: one proxy in front, the address it appended to
 * `X-Forwarded-For` is the client) or a comma-separated list of proxy addresses/CIDRs, as
 * Fastify's `trustProxy` takes them. `true` is refused: it trusts the leftmost, client-written
 * address. A hop count cannot check who connected, so it is accepted only on a loopback `HOST`
 * (where only a local proxy can connect; see `deploymentIssues`).
 * @returns the parsed value, or a message saying what is wrong.
 */
export function parseTrustProxy(raw: string | undefined): number | string | false | { error: string } {
  const value = raw?.trim();
  if (!value || ['false', '0', 'off', 'no'].includes(value.toLowerCase())) return false;
  if (['true', 'on', 'yes'].includes(value.toLowerCase())) {
    return {
      error:
        "'true' would trust the client-written X-Forwarded-For; write the number of proxies in front of the app (e.g. 1) or their addresses (e.g. 127.0.0.1,10.0.0.0/8)",
    };
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 10 ? hops : { error: 'a hop count must be 10 or less' };
  }
  const entries = value.split(',').map((e) => e.trim());
  const bad = entries.find((e) => !isAddressOrCidr(e));
  if (bad !== undefined) {
    return {
      error: `'${bad}' is not an IP address or CIDR; write a hop count (e.g. 1) or addresses (e.g. 127.0.0.1,10.0.0.0/8)`,
    };
  }
  return entries.join(',');
}

function isAddressOrCidr(entry: string): boolean {
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/**
 * Settings that are unsafe on the internet (decision 015); each
 * issue names the key to set. `npm start` with nothing set (loopback, embedded database) passes.
 */
function deploymentIssues(source: Record<string, string | undefined>): string[] {
  const issues: string[] = [];
  const host = source.HOST?.trim() || '127.0.0.1';
  const configured = Boolean(source.ADMIN_USERNAME?.trim() && source.ADMIN_PASSWORD?.trim());
  const demoFlag = source.DEMO_MODE?.trim().toLowerCase();
  const publicDemo = demoFlag !== undefined && ['true', '1', 'on', 'yes'].includes(demoFlag);
  const trustProxy = parseTrustProxy(source.TRUST_PROXY);
  if (typeof trustProxy === 'object') issues.push(`TRUST_PROXY: ${trustProxy.error}`);
  if (typeof trustProxy === 'number' && !isLoopbackHost(host)) {
    issues.push(
      `TRUST_PROXY: a hop count trusts whoever connects, and HOST=${host} lets clients connect directly; list the proxies' addresses instead (e.g. 10.0.0.5 or 10.0.0.0/8)`,
    );
  }
  if (configured && publicDemo) {
    issues.push('DEMO_MODE: cannot be true while ADMIN_USERNAME and ADMIN_PASSWORD are set');
  }
  const exposed = !isLoopbackHost(host);
  if (exposed && !configured && !publicDemo) {
    issues.push(
      `ADMIN_USERNAME, ADMIN_PASSWORD: required on HOST=${host} (reachable from other machines); without them the app runs in demo mode with a publicly known password. Set both, or DEMO_MODE=true for a public demo`,
    );
  }
  const behindProxy = trustProxy !== false && typeof trustProxy !== 'object';
  if ((exposed || behindProxy) && !source.APP_URL?.trim()) {
    issues.push(
      `APP_URL: required ${exposed ? `on HOST=${host}` : 'behind a proxy (TRUST_PROXY)'}: links in emails and the sitemap are built from it, never from request headers`,
    );
  }
  if (source.DATABASE_URL?.trim() && !source.APP_SECRET?.trim()) {
    issues.push(
      'APP_SECRET: required with DATABASE_URL: every instance must share it (unsubscribe links, OAuth state, the sealed Gmail token)',
    );
  }
  return issues;
}

export type Env = z.infer<typeof envSchema>;

/** Every setting's name, for the checks that `.env.example` and the README list them all. */
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
    reminders: {
      hour: /^off$/i.test(e.REMINDER_HOUR) ? null : Number(e.REMINDER_HOUR),
      // Unset: the machine's zone, as Node resolves it.
      timeZone: e.TZ ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    },
  };
}
