import { and, count, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaignRecipients, contactMessages, mailQueue } from '../../db/schema/index.ts';

/**
 * Messages the product sent in the rolling 24 hours before `now` (the window Gmail counts its
 * daily sending limit over): queued mail (a digest counts once, the notifications folded into it
 * not at all), one-to-one emails from the moment they are recorded (`pending`, before the
 * provider has them: issue #10 §5) and campaign recipients, including `interrupted` ones, which
 * the provider may have delivered.
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
    // Campaign emails are copied into the conversation too (issue #11 §3); they count once, below.
    .where(
      and(
        eq(contactMessages.sender, 'admin'),
        isNull(contactMessages.campaignName),
        gt(contactMessages.sentAt, since),
      ),
    );
  const [campaign] = await db
    .select({ n: count() })
    .from(campaignRecipients)
    .where(
      or(
        and(eq(campaignRecipients.status, 'sent'), gt(campaignRecipients.sentAt, since)),
        and(eq(campaignRecipients.status, 'interrupted'), gt(campaignRecipients.attemptedAt, since)),
      ),
    );
  return Number(queued?.n ?? 0) + Number(direct?.n ?? 0) + Number(campaign?.n ?? 0);
}

/**
 * Advisory lock key under which senders take their share of the daily cap, so two instances
 * never both spend the last free slots (DESIGN §3 'Campaigns').
 */
export const DAILY_CAP_LOCK_KEY = 7_345_112_002;

/**
 * How many more messages the rolling 24-hour cap allows at `now`: `dailyLimit` minus what was
 * sent and what is being handed to the provider right now (queued mail and campaign recipients
 * in `sending`). Call it inside a transaction holding {@link DAILY_CAP_LOCK_KEY} when the answer
 * decides how many rows to claim. May be negative after the limit was lowered.
 */
export async function remainingToday(db: Db, dailyLimit: number, now = new Date()): Promise<number> {
  const [campaignInFlight] = await db
    .select({ n: count() })
    .from(campaignRecipients)
    .where(eq(campaignRecipients.status, 'sending'));
  const [queueInFlight] = await db
    .select({ n: count() })
    .from(mailQueue)
    .where(eq(mailQueue.status, 'sending'));
  const inFlight = Number(campaignInFlight?.n ?? 0) + Number(queueInFlight?.n ?? 0);
  return dailyLimit - (await countSentLast24h(db, now)) - inFlight;
}
