import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';

/**
 * Signs one other browser out ('Sign out' on the sessions list). The caller's own session is
 * refused (`'current'`): that is what Logout is for, and it keeps a scripted call from cutting
 * off the very session it runs in.
 * @returns `'ended'`, `'not-found'` or `'current'`.
 */
export async function endSession(options: {
  db: Db;
  sessionId: number;
  currentSessionId: number;
}): Promise<'ended' | 'not-found' | 'current'> {
  if (options.sessionId === options.currentSessionId) return 'current';
  const gone = await options.db
    .delete(sessions)
    .where(eq(sessions.id, options.sessionId))
    .returning({ id: sessions.id });
  return gone.length === 1 ? 'ended' : 'not-found';
}
