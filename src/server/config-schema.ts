import { z } from 'zod';
import { defaultSite } from '../shared/site.ts';

/**
 * The environment's schema (docs/configuration.md): every setting with its type, limits and
 * default, validated in one pass by `loadConfig` (config.ts) so every bad key is reported at once.
 */

/** True when `zone` names a time zone Intl knows (an unknown one would silently be UTC in Node). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const bool = z.preprocess(
  emptyToUndefined,
  z
    .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? undefined : ['true', '1', 'on', 'yes'].includes(v))),
);

export const envSchema = z.object({
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
  // Decision 057: an office, café or mobile carrier puts many people behind one address; floods
  // stay bounded by the proof of work, the daily mail cap and the digest.
  CONTACT_RATE_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100000).default(30)),
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
  // Deal values' currency (decision 063): an ISO 4217 code this Node's Intl knows.
  CURRENCY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .transform((v) => v.toUpperCase())
      .refine(
        (v) => /^[A-Z]{3}$/.test(v) && Intl.supportedValuesOf('currency').includes(v),
        'must be an ISO 4217 currency code such as EUR, USD or GBP',
      )
      .default('EUR'),
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
  WEBHOOK_ALLOW_PRIVATE: bool,
});
