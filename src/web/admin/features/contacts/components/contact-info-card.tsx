import { BellOff, Mail, MessageSquareText, Pencil, Phone, ShieldAlert } from 'lucide-react';
import * as React from 'react';
import {
  type Contact,
  type ContactStatus,
  type ContactStatusUpdate,
  contactStatuses,
  contactStatusLabels as statusLabels,
} from '@/shared/contacts';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Label } from '@/web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { toast } from '@/web/hooks/use-toast';
import { formatDate, formatDateTime } from '@/web/lib/format-date';
import { toastFailure } from '@/web/lib/toast-failure';
import { useUpdateContactStatus } from '../api/update-contact-status';
import { EditContactForm } from './edit-contact-form';
import { LostReasonDialog, lostReasonText } from './lost-reason-dialog';
import { NotSpamButton } from './not-spam-button';

/** Why the quarantine held a contact, in words (decision 037). */
const spamReasonLabels: Record<string, string> = {
  pow: 'sent without the form’s proof of work (a script, or a browser that did not run it)',
  honeypot: 'filled the field hidden from people',
  links: 'many links',
  phrases: 'known spam phrases',
  script: 'written in a script the site does not serve',
  disposable: 'a disposable email address',
  owner: 'you moved it here',
};

function spamReasonText(reasons: string[]): string {
  const words = reasons.map((reason) => spamReasonLabels[reason] ?? reason);
  return words.length > 0 ? `Why: ${words.join('; ')}.` : '';
}

/** How the contact came in, in words: 'Imported <date> from <file>' for an import (decision 058). */
function originText(contact: Contact): string {
  if (contact.origin === 'form') return 'Contact form';
  if (contact.origin === 'manual') return 'Added by hand';
  const when = contact.importedAt ? ` ${formatDate(contact.importedAt)}` : '';
  return `Imported${when}${contact.importFileName ? ` from ${contact.importFileName}` : ''}`;
}

/**
 * 'Contact Information' (docs/product.md §6.2): email, company, phone, the status selector (any
 * status, set directly, docs/product.md §6.3; Lost asks why first and shows it, decision 063), the creation time and how the contact came in
 * (form, by hand, or 'Imported <date> from <file>'); notes whether the contact prefers a
 * text and a call, and whether they unsubscribed from campaigns (docs/product.md §6.2). A contact held as
 * spam says why and offers 'Not spam' (choosing a status releases it too; decision 037). 'Edit'
 * changes name, email, phone and company (decision 058).
 */
export function ContactInfoCard({ contact }: { contact: Contact }) {
  const id = React.useId();
  const updateStatus = useUpdateContactStatus();
  const [editing, setEditing] = React.useState(false);
  // Lost asks for its reason first (decision 063).
  const [askLost, setAskLost] = React.useState(false);
  const setStatus = (change: ContactStatusUpdate) =>
    updateStatus.mutate(
      { contactId: contact.id, ...change },
      {
        onSuccess: (updated) =>
          toast({
            title: 'Status updated',
            description: `${updated.name} is now ${statusLabels[change.status]}.`,
          }),
        onError: (error) => toastFailure(error, 'Failed to update status.'),
      },
    );

  return (
    <Card className="gap-4">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle as="h2">Contact Information</CardTitle>
        {editing ? null : (
          <Button variant="ghost" size="sm" onClick={() => setEditing(true)} aria-label="Edit contact">
            <Pencil aria-hidden="true" />
            Edit
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {editing ? (
          <EditContactForm contact={contact} onDone={() => setEditing(false)} />
        ) : (
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
                  {spamReasonText(contact.spamReasons)}{' '}
                  {contact.spamReasons.includes('owner') ? 'It' : 'No notification was sent; it'} is not in
                  the list, the counts or any campaign, and is erased after 30 days.
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
                    status === 'lost' ? setAskLost(true) : setStatus({ status: status as ContactStatus })
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
                <LostReasonDialog
                  open={askLost}
                  name={contact.name}
                  onCancel={() => setAskLost(false)}
                  onConfirm={(reason) => {
                    setAskLost(false);
                    setStatus({ status: 'lost', ...reason });
                  }}
                />
              </dd>
            </div>
            {contact.status === 'lost' && contact.lostReason ? (
              <div className="grid gap-1">
                <dt className="text-muted-foreground">Lost because</dt>
                <dd className="wrap-anywhere" dir="auto">
                  {lostReasonText(contact.lostReason, contact.lostReasonText)}
                </dd>
              </div>
            ) : null}
            <div className="grid gap-1">
              <dt className="text-muted-foreground">Created</dt>
              <dd>
                <time dateTime={contact.createdAt}>{formatDateTime(contact.createdAt)}</time>
              </dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-muted-foreground">Origin</dt>
              <dd className="wrap-anywhere">{originText(contact)}</dd>
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
        )}
      </CardContent>
    </Card>
  );
}
