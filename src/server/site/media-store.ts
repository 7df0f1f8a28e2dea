import { and, eq, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { siteMedia, siteMediaFiles } from '../../db/schema/index.ts';
import { resultRows } from '../campaigns/campaign-audience.ts';
import type { ProcessedMedia } from './media-process.ts';

/**
 * The site's media in the database (decision 070): `site_media` one row per upload, named by its
 * bytes' hash, `site_media_files` the files served. Every instance serves every file.
 */

/** How long an upload no document names is kept (ms): the editor's draft may not be saved yet. */
export const UNREFERENCED_MEDIA_GRACE_MS = 24 * 60 * 60 * 1000;

/** One stored media as the upload answer gives it. */
export interface StoredMedia {
  id: string;
  kind: 'image' | 'video';
  url: string;
  width: number;
  height: number;
}

/** The media with this id, if stored. */
export async function findMedia(db: Db, id: string): Promise<StoredMedia | null> {
  const [row] = await db
    .select({
      id: siteMedia.id,
      kind: siteMedia.kind,
      url: siteMedia.url,
      width: siteMedia.width,
      height: siteMedia.height,
    })
    .from(siteMedia)
    .where(eq(siteMedia.id, id));
  return row ?? null;
}

/**
 * Stores a processed upload and its files in one transaction. The same bytes uploaded twice (or
 * at once, on two instances) are one row: the inserts ignore a row that is there, and the answer
 * is the stored row. A re-upload also refreshes `created_at`, so a file about to be cleaned up
 * gets a new grace period when the owner uses it again.
 */
export async function storeMedia(db: Db, media: ProcessedMedia): Promise<StoredMedia> {
  await db.transaction(async (tx) => {
    await tx
      .insert(siteMedia)
      .values({ id: media.id, kind: media.kind, url: media.url, width: media.width, height: media.height })
      .onConflictDoUpdate({ target: siteMedia.id, set: { createdAt: sql`now()` } });
    await tx
      .insert(siteMediaFiles)
      .values(
        media.files.map((file) => ({
          name: file.name,
          mediaId: media.id,
          contentType: file.contentType,
          byteSize: file.bytes.length,
          bytes: file.bytes,
        })),
      )
      .onConflictDoNothing();
  });
  const stored = await findMedia(db, media.id);
  if (!stored) throw new Error(`media ${media.id} vanished after its insert`);
  return stored;
}

/** A served file's type and size (no bytes). */
export async function mediaFileInfo(
  db: Db,
  name: string,
): Promise<{ contentType: string; byteSize: number } | null> {
  const [row] = await db
    .select({ contentType: siteMediaFiles.contentType, byteSize: siteMediaFiles.byteSize })
    .from(siteMediaFiles)
    .where(eq(siteMediaFiles.name, name));
  return row ?? null;
}

/**
 * Bytes `start` to `end` (inclusive, 0-based) of a served file: substring() reads only that slice
 * of the uncompressed column (migration 0027 sets its storage EXTERNAL).
 */
export async function mediaFileBytes(
  db: Db,
  name: string,
  start: number,
  end: number,
): Promise<Buffer | null> {
  const rows = resultRows<{ bytes: Uint8Array }>(
    await db.execute(
      sql`select substring(${siteMediaFiles.bytes} from ${start + 1}::int for ${end - start + 1}::int) as bytes
          from ${siteMediaFiles} where ${siteMediaFiles.name} = ${name}`,
    ),
  );
  const bytes = rows[0]?.bytes;
  return bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null;
}

/** Every media id a document names: the draft's and every published version's (`/media/<id>…`). */
async function referencedMediaIds(db: Db): Promise<string[]> {
  const rows = resultRows<{ id: string }>(
    await db.execute(sql`
      select distinct (regexp_matches(content::text, '/media/([0-9a-f]{32})', 'g'))[1] as id
      from (select content from site_draft union all select content from site_versions) docs`),
  );
  return rows.map((row) => row.id);
}

/**
 * Deletes the media that neither the draft nor any published version names and that were uploaded
 * more than {@link UNREFERENCED_MEDIA_GRACE_MS} ago (their files go with them). Every version is
 * kept (decision 067), so a media a version names stays for 'Restore'. Idempotent: every instance
 * may run it.
 * @returns how many media were deleted.
 */
export async function deleteUnreferencedMedia(db: Db, now = new Date()): Promise<number> {
  const referenced = await referencedMediaIds(db);
  const cutoff = new Date(now.getTime() - UNREFERENCED_MEDIA_GRACE_MS);
  const deleted = await db
    .delete(siteMedia)
    .where(
      and(
        lt(siteMedia.createdAt, cutoff),
        referenced.length > 0 ? notInArray(siteMedia.id, referenced) : undefined,
      ),
    )
    .returning({ id: siteMedia.id });
  return deleted.length;
}
