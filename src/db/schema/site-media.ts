import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './common.ts';

/** A `bytea` column as bytes (node-postgres gives a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * The site's uploaded media (decision 070): one row per upload, named by the SHA-256 of the bytes
 * sent (the first 32 hex digits), so the same file uploaded twice is one row. Testimonial photos
 * are personal data of the agency's clients (docs/personal-data.md).
 */
export const siteMedia = pgTable(
  'site_media',
  {
    /** The first 32 hex digits of the SHA-256 of the uploaded bytes. */
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['image', 'video'] }).notNull(),
    /** The path the document names (`/media/<id>-1280.webp`, `/media/<id>.mp4`). */
    url: text('url').notNull(),
    /** Pixels of the uploaded image or of the video's first frame (0 when unknown). */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('site_media_id_hex', sql`${t.id} ~ '^[0-9a-f]{32}$'`),
    check('site_media_kind', sql`${t.kind} in ('image', 'video')`),
  ],
);

/**
 * The files `GET /media/<name>` serves: an uploaded video as sent, or an image's re-encoded widths.
 * Written once and never updated: a name always serves the same bytes (immutable caching).
 */
export const siteMediaFiles = pgTable(
  'site_media_files',
  {
    /** `<media id>-<width>.webp`, `<media id>.mp4` or `<media id>.webm`. */
    name: text('name').primaryKey(),
    mediaId: text('media_id')
      .notNull()
      .references(() => siteMedia.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('site_media_files_media').on(t.mediaId)],
);
