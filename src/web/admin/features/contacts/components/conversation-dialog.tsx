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

/**
 * 'View Conversation' on a contact card or table row (docs/product.md §6.6): the thread in a dialog that
 * scrolls on its own. `compact`: an icon button named 'View Conversation', for the table.
 */
export function ConversationDialog({
  contact,
  compact = false,
}: {
  contact: Pick<Contact, 'id' | 'name' | 'email' | 'message' | 'createdAt'>;
  compact?: boolean;
}) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        {compact ? (
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label="View Conversation"
            title="View Conversation"
          >
            <MessagesSquare aria-hidden="true" />
          </Button>
        ) : (
          <Button variant="outline" size="sm">
            <MessagesSquare aria-hidden="true" />
            View Conversation
          </Button>
        )}
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
