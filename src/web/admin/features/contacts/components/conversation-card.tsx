import type { Contact } from '@/shared/contacts';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { REPLY_POLL_MS } from '../../replies';
import { useContactMessages } from '../api/get-contact-messages';
import { ConversationThread } from './conversation-thread';
import { SendEmailForm } from './send-email-form';

/**
 * 'Conversation History' (docs/product.md §6.2): the thread and an inline Send Email form, which
 * answers the contact's latest imported reply in its thread (decision 023).
 */
export function ConversationCard({
  contact,
}: {
  contact: Pick<Contact, 'id' | 'name' | 'message' | 'createdAt'>;
}) {
  // The same query as the thread's (shared cache): the latest reply the form answers.
  const messages = useContactMessages(contact.id, { pollMs: REPLY_POLL_MS });
  const latestReply = messages.data?.findLast((m) => m.sender === 'contact' && !m.autoReply && m.source);
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h2">Conversation History</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        <ConversationThread contact={contact} className="max-h-[28rem]" />
        <section aria-label="Send Email" className="grid gap-3 border-t border-white/10 pt-5">
          <h3 className="font-semibold">Send Email</h3>
          <SendEmailForm
            contact={contact}
            invalidFeedback="inline"
            replyTo={latestReply ? { id: latestReply.id, subject: latestReply.subject } : undefined}
          />
        </section>
      </CardContent>
    </Card>
  );
}
