import { ChevronRight, MessageSquareReply } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/web/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { formatDateTime } from '@/web/lib/format-date';
import { InlineError, InlineLoading } from '../../../components/query-state';
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
        {replies.isPending ? (
          <InlineLoading />
        ) : replies.isError ? (
          <InlineError error={replies.error} fallback="Failed to load replies." />
        ) : replies.data.latest.length === 0 ? (
          <p className="text-sm text-muted-foreground">No new replies</p>
        ) : (
          <ul className="grid gap-1">
            {replies.data.latest.map((reply) => (
              <li key={reply.id}>
                <Link
                  to={`/admin/contacts/${reply.contactId}`}
                  className="group flex items-center gap-3 rounded-xl px-3 py-2.5 outline-none transition hover:bg-white/5 focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
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
                  <ChevronRight
                    className="size-4 shrink-0 text-muted-foreground transition group-hover:translate-x-0.5"
                    aria-hidden="true"
                  />
                </Link>
              </li>
            ))}
          </ul>
        )}
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
