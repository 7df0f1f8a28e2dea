import { contactStatusLabels } from '@/shared/contacts';
import type { TimelineItem } from '@/shared/pipeline';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { formatDateTime } from '@/web/lib/format-date';
import { InlineError, InlineLoading } from '../../../components/query-state';
import { lostReasonText } from '../../contacts';
import { useTimeline } from '../api/get-timeline';

const statusLabel = (status: string) =>
  status === 'spam' ? 'Spam' : (contactStatusLabels[status as keyof typeof contactStatusLabels] ?? status);

/** One timeline event in words. */
function eventText(item: TimelineItem): string {
  switch (item.kind) {
    case 'created':
      if (item.origin === 'form') return 'Sent the contact form';
      if (item.origin === 'manual') return 'Added by hand';
      return `Imported${item.importFileName ? ` from ${item.importFileName}` : ''}`;
    case 'message': {
      const subject = item.subject ? `: ${item.subject}` : '';
      if (item.sender === 'admin')
        return item.campaignName
          ? `Campaign email “${item.campaignName}”${subject}`
          : `You emailed${subject}`;
      if (item.autoReply) return `Automatic reply${subject}`;
      return item.subject ? `Replied${subject}` : 'Wrote again through the form';
    }
    case 'stage': {
      const to = statusLabel(item.to);
      const why =
        item.to === 'lost' && item.lostReason
          ? ` (${lostReasonText(item.lostReason, item.lostReasonText)})`
          : '';
      return item.from ? `Moved from ${statusLabel(item.from)} to ${to}${why}` : `Entered as ${to}${why}`;
    }
    case 'notes':
      return 'Notes edited';
    case 'task-created':
      return `Task added: ${item.title}`;
    case 'task-completed':
      return `Task completed: ${item.title}`;
    case 'tag':
      return `Tagged ${item.tagName}`;
  }
}

/** A key unique within one timeline: the kind with its row's id, or its time for the one-offs. */
function itemKey(item: TimelineItem): string {
  if (item.kind === 'message') return `message-${item.messageId}`;
  if (item.kind === 'task-created' || item.kind === 'task-completed') return `${item.kind}-${item.taskId}`;
  if (item.kind === 'tag') return `tag-${item.tagId}`;
  return `${item.kind}-${item.at}-${item.kind === 'stage' ? `${item.from}-${item.to}` : ''}`;
}

/**
 * 'Timeline' on the contact detail (decision 063): everything that happened with the contact,
 * newest first: how it came in, emails both ways, stage changes with lost reasons, notes edits,
 * tasks and tags.
 */
export function TimelineCard({ contactId }: { contactId: number }) {
  const timeline = useTimeline(contactId);
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h2">Timeline</CardTitle>
      </CardHeader>
      <CardContent>
        {timeline.isPending ? (
          <InlineLoading />
        ) : timeline.isError ? (
          <InlineError error={timeline.error} fallback="Failed to load the timeline." />
        ) : (
          <>
            <ol
              className="grid gap-3 border-l border-border pl-4 text-sm"
              aria-label="Timeline, newest first"
            >
              {timeline.data.items.map((item) => (
                <li key={itemKey(item)} className="grid gap-0.5">
                  <span className="wrap-anywhere" dir="auto">
                    {eventText(item)}
                  </span>
                  <time dateTime={item.at} className="text-xs text-muted-foreground">
                    {formatDateTime(item.at)}
                  </time>
                </li>
              ))}
            </ol>
            {timeline.data.more ? (
              <p className="mt-3 text-xs text-muted-foreground">Older events are not shown.</p>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
