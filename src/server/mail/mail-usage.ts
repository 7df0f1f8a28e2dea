import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaignRecipients, contactMessages, mailQueue } from '../../db/schema/index.ts';

/**
 * Messages the product sent in the rolling 24 hours before `now` (the window Gmail counts its
 * daily sending limit over): queued mail, one-to-one emails and campaign recipients.
 */
export async function countSentLast24h(db: Db, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const [queued] = await db
    .select({ n: count() })
    .from(mailQueue)
    .where(and(eq(mailQueue.status, 'sent'), gt(mailQueue.sentAt, since)));
  const [direct] = await db
    .select({ n: count() })
    .from(contactMessages)
    .where(and(eq(contactMessages.sender, 'admin'), gt(contactMessages.sentAt, since)));
  const [campaign] = await db
    .select({ n: count() })
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.status, 'sent'), gt(campaignRecipients.sentAt, since)));
  return Number(queued?.n ?? 0) + Number(direct?.n ?? 0) + Number(campaign?.n ?? 0);
}
