import { desc, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { signInEvents } from '../../db/schema/index.ts';

/** The sign-in event log shown on the Security screen (decision 024). */

/** Events kept; older ones are dropped when a new one is written (failures are rate limited). */
const EVENTS_KEPT = 1000;

export type SignInEventKind =
  | 'signed-in'
  | 'failed'
  | 'factor-added'
  | 'factor-removed'
  | 'recovery-codes'
  | 'factors-reset'
  | 'confirmed';

/** Who made a request: the address as Fastify resolved it (TRUST_PROXY) and the user agent. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | undefined;
}

/** Writes one event (user agent cut to 300 characters) and drops the oldest past `EVENTS_KEPT`. */
export async function recordEvent(
  db: Db,
  origin: RequestOrigin,
  kind: SignInEventKind,
  method: string | null = null,
  detail: string | null = null,
): Promise<void> {
  const [row] = await db
    .insert(signInEvents)
    .values({
      kind,
      method,
      detail: detail?.slice(0, 200) ?? null,
      ip: origin.ip?.slice(0, 100) ?? null,
      userAgent: origin.userAgent?.slice(0, 300) ?? null,
    })
    .returning({ id: signInEvents.id });
  if (row && row.id > EVENTS_KEPT)
    await db.delete(signInEvents).where(lt(signInEvents.id, row.id - EVENTS_KEPT));
}

/** The newest `limit` events, newest first. */
export async function latestEvents(db: Db, limit = 30) {
  return db.select().from(signInEvents).orderBy(desc(signInEvents.id)).limit(limit);
}
