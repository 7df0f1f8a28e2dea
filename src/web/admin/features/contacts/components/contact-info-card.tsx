import { BellOff, Mail, MessageSquareText, Phone } from 'lucide-react';
import * as React from 'react';
import { type Contact, type ContactStatus, contactStatuses } from '@/shared/contacts';
import { Badge } from '@/web/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Label } from '@/web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { toast } from '@/web/hooks/use-toast';
import { getApiErrorMessage } from '@/web/lib/api';
import { formatDateTime } from '@/web/lib/format-date';
import { useUpdateContactStatus } from '../api/update-contact-status';

const statusLabels: Record<ContactStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  converted: 'Converted',
};

/**
 * 'Contact Information' (spec §2 contact detail): email, phone, the status selector (any of the
 * four values, set directly, spec §4) and the creation time; notes whether the contact prefers a
 * text and a call, and whether they unsubscribed from campaigns (DESIGN §3).
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
          <div className="grid gap-1.5">
            <dt>
              <Label htmlFor={`${id}-status`} className="font-normal text-muted-foreground">
                Status
              </Label>
            </dt>
            <dd>
              <Select
                value={contact.status}
                disabled={updateStatus.isPending}
                onValueChange={(status) =>
                  updateStatus.mutate(
                    { contactId: contact.id, status: status as ContactStatus },
                    {
                      onError: (error) =>
                        toast({
                          variant: 'destructive',
                          title: 'Error',
                          description: getApiErrorMessage(error) ?? 'Failed to update status.',
                        }),
                    },
                  )
                }
              >
                <SelectTrigger id={`${id}-status`}>
                  <SelectValue />
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
