import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { LostReason, StoredContactStatus } from '../../shared/contacts.ts';
import { tsz } from './common.ts';
import { contacts } from './contacts.ts';

/*
 * The pipeline's tables (decisions 063, 064): every change of a contact's status, and the totals
 * the board, the source report and the dashboard read, kept by triggers on `contacts`.
 */

/**
 * Every change of a contact's status (decision 063): from, to, when, and the lost reason. Written
 * by triggers on `contacts` (migration 0022), so every path that changes a status records it (the
 * status selector, the board, bulk actions, Turn into Client, merge, spam and release) and a
 * contact that enters past New (Add Contact, a CSV import) records its entry (`from_status` null).
 * Erasure: the rows go with their contact (cascade; docs/personal-data.md).
 */
export const contactStageChanges = pgTable(
  'contact_stage_changes',
  {
    id: serial('id').primaryKey(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<StoredContactStatus>(),
    toStatus: text('to_status').$type<StoredContactStatus>().notNull(),
    lostReason: text('lost_reason').$type<LostReason>(),
    lostReasonText: text('lost_reason_text'),
    changedAt: tsz('changed_at').notNull().defaultNow(),
  },
  (t) => [
    index('contact_stage_changes_contact_idx').on(t.contactId, t.changedAt.desc()),
    // 'Won' and 'answered' over a window of days (the source report, the median first answer).
    index('contact_stage_changes_changed_at_idx').on(t.changedAt, t.toStatus),
    // The moves that answer a lead ('Needs you today': off New to anything but spam), per contact:
    // a handful of rows, where the index above holds every change (decision 064, addendum).
    index('contact_stage_changes_answer_idx')
      .on(t.contactId, t.changedAt)
      .where(sql`${t.fromStatus} = 'new' and ${t.toStatus} <> 'spam'`),
  ],
);

/**
 * The board's count and value sum per status (decision 063), and the dashboard's form leads per
 * status (decision 064, addendum), as a log of deltas: triggers on `contacts` append one row per
 * status a statement changed (inserts never wait on each other), the board sums the few rows per
 * status, and a compaction folds them into one (`DELETE … RETURNING`, so two compactions at once
 * still add up). Holds no personal data: counts and sums only.
 */
export const pipelineTotals = pgTable('pipeline_totals', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  status: text('status').$type<StoredContactStatus>().notNull(),
  contacts: bigint('contacts', { mode: 'number' }).notNull(),
  value: bigint('value', { mode: 'number' }).notNull(),
  /** Of `contacts`, those from the public form: the dashboard's 'New Contacts' (migration 0032). */
  formContacts: bigint('form_contacts', { mode: 'number' }).notNull().default(0),
});

/**
 * The source report's figures per day of creation (UTC), kind and source (decision 064), as a log
 * of deltas like `pipeline_totals`: statement triggers on `contacts` append what each statement
 * changed, the report sums the rows of its window, and a compaction folds them. `kind` is `source`
 * (form leads; `source` is the UTM source, else the referrer's host, else '') or `manual` or
 * `import` (`source` ''); `medium` and `campaign` are a form lead's UTM medium and campaign ('' when
 * none or not a form lead: migration 0033, for the dashboard's 'Leads by source'). Spam is never
 * counted. Holds no personal data: counts, sums and the site's own UTM labels.
 */
export const sourceTotals = pgTable(
  'source_totals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').$type<'source' | 'manual' | 'import'>().notNull(),
    source: text('source').notNull(),
    medium: text('medium').notNull().default(''),
    campaign: text('campaign').notNull().default(''),
    leads: bigint('leads', { mode: 'number' }).notNull(),
    qualified: bigint('qualified', { mode: 'number' }).notNull(),
    won: bigint('won', { mode: 'number' }).notNull(),
    wonValue: bigint('won_value', { mode: 'number' }).notNull(),
  },
  (t) => [index('source_totals_day_idx').on(t.day)],
);
