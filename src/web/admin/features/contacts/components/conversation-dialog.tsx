import { MessagesSquare } from 'lucide-react';
import type { Contact } from '@/shared/contacts';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/web/components/ui/dialog';
import { ConversationThread } from './conversation-thread';

/** 'View Conversation' on a contact card (spec §2): the thread in a dialog that scrolls on its own. */
export function ConversationDialog({
  contact,
}: {
  contact: Pick<Contact, 'id' | 'name' | 'email' | 'message' | 'createdAt'>;
}) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <MessagesSquare aria-hidden="true" />
          View Conversation
        </Button>
      </DialogTrigger>
      <DialogContent className="grid-rows-[auto_minmax(0,1fr)] overflow-hidden sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Conversation</DialogTitle>
          <DialogDescription>
            {contact.name} &lt;{contact.email}&gt;
          </DialogDescription>
        </DialogHeader>
        <ConversationThread contact={contact} className="max-h-[60dvh]" />
      </DialogContent>
    </Dialog>
  );
}
