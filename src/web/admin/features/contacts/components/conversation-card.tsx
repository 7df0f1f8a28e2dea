import type { Contact } from '@/shared/contacts';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { ConversationThread } from './conversation-thread';
import { SendEmailForm } from './send-email-form';

/** 'Conversation History' (spec §2 contact detail): the thread and an inline Send Email form. */
export function ConversationCard({
  contact,
}: {
  contact: Pick<Contact, 'id' | 'name' | 'message' | 'createdAt'>;
}) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h2">Conversation History</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        <ConversationThread contact={contact} className="max-h-[28rem]" />
        <section aria-label="Send Email" className="grid gap-3 border-t border-white/10 pt-5">
          <h3 className="font-semibold">Send Email</h3>
          <SendEmailForm contact={contact} invalidFeedback="inline" />
        </section>
      </CardContent>
    </Card>
  );
}
