import { and, desc, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';
import { describeDevice } from './describe-device.ts';
import { IDLE_TIMEOUT_MS } from './sessions.ts';

export interface SessionListItem {
  id: number;
  createdAt: Date;
  lastSeenAt: Date;
  ip: string | null;
  device: string;
  userAgent: string | null;
  current: boolean;
}

/** Sessions listed at most (one admin: more than this means something is wrong, and 'Sign out everywhere else' ends them all). */
const LISTED = 200;

/**
 * The live admin sessions (not expired, not idle past the timeout): the caller's own first, then
 * the others most recently seen first, with
 * the device named from the user agent and `current` marking the caller's own (decision 036).
 */
export async function listSessions(options: {
  db: Db;
  currentSessionId: number;
  now?: Date;
}): Promise<SessionListItem[]> {
  const now = options.now ?? new Date();
  const rows = await options.db
    .select()
    .from(sessions)
    .where(
      and(gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, new Date(now.getTime() - IDLE_TIMEOUT_MS))),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    .limit(LISTED);
  // This browser first, then the others by last use.
  rows.sort((a, b) => Number(b.id === options.currentSessionId) - Number(a.id === options.currentSessionId));
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
    ip: row.ip,
    device: describeDevice(row.userAgent).label,
    userAgent: row.userAgent,
    current: row.id === options.currentSessionId,
  }));
}
