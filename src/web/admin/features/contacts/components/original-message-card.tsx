import type { Contact } from '@/shared/contacts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { formatDateTime } from '@/web/lib/format-date';

/** 'Original Message' (spec §2 contact detail): what the lead wrote in the form, as plain text. */
export function OriginalMessageCard({ contact }: { contact: Pick<Contact, 'message' | 'createdAt'> }) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h2">Original Message</CardTitle>
        <CardDescription>
          Sent <time dateTime={contact.createdAt}>{formatDateTime(contact.createdAt)}</time>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <p className="whitespace-pre-wrap wrap-anywhere text-sm leading-relaxed">{contact.message}</p>
      </CardContent>
    </Card>
  );
}
