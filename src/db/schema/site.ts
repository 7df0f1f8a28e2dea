import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { tsz, updatedAt } from './common.ts';

/**
 * The landing's content (decision 067). `site_draft` holds the one draft the 'Site' screen edits
 * (a single row, id 1); `site_versions` every published document, the highest version being the
 * live site. Testimonials in either name the agency's clients (docs/personal-data.md).
 */
export const siteDraft = pgTable(
  'site_draft',
  {
    id: smallint('id').primaryKey().default(1),
    /** The whole document (src/shared/site-content.ts), validated before it is written. */
    content: jsonb('content').notNull(),
    /** The published version the draft was started from or last saved against. */
    baseVersion: integer('base_version').notNull(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: updatedAt(),
    /** 'Publish at' (decision 069): when the draft, as it is then, goes live; null: none set. */
    publishAt: tsz('publish_at'),
    /** Who set `publishAt` (the version is published in their name). */
    publishAtBy: text('publish_at_by'),
  },
  (t) => [check('site_draft_single_row', sql`${t.id} = 1`)],
);

export const siteVersions = pgTable(
  'site_versions',
  {
    /** 1, 2, 3 … in publishing order; the highest is live. */
    version: integer('version').primaryKey(),
    content: jsonb('content').notNull(),
    /** The admin's user name, or 'first start' for the shipped content. */
    publishedBy: text('published_by').notNull(),
    publishedAt: tsz('published_at').notNull().defaultNow(),
    /** What changed against the version before, e.g. 'testimonials: 1 added; hero: 1 text changed'. */
    summary: text('summary').notNull(),
  },
  (t) => [check('site_versions_positive', sql`${t.version} > 0`)],
);
