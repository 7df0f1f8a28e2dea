import { BellOff, Mail, MessageSquareText, Phone, ShieldAlert } from 'lucide-react';
import * as React from 'react';
import { type Contact, type ContactStatus, contactStatuses } from '@/shared/contacts';
import { Badge } from '@/web/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Label } from '@/web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { formatDateTime } from '@/web/lib/format-date';
import { toastFailure } from '@/web/lib/toast-failure';
import { useUpdateContactStatus } from '../api/update-contact-status';
import { NotSpamButton } from './not-spam-button';

const statusLabels: Record<ContactStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  converted: 'Converted',
};

/** Why the quarantine held a contact, in words (decision 037). */
const spamReasonLabels: Record<string, string> = {
  pow: 'sent without the form’s proof of work (a script, or a browser that did not run it)',
  honeypot: 'filled the field hidden from people',
  links: 'many links',
  phrases: 'known spam phrases',
  script: 'written in a script the site does not serve',
  disposable: 'a disposable email address',
};

function spamReasonText(reasons: string[]): string {
  const words = reasons.map((reason) => spamReasonLabels[reason] ?? reason);
  return words.length > 0 ? `Why: ${words.join('; ')}.` : '';
}

/**
 * 'Contact Information' (docs/product.md §6.2): email, phone, the status selector (any of the
 * four values, set directly, docs/product.md §6.3) and the creation time; notes whether the contact prefers a
 * text and a call, and whether they unsubscribed from campaigns (docs/product.md §6.2). A contact held as
 * spam says why and offers 'Not spam' (choosing a status releases it too; decision 037).
 */
export function ContactInfoCard({ contact }: { contact: Contact }) {
  const id = React.useId();
  const updateStatus = useUpdateContactStatus();

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h2">Contact Information</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 text-sm">
          <div className="grid gap-1">
            <dt className="text-muted-foreground">Email</dt>
            <dd className="flex min-w-0 items-center gap-2">
              <Mail className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <a href={`mailto:${contact.email}`} className="min-w-0 text-brand-cyan hover:underline">
                {contact.email}
              </a>
            </dd>
          </div>
          {contact.company ? (
            <div className="grid gap-1">
              <dt className="text-muted-foreground">Company</dt>
              <dd className="wrap-anywhere">{contact.company}</dd>
            </div>
          ) : null}
          <div className="grid gap-1">
            <dt className="text-muted-foreground">Phone</dt>
            <dd className="flex items-center gap-2">
              <Phone className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              {contact.phone ? (
                <a href={`tel:${contact.phone}`} className="text-brand-cyan hover:underline">
                  {contact.phone}
                </a>
              ) : (
                <span className="text-muted-foreground">Not given</span>
              )}
            </dd>
            {contact.preferTextAndCall ? (
              <dd className="flex items-center gap-2 text-muted-foreground">
                <MessageSquareText className="size-4 shrink-0" aria-hidden="true" />
                Prefers a text and a call
              </dd>
            ) : null}
          </div>
          {contact.status === 'spam' ? (
            <div className="grid gap-1.5 rounded-lg border border-destructive/40 bg-destructive/10 p-3">
              <dt className="flex items-center gap-2 font-medium">
                <ShieldAlert className="size-4 shrink-0" aria-hidden="true" />
                Held as spam
              </dt>
              <dd className="text-muted-foreground">
                {spamReasonText(contact.spamReasons)} No notification was sent; it is not in the list, the
                counts or any campaign, and is erased after 30 days.
              </dd>
              <dd>
                <NotSpamButton contact={contact} />
              </dd>
            </div>
          ) : null}
          <div className="grid gap-1.5">
            <dt>
              <Label htmlFor={`${id}-status`} className="font-normal text-muted-foreground">
                Status
              </Label>
            </dt>
            <dd>
              <Select
                value={contact.status === 'spam' ? undefined : contact.status}
                disabled={updateStatus.isPending}
                onValueChange={(status) =>
                  updateStatus.mutate(
                    { contactId: contact.id, status: status as ContactStatus },
                    {
                      onError: (error) => toastFailure(error, 'Failed to update status.'),
                    },
                  )
                }
              >
                <SelectTrigger id={`${id}-status`}>
                  <SelectValue placeholder="Spam" />
                </SelectTrigger>
                <SelectContent>
                  {contactStatuses.map((status) => (
                    <SelectItem key={status} value={status}>
                      {statusLabels[status]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </dd>
          </div>
          <div className="grid gap-1">
            <dt className="text-muted-foreground">Created</dt>
            <dd>
              <time dateTime={contact.createdAt}>{formatDateTime(contact.createdAt)}</time>
            </dd>
          </div>
          {contact.unsubscribed ? (
            <div className="grid gap-1">
              <dt className="text-muted-foreground">Campaigns</dt>
              <dd>
                <Badge variant="grey">
                  <BellOff aria-hidden="true" />
                  Unsubscribed
                </Badge>
              </dd>
            </div>
          ) : null}
        </dl>
      </CardContent>
    </Card>
  );
}
