import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';

/** The settings row holding the owner's email signature (a JSON string). */
const KEY = 'mail.signature';

/** The owner's signature appended to every email sent to a contact; '' when none was set. */
export async function getMailSignature(db: Db): Promise<string> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY));
  return typeof row?.value === 'string' ? row.value : '';
}

/** Stores the signature (already validated by `mailSignatureSchema`); '' removes it. Returns it. */
export async function setMailSignature(db: Db, signature: string): Promise<string> {
  await db
    .insert(settings)
    .values({ key: KEY, value: signature })
    .onConflictDoUpdate({ target: settings.key, set: { value: signature, updatedAt: sql`now()` } });
  return signature;
}
