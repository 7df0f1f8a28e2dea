import { AlertTriangle, Inbox } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { formatDateTime } from '@/web/lib/format-date';
import { InlineError, InlineLoading } from '../../../components/query-state';
import { useInboundStatus } from '../api/replies';

/**
 * 'Receiving replies' on /admin/gmail-setup (decision 023): each mailbox replies are read from, with
 * 'Last checked …', the messages skipped (how many, the latest reasons; docs/decisions/033) and
 * the last error while it is failing (it is retried with backoff).
 */
export function InboundStatusCard() {
  const status = useInboundStatus();
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h2">Receiving replies</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {status.isPending ? (
          <InlineLoading />
        ) : status.isError ? (
          <InlineError error={status.error} fallback="Failed to load the mailbox status." />
        ) : status.data.mailboxes.length === 0 ? (
          <p className="text-muted-foreground">
            Replies are not read yet: set IMAP_URL, or connect Gmail with the read permission.
          </p>
        ) : (
          <ul className="grid gap-3">
            {status.data.mailboxes.map((m) => (
              <li key={`${m.kind}:${m.mailbox}`} className="grid gap-1 rounded-xl border border-white/10 p-3">
                <span className="inline-flex min-w-0 items-center gap-2 font-medium">
                  <Inbox className="size-4 shrink-0" aria-hidden="true" />
                  <span className="min-w-0 wrap-anywhere">
                    {m.kind === 'imap' ? 'IMAP' : 'Gmail'}: {m.mailbox}
                  </span>
                </span>
                <span className="text-muted-foreground">
                  {m.lastCheckedAt ? (
                    <>
                      Last checked <time dateTime={m.lastCheckedAt}>{formatDateTime(m.lastCheckedAt)}</time>
                    </>
                  ) : (
                    'Not checked yet'
                  )}
                  {` · ${m.imported.toLocaleString()} imported`}
                </span>
                {m.skipped > 0 ? (
                  <div className="grid gap-1">
                    <span className="inline-flex items-start gap-2 text-amber-200">
                      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                      <span>
                        {m.skipped === 1
                          ? '1 message could not be imported and was skipped'
                          : `${m.skipped.toLocaleString()} messages could not be imported and were skipped`}
                      </span>
                    </span>
                    <ul
                      className="grid gap-0.5 ps-6 text-muted-foreground"
                      aria-label="Latest skipped messages"
                    >
                      {m.latestSkipped.map((s) => (
                        <li key={s.position} className="wrap-anywhere">
                          <time dateTime={s.at}>{formatDateTime(s.at)}</time>: {s.reason}
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
                {m.lastError ? (
                  <span
                    role="status"
                    className="inline-flex items-start gap-2 wrap-anywhere text-destructive"
                  >
                    <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                    <span>
                      Last error: {m.lastError}
                      {m.nextAttemptAt ? ` (next try ${formatDateTime(m.nextAttemptAt)})` : ''}
                    </span>
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
