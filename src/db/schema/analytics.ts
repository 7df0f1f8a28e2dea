import { date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './common.ts';

/** One random salt per UTC day, shared by all instances, for unique-visitor hashes (decision 013). */
export const visitSalts = pgTable('visit_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
  createdAt: createdAt(),
});

/** Page views and unique visitors per day, grown by additive increments. */
export const dailyVisits = pgTable('daily_visits', {
  day: date('day', { mode: 'string' }).primaryKey(),
  views: integer('views').notNull().default(0),
  uniqueVisitors: integer('unique_visitors').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Salted hashes of (address, user agent) seen on a day; never the raw address. */
export const visitorHashes = pgTable(
  'visitor_hashes',
  {
    day: date('day', { mode: 'string' }).notNull(),
    hash: text('hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.day, t.hash] })],
);

/**
 * Counted views of `/` per day by source (decision 037): the referrer's host and the
 * `utm_source` of the request, '' when missing (never the raw address or the full URL). Grown by
 * the visit counter's additive flushes, like `daily_visits`.
 */
export const dailyVisitSources = pgTable(
  'daily_visit_sources',
  {
    day: date('day', { mode: 'string' }).notNull(),
    referrerHost: text('referrer_host').notNull().default(''),
    utmSource: text('utm_source').notNull().default(''),
    views: integer('views').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.day, t.referrerHost, t.utmSource] })],
);

/**
 * ALTCHA challenges already answered (decision 037): the challenge's nonce, kept until the
 * challenge expires, so a solution is accepted once across every instance sharing the database.
 */
export const spentChallenges = pgTable('spent_challenges', {
  nonce: text('nonce').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * One row per (job, UTC day) a daily job ran (decision 037): the primary key is the claim, so of
 * several instances one runs the day's pass.
 */
export const dailyJobRuns = pgTable(
  'daily_job_runs',
  {
    job: text('job').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.job, t.day] })],
);
