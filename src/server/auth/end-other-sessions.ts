import { ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';

/**
 * Ends every session but `keepSessionId` (decision 036: turning on or changing a sign-in factor
 * signs every other browser out, so a session opened before, or a stolen cookie, stops working).
 * Their registration and step-up challenges go with them (foreign key cascade).
 * @returns how many sessions were ended.
 */
export async function endOtherSessions(options: { db: Db; keepSessionId: number }): Promise<number> {
  const ended = await options.db
    .delete(sessions)
    .where(ne(sessions.id, options.keepSessionId))
    .returning({ id: sessions.id });
  return ended.length;
}
