import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaigns } from '../../db/schema/index.ts';
import { campaignPlaceholderError } from '../../shared/personalize.ts';
import { DomainError } from '../domain-error.ts';

/**
 * Refuses to send a campaign whose subject or content has an unknown placeholder:
 * creation refuses them already, but a draft saved before the rule may still hold one. A missing
 * campaign passes (the send answers 404).
 * @throws DomainError `invalid` naming the unknown placeholders and the known ones.
 */
export async function checkCampaignPlaceholders(db: Db, campaignId: number): Promise<void> {
  const [campaign] = await db
    .select({ subject: campaigns.subject, htmlContent: campaigns.htmlContent })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  const error = campaign ? campaignPlaceholderError(campaign) : null;
  if (error) throw new DomainError('invalid', error);
}
