import { isDeepStrictEqual } from 'node:util';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { siteDraft, siteVersions } from '../../db/schema/index.ts';
import type { SiteState, SiteVersion } from '../../shared/api/site.ts';
import { type SiteContent, siteContentSchema } from '../../shared/site-content.ts';
import { summarizeChanges } from '../../shared/site-content-changes.ts';
import { defaultSiteContent } from '../../shared/site-content-default.ts';
import { conflict, DomainError, notFound } from '../domain-error.ts';

/**
 * The landing's content document in the database (decision 067): one draft row and the published
 * versions. Every change is one statement or one transaction, so a failed request writes nothing.
 */

/** Who published the content the project ships (version 1). */
export const FIRST_START = 'first start';

/**
 * Publishes the shipped content as version 1 and makes it the draft, unless there is a version
 * already. Safe to run on several instances at once (the inserts ignore a row another made).
 */
export async function ensureSiteContent(db: Db): Promise<void> {
  await db
    .insert(siteVersions)
    .values({
      version: 1,
      content: defaultSiteContent,
      publishedBy: FIRST_START,
      summary: 'The shipped content',
    })
    .onConflictDoNothing();
  await db
    .insert(siteDraft)
    .values({ id: 1, content: defaultSiteContent, baseVersion: 1, updatedBy: FIRST_START })
    .onConflictDoNothing();
}

/**
 * A stored document as the current schema reads it.
 * @throws DomainError 'corrupt' when it does not match (written by a newer release or by hand).
 */
function parseStored(content: unknown, what: string): SiteContent {
  const parsed = siteContentSchema.safeParse(content);
  if (!parsed.success)
    throw new DomainError('corrupt', `The stored ${what} does not match the content schema.`);
  return parsed.data;
}

/** The live version's number and document; null before {@link ensureSiteContent} ran. */
export async function publishedContent(db: Db): Promise<{ version: number; document: SiteContent } | null> {
  const [row] = await db.select().from(siteVersions).orderBy(desc(siteVersions.version)).limit(1);
  return row ? { version: row.version, document: parseStored(row.content, `version ${row.version}`) } : null;
}

/** The live version's number (0: none yet): the cheap question every instance polls. */
export async function publishedVersion(db: Db): Promise<number> {
  const [row] = await db
    .select({ version: sql<number>`coalesce(max(${siteVersions.version}), 0)::int` })
    .from(siteVersions);
  return Number(row?.version ?? 0);
}

/** The draft, the live document and its version (GET /api/admin/site). */
export async function siteState(db: Db): Promise<Omit<SiteState, 'media'>> {
  await ensureSiteContent(db);
  const [draft] = await db.select().from(siteDraft).where(eq(siteDraft.id, 1));
  const published = await publishedContent(db);
  if (!draft || !published) throw new DomainError('corrupt', 'The site content is missing.');
  const document = parseStored(draft.content, 'draft');
  return {
    draft: document,
    published: published.document,
    version: published.version,
    draftSavedAt: draft.updatedAt.toISOString(),
    publishAt: draft.publishAt?.toISOString() ?? null,
    unpublishedChanges: !isDeepStrictEqual(document, published.document),
  };
}

/** The draft document (the preview renders it). */
export async function draftContent(db: Db): Promise<SiteContent> {
  await ensureSiteContent(db);
  const [draft] = await db.select().from(siteDraft).where(eq(siteDraft.id, 1));
  if (!draft) throw new DomainError('corrupt', 'The site draft is missing.');
  return parseStored(draft.content, 'draft');
}

/** Replaces the draft with `content` (already validated by the route's schema). */
export async function saveDraft(
  db: Db,
  content: SiteContent,
  who: string,
): Promise<{ draftSavedAt: string; unpublishedChanges: boolean }> {
  await ensureSiteContent(db);
  const published = await publishedContent(db);
  const now = new Date();
  await db
    .update(siteDraft)
    .set({ content, baseVersion: published?.version ?? 1, updatedBy: who, updatedAt: now })
    .where(eq(siteDraft.id, 1));
  return {
    draftSavedAt: now.toISOString(),
    unpublishedChanges: !published || !isDeepStrictEqual(content, published.document),
  };
}

/**
 * Publishes the draft as the next version. The draft row is locked for the transaction, so two
 * publishes at once make two versions in turn, never the same number twice.
 * @throws DomainError 'conflict' when the draft is the live document already.
 */
export async function publishDraft(db: Db, who: string): Promise<{ version: number }> {
  await ensureSiteContent(db);
  return db.transaction(async (tx) => {
    const [draft] = await tx.select().from(siteDraft).where(eq(siteDraft.id, 1)).for('update');
    if (!draft) throw notFound('Draft');
    const version = await publishLocked(tx, draft.content, who);
    if (version === null) throw conflict('Nothing to publish: the draft is the live site already.');
    return { version };
  });
}

/**
 * Publishes the draft if its 'Publish at' time (decision 069) is `now` or past, in the name of
 * whoever set it, and clears the time in the same transaction: with several instances polling,
 * the row lock lets exactly one of them publish it. A draft equal to the live site is cleared
 * without a new version.
 * @returns the new version, or null when nothing was due (or nothing had changed).
 */
export async function publishIfDue(db: Db, now: Date): Promise<number | null> {
  const [due] = await db
    .select({ id: siteDraft.id })
    .from(siteDraft)
    .where(and(eq(siteDraft.id, 1), lte(siteDraft.publishAt, now)));
  if (!due) return null;
  return db.transaction(async (tx) => {
    const [draft] = await tx.select().from(siteDraft).where(eq(siteDraft.id, 1)).for('update');
    if (!draft?.publishAt || draft.publishAt > now) return null;
    await tx.update(siteDraft).set({ publishAt: null, publishAtBy: null }).where(eq(siteDraft.id, 1));
    return publishLocked(tx, draft.content, draft.publishAtBy ?? FIRST_START);
  });
}

/** Sets (a date) or clears (null) the draft's 'Publish at' time. */
export async function setPublishAt(db: Db, at: Date | null, who: string): Promise<void> {
  await ensureSiteContent(db);
  await db
    .update(siteDraft)
    .set({ publishAt: at, publishAtBy: at ? who : null })
    .where(eq(siteDraft.id, 1));
}

/**
 * Inserts `content` (the locked draft row's) as the next version, unless it equals the live one.
 * @returns the new version number, or null when there was nothing to publish.
 */
async function publishLocked(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  content: unknown,
  who: string,
): Promise<number | null> {
  const document = parseStored(content, 'draft');
  const [latest] = await tx.select().from(siteVersions).orderBy(desc(siteVersions.version)).limit(1);
  const previous = latest ? parseStored(latest.content, `version ${latest.version}`) : null;
  if (previous && isDeepStrictEqual(previous, document)) return null;
  const version = (latest?.version ?? 0) + 1;
  await tx.insert(siteVersions).values({
    version,
    content: document,
    publishedBy: who,
    summary: previous ? summarizeChanges(previous, document) : 'First version',
  });
  await tx.update(siteDraft).set({ baseVersion: version }).where(eq(siteDraft.id, 1));
  return version;
}

/** Published versions, newest first (at most `limit`). */
export async function listVersions(db: Db, limit = 200): Promise<SiteVersion[]> {
  await ensureSiteContent(db);
  const rows = await db
    .select({
      version: siteVersions.version,
      publishedAt: siteVersions.publishedAt,
      publishedBy: siteVersions.publishedBy,
      summary: siteVersions.summary,
    })
    .from(siteVersions)
    .orderBy(desc(siteVersions.version))
    .limit(limit);
  return rows.map((row) => ({ ...row, publishedAt: row.publishedAt.toISOString() }));
}

/**
 * Makes version `n`'s document the draft (it goes live when published).
 * @throws DomainError 'not-found' when there is no version `n`.
 */
export async function restoreVersion(db: Db, n: number, who: string): Promise<{ draftSavedAt: string }> {
  await ensureSiteContent(db);
  const [row] = await db.select().from(siteVersions).where(eq(siteVersions.version, n));
  if (!row) throw notFound('Version');
  const document = parseStored(row.content, `version ${n}`);
  const now = new Date();
  await db
    .update(siteDraft)
    .set({ content: document, updatedBy: who, updatedAt: now })
    .where(eq(siteDraft.id, 1));
  return { draftSavedAt: now.toISOString() };
}

/** See src/shared/site-content-changes.ts (the admin's publish confirmation says the same). */
export { summarizeChanges };
