import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import { resultRows } from '../campaigns/campaign-audience.ts';
import { type EraseOptions, eraseContacts } from '../contacts/erase-contacts.ts';
import { WorkerLoop } from '../worker-loop.ts';

/**
 * Days a contact held as spam is kept before the daily pass erases it (decision 037), counted from
 * its last activity: its submission, or the owner's 'Move to spam' (decision 057).
 */
export const SPAM_RETENTION_DAYS = 30;

/** The `daily_job_runs` name of this pass. */
const JOB = 'spam-retention';

/** What one pass did: `claimed` false when another instance (or an earlier pass) had today's. */
export interface SpamRetentionOutcome {
  claimed: boolean;
  erased: number;
  expiredChallenges: number;
}

/**
 * The daily quarantine clean-up (decision 037), once per UTC day across instances: the pass whose
 * insert of the day's `daily_job_runs` row goes in (the claim commits first) erases every contact
 * held as spam for more than {@link SPAM_RETENTION_DAYS} days (last active before then: created,
 * or moved there by the owner; a held submission does not renew it) through the
 * erasure every delete uses (erase-contacts.ts, docs/personal-data.md), and the spent ALTCHA
 * challenges that have expired. Other instances' inserts do nothing and they erase nothing. A
 * crash between claim and erasure only delays that day's erasure to the next day's pass.
 */
export async function runSpamRetention(
  db: Db,
  erase: EraseOptions,
  now = new Date(),
): Promise<SpamRetentionOutcome> {
  const day = now.toISOString().slice(0, 10);
  const claim = resultRows(
    await db.execute(sql`
      insert into daily_job_runs (job, day) values (${JOB}, ${day})
      on conflict do nothing returning job`),
  );
  if (claim.length === 0) return { claimed: false, erased: 0, expiredChallenges: 0 };
  await db.execute(sql`delete from daily_job_runs where job = ${JOB} and day < ${day}`);
  const cutoff = new Date(now.getTime() - SPAM_RETENTION_DAYS * 86_400_000).toISOString();
  const erased = await eraseContacts(
    db,
    sql`${contacts.status} = 'spam' and ${contacts.lastActivityAt} < ${cutoff}`,
    erase,
  );
  const expired = resultRows(
    await db.execute(
      sql`delete from spent_challenges where expires_at < ${now.toISOString()} returning nonce`,
    ),
  );
  return { claimed: true, erased, expiredChallenges: expired.length };
}

/** Runs {@link runSpamRetention} at start and then every `intervalMs` (default an hour). */
export class SpamRetentionWorker {
  private readonly loop: WorkerLoop;

  constructor(o: { db: Db; log: FastifyBaseLogger; erase: EraseOptions; now?: () => Date }) {
    this.loop = new WorkerLoop({
      name: 'spam retention',
      log: o.log,
      pass: async () => {
        const outcome = await runSpamRetention(o.db, o.erase, o.now?.() ?? new Date());
        if (outcome.claimed && outcome.erased > 0) o.log.info({ erased: outcome.erased }, 'old spam erased');
        return outcome;
      },
    });
  }

  start(intervalMs = 3_600_000): void {
    this.loop.start(intervalMs);
  }

  /** Stops polling; waits for a pass under way at most `deadlineMs`. */
  stop(deadlineMs = 4000): Promise<boolean> {
    return this.loop.stop(deadlineMs);
  }
}
