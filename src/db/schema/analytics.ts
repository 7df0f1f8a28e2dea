import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './common.ts';

/** One random salt per UTC day, shared by all instances, for unique-visitor hashes (DESIGN §3 'Visits'). */
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
