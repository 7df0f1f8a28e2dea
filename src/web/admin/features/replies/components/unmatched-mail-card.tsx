import { MailWarning, Paperclip, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { UnmatchedMailItem } from '@/shared/unmatched-mail';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { toast } from '@/web/hooks/use-toast';
import { formatDateTime } from '@/web/lib/format-date';
import { toastFailure } from '@/web/lib/toast-failure';
import { InlineError } from '../../../components/query-state';
import { useAttachUnmatchedMail, useDiscardUnmatchedMail, useUnmatchedMail } from '../api/unmatched-mail';

/**
 * The dashboard's 'Unmatched mail' (docs/decisions/033): mail from a contact's address that
 * answers nothing we sent and whose sender the provider did not authenticate, so it is not in the
 * thread. Each shows who it claims to be, the provider's verdict and the start of its text, with
 * 'Attach to contact' (into that contact's thread) and 'Discard'. Hidden while nothing waits.
 */
export function UnmatchedMailCard() {
  const unmatched = useUnmatchedMail();
  if (unmatched.isPending || (unmatched.data && unmatched.data.total === 0)) return null;
  return (
    <Card className="gap-4 border-amber-400/40 lg:col-span-2">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          Unmatched mail
          {unmatched.data ? (
            <Badge variant="yellow" aria-label={`${unmatched.data.total} waiting`}>
              {unmatched.data.total.toLocaleString()}
            </Badge>
          ) : null}
        </CardTitle>
        <CardDescription>
          From a contact's address, but it answers nothing you sent and the mail provider did not confirm the
          sender. Attach it to the contact only if you trust it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {unmatched.isError ? (
          <InlineError error={unmatched.error} fallback="Failed to load unmatched mail." />
        ) : (
          <ul className="grid gap-3" aria-label="Unmatched mail">
            {unmatched.data.items.map((item) => (
              <UnmatchedMailRow key={item.id} item={item} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function UnmatchedMailRow({ item }: { item: UnmatchedMailItem }) {
  const attach = useAttachUnmatchedMail();
  const discard = useDiscardUnmatchedMail();
  const busy = attach.isPending || discard.isPending;
  const failed = (fallback: string) => (error: unknown) => toastFailure(error, fallback);
  const label = item.subject || '(no subject)';
  return (
    <li className="grid gap-2 rounded-xl border border-white/10 p-3" aria-label={label}>
      <div className="flex min-w-0 items-start gap-3">
        <MailWarning className="mt-0.5 size-4 shrink-0 text-amber-200" aria-hidden="true" />
        <div className="grid min-w-0 flex-1 gap-0.5">
          <span dir="auto" className="wrap-anywhere font-medium">
            {label}
          </span>
          <span className="wrap-anywhere text-xs text-muted-foreground">
            From {item.fromAddress}, claims to be{' '}
            <Link to={`/admin/contacts/${item.contactId}`} className="underline underline-offset-2">
              <bdi>{item.contactName}</bdi>
            </Link>
          </span>
          <span dir="auto" className="line-clamp-2 wrap-anywhere text-sm">
            {item.snippet}
          </span>
          <span className="wrap-anywhere text-xs text-amber-200">
            {item.authentication
              ? `Provider's check: ${item.authentication}`
              : 'No check from the mail provider'}
          </span>
          <time dateTime={item.sentAt} className="text-xs text-muted-foreground">
            {formatDateTime(item.sentAt)}
          </time>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() =>
            attach.mutate(
              { id: item.id, contactId: item.contactId },
              {
                onSuccess: () =>
                  toast({ title: 'Attached', description: `Added to ${item.contactName}'s conversation.` }),
                onError: failed('Failed to attach the message.'),
              },
            )
          }
        >
          <Paperclip aria-hidden="true" />
          Attach to contact
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={busy}
          onClick={() =>
            discard.mutate(item.id, {
              onSuccess: () => toast({ title: 'Discarded' }),
              onError: failed('Failed to discard the message.'),
            })
          }
        >
          <Trash2 aria-hidden="true" />
          Discard
        </Button>
      </div>
    </li>
  );
}
