import type { CampaignStatus, RecipientStatus } from '@/shared/campaigns';
import { Badge } from '@/web/components/ui/badge';

const campaignVariants = { draft: 'grey', sending: 'cyan', sent: 'green' } as const;

/** A campaign's status as a badge: draft grey, sending cyan, sent green (docs/product.md §8.3). */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return (
    <Badge variant={campaignVariants[status]} className="capitalize">
      {status}
    </Badge>
  );
}

/** A recipient's status (docs/product.md §8.3: sent green, failed or bounced red, others outlined). */
export function RecipientStatusBadge({ status }: { status: RecipientStatus }) {
  const variant =
    status === 'sent' ? 'green' : status === 'failed' || status === 'bounced' ? 'destructive' : 'outline';
  return (
    <Badge variant={variant} className="capitalize">
      {status}
    </Badge>
  );
}
