import { MessageSquareReply } from 'lucide-react';
import { Badge } from '@/web/components/ui/badge';
import { countLabel } from '@/web/lib/plural';

/**
 * The marker of messages the admin has not seen (imported replies, and later form submissions of
 * a returning lead): '1 new message', '3 new messages'. Nothing when there are none. It clears
 * when the contact is opened (POST /contacts/{id}/read).
 */
export function NewMessagesBadge({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <Badge variant="cyan" data-testid="unread-messages">
      <MessageSquareReply aria-hidden="true" />
      {countLabel(count, 'new message', 'new messages')}
    </Badge>
  );
}
