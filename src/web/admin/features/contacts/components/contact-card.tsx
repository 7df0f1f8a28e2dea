import { Clock, Mail, MailWarning, Phone } from 'lucide-react';
import { Link } from 'react-router';
import type { Contact } from '@/shared/contacts';
import { Badge } from '@/web/components/ui/badge';
import { formatDateTime } from '@/web/lib/format-date';
import { ContactStatusBadge } from './contact-status-badge';
import { ConversationDialog } from './conversation-dialog';
import { ConvertToClientButton } from './convert-to-client-button';
import { NewMessagesBadge } from './new-messages-badge';
import { NotSpamButton } from './not-spam-button';
import { PossibleSpamBadge } from './possible-spam';
import { SelectContactCheckbox } from './select-contact-checkbox';
import { SendEmailDialog } from './send-email-dialog';

/**
 * One contact in the list (docs/product.md §6.1): name, status, email, phone if present,
 * 'N new messages' while replies or a returning lead's messages are unread, 'Bouncing' (decision 023),
 * message clamped to two lines, the creation date and time, and the actions 'Send Email',
 * 'View Conversation' and 'Turn into Client' (not once converted). The whole card opens
 * /admin/contacts/{id}: the name is the link and its hit area covers the card; the action
 * buttons sit above that area and stay separate controls. With `selected` and `onSelect`, a tick
 * box before the name chooses the card for the list's bulk actions (Shift: a range).
 */
export function ContactCard({
  contact,
  selected,
  onSelect,
}: {
  contact: Contact;
  selected?: boolean;
  onSelect?: (on: boolean, range: boolean) => void;
}) {
  return (
    <article
      data-contact-id={contact.id}
      data-selected={selected ? 'true' : undefined}
      className="group relative flex h-full flex-col rounded-2xl border border-white/10 bg-card/80 data-[selected=true]:border-brand-cyan/50 p-5 shadow-lg shadow-black/10 transition focus-within:ring-[3px] focus-within:ring-ring/50 hover:border-brand-cyan/40 hover:bg-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        {onSelect ? (
          // Above the link's hit area, like the action buttons.
          <SelectContactCheckbox
            name={contact.name}
            checked={Boolean(selected)}
            onToggle={onSelect}
            className="relative z-10 mt-0.5 -mr-1"
          />
        ) : null}
        <h2 className="min-w-0 flex-1 wrap-anywhere text-base font-semibold">
          <Link
            to={`/admin/contacts/${contact.id}`}
            className="outline-none after:absolute after:inset-0 after:rounded-2xl after:content-['']"
            dir="auto"
          >
            {contact.name}
          </Link>
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <NewMessagesBadge count={contact.unreadReplies} />
          <PossibleSpamBadge contact={contact} />
          {contact.bouncing ? (
            <Badge variant="destructive" title={contact.bounceReason ?? undefined}>
              <MailWarning aria-hidden="true" />
              Bouncing
            </Badge>
          ) : null}
          <ContactStatusBadge status={contact.status} />
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
        <span className="inline-flex min-w-0 items-start gap-1.5">
          <Mail className="mt-[3px] size-3.5 shrink-0" aria-hidden="true" />
          <span className="min-w-0">{contact.email}</span>
        </span>
        {contact.phone ? (
          <span className="inline-flex items-center gap-1.5">
            <Phone className="size-3.5 shrink-0" aria-hidden="true" />
            {contact.phone}
          </span>
        ) : null}
      </div>
      <p className="mt-3 line-clamp-2 wrap-anywhere text-sm leading-relaxed text-foreground/85" dir="auto">
        {contact.message}
      </p>
      <p className="mt-3 inline-flex items-center gap-1.5 text-xs text-muted-foreground">
        <Clock className="size-3.5" aria-hidden="true" />
        <time dateTime={contact.createdAt}>{formatDateTime(contact.createdAt)}</time>
      </p>
      <div className="relative z-10 mt-auto flex flex-wrap gap-2 pt-4">
        <NotSpamButton contact={contact} />
        <SendEmailDialog contact={contact} />
        <ConversationDialog contact={contact} />
        <ConvertToClientButton contact={contact} />
      </div>
    </article>
  );
}
