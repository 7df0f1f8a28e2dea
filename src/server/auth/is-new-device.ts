import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { signInEvents } from '../../db/schema/index.ts';
import { describeDevice } from './describe-device.ts';

/**
 * Whether a sign-in with `userAgent` comes from a device not seen signing in before: no earlier
 * successful sign-in in the event log (its newest 1,000 entries, decision 024) has the same
 * browser, operating system and platform type (versions ignored, so an update is not new). An
 * unrecognisable user agent always counts as new. The installation's first sign-in is not: there is
 * no known device to tell it from, and it is the owner setting up (an email for it would be noise,
 * and would count against the daily cap). Call it before recording the sign-in.
 */
export async function isNewDevice(options: { db: Db; userAgent: string | undefined }): Promise<boolean> {
  const seen = await options.db
    .selectDistinct({ userAgent: signInEvents.userAgent })
    .from(signInEvents)
    .where(and(eq(signInEvents.kind, 'signed-in'), isNotNull(signInEvents.userAgent)));
  if (seen.length === 0) return false;
  const key = describeDevice(options.userAgent).key;
  if (key === null) return true;
  return !seen.some((row) => describeDevice(row.userAgent).key === key);
}
