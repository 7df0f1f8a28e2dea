import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import { notFound } from '../domain-error.ts';

/** The contact row with this id. @throws DomainError `not-found` 'Contact not found'. */
export async function findContact(db: Db, id: number) {
  const [row] = await db.select().from(contacts).where(eq(contacts.id, id)).limit(1);
  if (!row) throw notFound('Contact');
  return row;
}
