import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactTags, tags } from '../../db/schema/index.ts';
import type { Tag, TagCreate } from '../../shared/tags.ts';
import { findContact } from '../contacts/find-contact.ts';
import { conflict, notFound } from '../domain-error.ts';

/** Every tag, by name (docs/product.md §12.3 GET /api/admin/tags). */
export async function listTags(db: Db): Promise<Tag[]> {
  return db.select({ id: tags.id, name: tags.name, color: tags.color }).from(tags).orderBy(asc(tags.name));
}

/** Creates a tag (docs/product.md §6.4). @throws DomainError `conflict` when the name is taken. */
export async function createTag(db: Db, input: TagCreate): Promise<Tag> {
  const [row] = await db
    .insert(tags)
    .values(input)
    .onConflictDoNothing({ target: tags.name })
    .returning({ id: tags.id, name: tags.name, color: tags.color });
  if (!row) throw conflict(`A tag named "${input.name}" already exists.`);
  return row;
}

/** Assigns a tag to a contact; assigning it again changes nothing. @throws DomainError `not-found`. */
export async function addContactTag(db: Db, contactId: number, tagId: number): Promise<void> {
  await findContact(db, contactId);
  const [tag] = await db.select({ id: tags.id }).from(tags).where(eq(tags.id, tagId));
  if (!tag) throw notFound('Tag');
  await db.insert(contactTags).values({ contactId, tagId }).onConflictDoNothing();
}

/** Removes a tag from a contact; removing an unassigned tag changes nothing. @throws DomainError `not-found`. */
export async function removeContactTag(db: Db, contactId: number, tagId: number): Promise<void> {
  await findContact(db, contactId);
  await db.delete(contactTags).where(and(eq(contactTags.contactId, contactId), eq(contactTags.tagId, tagId)));
}

/** Tags created on first start, so the dropdown is useful at once (docs/product.md §6.4). */
export const SEED_TAGS: TagCreate[] = [
  { name: 'Hot lead', color: '#ef4444' },
  { name: 'Website', color: '#22d3ee' },
  { name: 'Mobile app', color: '#3b82f6' },
  { name: 'AI workflow', color: '#d946ef' },
  { name: 'Support', color: '#f59e0b' },
];

/** Inserts the seed tags when the tags table is empty (first start). Safe on every start. */
export async function seedTags(db: Db): Promise<void> {
  const [any] = await db.select({ id: tags.id }).from(tags).limit(1);
  if (!any) await db.insert(tags).values(SEED_TAGS).onConflictDoNothing();
}
