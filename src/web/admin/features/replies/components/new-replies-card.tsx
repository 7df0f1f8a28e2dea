import { MessageSquareReply } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/web/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { formatDateTime } from '@/web/lib/format-date';
import { QueryList, RowLink } from '../../../components/query-state';
import { useInboundStatus, useRecentReplies } from '../api/replies';

/**
 * The dashboard's 'New replies' (decision 023): how many messages are unread (imported replies and
 * the form messages of returning leads, decision 040) and the latest five, each opening its
 * contact (which marks them read). Refreshes itself every few seconds. With no mailbox connected
 * it says that email replies cannot arrive, and where to connect one.
 */
export function NewRepliesCard() {
  const replies = useRecentReplies();
  const inbound = useInboundStatus();
  const noMailbox = inbound.data?.mailboxes.length === 0;
  return (
    <Card className="gap-4">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle as="h2" className="flex items-center gap-2">
          New replies
          {replies.data?.unread ? (
            <Badge variant="cyan" aria-label={`${replies.data.unread} unread`}>
              {replies.data.unread.toLocaleString()}
            </Badge>
          ) : null}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <QueryList
          query={replies}
          items={(data) => data.latest}
          empty="No new replies"
          fallback="Failed to load replies."
        >
          {(reply) => (
            <RowLink to={`/admin/contacts/${reply.contactId}`}>
              <MessageSquareReply className="size-4 shrink-0 text-brand-cyan" aria-hidden="true" />
              <div className="grid min-w-0 flex-1 gap-0.5">
                <span className="wrap-anywhere font-medium" dir="auto">
                  {reply.contactName}
                </span>
                <span className="line-clamp-2 wrap-anywhere text-xs text-muted-foreground" dir="auto">
                  {reply.subject ? `${reply.subject} · ` : ''}
                  {reply.snippet}
                </span>
                <time dateTime={reply.sentAt} className="text-xs text-muted-foreground">
                  {formatDateTime(reply.sentAt)}
                </time>
              </div>
            </RowLink>
          )}
        </QueryList>
        {noMailbox ? (
          <p data-testid="no-mailbox" className="mt-3 text-xs text-muted-foreground">
            No mailbox is connected (IMAP or Gmail), so email replies are not read here; messages that
            returning leads send through the form still are.{' '}
            <Link to="/admin/gmail-setup" className="text-foreground underline underline-offset-4">
              Mail setup
            </Link>
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
