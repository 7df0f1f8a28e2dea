import type { Contact } from '@/shared/contacts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { formatDateTime } from '@/web/lib/format-date';

/**
 * 'Original Message' (docs/product.md §6.2): what the lead wrote in the form, as plain text; a
 * contact added by hand shows 'Added by hand' instead.
 */
export function OriginalMessageCard({
  contact,
}: {
  contact: Pick<Contact, 'message' | 'createdAt' | 'origin'>;
}) {
  // A contact added by hand never wrote to us: no message to show (origin 'manual').
  if (contact.origin === 'manual') {
    return (
      <Card className="gap-4">
        <CardHeader>
          <CardTitle as="h2">Added by hand</CardTitle>
          <CardDescription>
            Added <time dateTime={contact.createdAt}>{formatDateTime(contact.createdAt)}</time>, with no
            message from the contact.
          </CardDescription>
        </CardHeader>
      </Card>
    );
  }
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h2">Original Message</CardTitle>
        <CardDescription>
          Sent <time dateTime={contact.createdAt}>{formatDateTime(contact.createdAt)}</time>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <p className="whitespace-pre-wrap wrap-anywhere text-sm leading-relaxed" dir="auto">
          {contact.message}
        </p>
      </CardContent>
    </Card>
  );
}
