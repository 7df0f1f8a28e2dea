import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactTags, contactTasks, tags } from '../../db/schema/index.ts';
import type { Contact } from '../../shared/contacts.ts';
import type { Tag } from '../../shared/tags.ts';
import type { ContactTask } from '../../shared/tasks.ts';
import { toContactTask } from '../tasks/to-contact-task.ts';
import { findContact } from './find-contact.ts';
import { toContact } from './to-contact.ts';

export interface ContactDetail {
  contact: Contact;
  tags: Tag[];
  tasks: ContactTask[];
}

/**
 * GET /api/admin/contacts/{id} (docs/product.md §12.3: contact, tags, tasks). Tags by name; tasks pending
 * first, then by due date and creation.
 * @throws DomainError `not-found` 'Contact not found'.
 */
export async function getContactDetail(db: Db, id: number): Promise<ContactDetail> {
  const contact = await findContact(db, id);
  const tagRows = await db
    .select({ id: tags.id, name: tags.name, color: tags.color })
    .from(contactTags)
    .innerJoin(tags, eq(tags.id, contactTags.tagId))
    .where(eq(contactTags.contactId, id))
    .orderBy(asc(tags.name));
  const taskRows = await db
    .select()
    .from(contactTasks)
    .where(eq(contactTasks.contactId, id))
    .orderBy(desc(contactTasks.status), asc(contactTasks.dueAt), desc(contactTasks.createdAt));
  return { contact: toContact(contact), tags: tagRows, tasks: taskRows.map((t) => toContactTask(t)) };
}
