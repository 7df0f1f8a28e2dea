import type { CampaignStatus, RecipientStatus } from '@/shared/campaigns';
import { Badge } from '@/web/components/ui/badge';

const campaignVariants = { draft: 'grey', sending: 'cyan', sent: 'green' } as const;

/** A campaign's status as a badge: draft grey, sending cyan, sent green (spec §4). */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return (
    <Badge variant={campaignVariants[status]} className="capitalize">
      {status}
    </Badge>
  );
}

/** A recipient's status (spec §4: sent, failed, or other as an outlined badge). */
export function RecipientStatusBadge({ status }: { status: RecipientStatus }) {
  const variant = status === 'sent' ? 'green' : status === 'failed' ? 'destructive' : 'outline';
  return (
    <Badge variant={variant} className="capitalize">
      {status}
    </Badge>
  );
}
