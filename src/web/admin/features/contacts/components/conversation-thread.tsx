import { Paperclip } from 'lucide-react';
import * as React from 'react';
import type { Contact, ContactMessage } from '@/shared/contacts';
import { Badge } from '@/web/components/ui/badge';
import { formatDateTime } from '@/web/lib/format-date';
import { cn } from '@/web/lib/utils';
import { InlineError, InlineLoading } from '../../../components/query-state';
import { SafeHtml } from '../../../components/safe-html';
import { REPLY_POLL_MS, useMarkContactRead } from '../../replies';
import { useContactMessages } from '../api/get-contact-messages';

/**
 * A contact's email conversation (docs/product.md §6.6): first the original form message (sender contact, at
 * the contact's creation time), then the stored messages oldest first; admin messages
 * right-aligned and labelled 'Admin', contact messages left-aligned and labelled with the
 * contact's name; 'No messages yet' when nothing followed the original message. Campaign emails
 * are marked with the campaign's name (decision 019). Imported replies (decision 023) show as contact
 * messages, 'New' while unread (seeing them marks them read), automatic replies noted, attachments
 * listed; the thread refreshes itself every few seconds. Email bodies are
 * HTML and shown sanitized; the form message is plain text. The thread scrolls on its own and
 * starts at the newest message.
 */
export function ConversationThread({
  contact,
  className,
}: {
  contact: Pick<Contact, 'id' | 'name' | 'message' | 'createdAt'>;
  className?: string;
}) {
  const messages = useContactMessages(contact.id, { pollMs: REPLY_POLL_MS });
  const scroller = React.useRef<HTMLElement>(null);
  const count = messages.data?.length ?? 0;
  const markRead = useMarkContactRead();
  // Which replies are unread, as a key: a reply arriving while earlier ones still show 'New' (the
  // cached list is not refetched after marking) changes it, so it is marked read too.
  const unreadIds = messages.data?.flatMap((m) => (m.unread ? [m.id] : [])).join(',') ?? '';
  const { mutate: markContactRead } = markRead;

  // The admin sees the thread: its replies are read (decision 023). The 'New' marks stay on screen
  // until the next refresh, so what arrived is still pointed out.
  React.useEffect(() => {
    if (unreadIds) markContactRead(contact.id);
  }, [unreadIds, contact.id, markContactRead]);

  // Start at the newest message, again whenever messages arrive.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `count` is the trigger, not an input.
  React.useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count]);

  return (
    <section
      ref={scroller}
      aria-label={`Conversation with ${contact.name}`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the thread scrolls; keyboards must reach it to scroll it (axe 'scrollable-region-focusable').
      tabIndex={0}
      className={cn(
        'overflow-y-auto rounded-xl border border-white/10 bg-background/40 p-3 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:p-4',
        className,
      )}
    >
      <ol className="grid gap-3">
        {/* A contact added by hand or imported wrote nothing: no original message to show. */}
        {contact.message ? (
          <ThreadItem
            sender="contact"
            label={contact.name}
            sentAt={contact.createdAt}
            note="Original message"
          >
            <p className="whitespace-pre-wrap wrap-anywhere text-sm leading-relaxed" dir="auto">
              {contact.message}
            </p>
          </ThreadItem>
        ) : null}
        {messages.data?.map((message) => (
          <ThreadItem
            key={message.id}
            sender={message.sender}
            label={message.sender === 'admin' ? 'Admin' : contact.name}
            sentAt={message.sentAt}
            subject={message.subject}
            note={
              message.campaignName
                ? `Campaign: ${message.campaignName}`
                : message.autoReply
                  ? 'Automatic reply'
                  : undefined
            }
            unread={message.unread}
          >
            <SafeHtml html={message.content} dir="auto" />
            {message.attachments.length > 0 ? (
              <ul aria-label="Attachments" className="mt-1 grid gap-1 text-xs text-muted-foreground">
                {message.attachments.map((a, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: two attachments may share a name.
                  <li key={i} className="inline-flex min-w-0 items-center gap-1.5">
                    <Paperclip className="size-3.5 shrink-0" aria-hidden="true" />
                    <span className="min-w-0 wrap-anywhere">
                      {a.name} ({formatSize(a.size)})
                    </span>
                  </li>
                ))}
              </ul>
            ) : null}
          </ThreadItem>
        ))}
      </ol>
      {messages.isPending ? (
        <InlineLoading />
      ) : messages.isError ? (
        <InlineError error={messages.error} fallback="Failed to load messages." />
      ) : messages.data.length === 0 ? (
        <p className="pt-4 pb-1 text-center text-sm text-muted-foreground">No messages yet</p>
      ) : null}
    </section>
  );
}

function ThreadItem({
  sender,
  label,
  sentAt,
  subject,
  note,
  unread,
  children,
}: {
  sender: ContactMessage['sender'];
  label: string;
  sentAt: string;
  subject?: string | null;
  note?: string;
  unread?: boolean;
  children: React.ReactNode;
}) {
  const fromAdmin = sender === 'admin';
  return (
    <li data-sender={sender} className={cn('flex', fromAdmin ? 'justify-end' : 'justify-start')}>
      <article
        className={cn(
          'grid w-fit max-w-[88%] gap-1.5 rounded-2xl border px-4 py-3 sm:max-w-[80%]',
          fromAdmin
            ? 'rounded-br-sm border-brand-blue/40 bg-brand-blue/20'
            : 'rounded-bl-sm border-white/10 bg-card',
        )}
      >
        <header
          className={cn(
            'flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-xs',
            fromAdmin && 'justify-end text-right',
          )}
        >
          <span className="font-semibold text-foreground" dir="auto">
            {label}
          </span>
          <time dateTime={sentAt} className="text-muted-foreground">
            {formatDateTime(sentAt)}
          </time>
          {note ? <span className="min-w-0 break-words text-muted-foreground">· {note}</span> : null}
          {unread ? <Badge variant="cyan">New</Badge> : null}
        </header>
        {subject ? <p className="text-sm font-semibold">{subject}</p> : null}
        {children}
      </article>
    </li>
  );
}

/** An attachment's size for people: bytes, KB or MB (1 KB = 1,024 bytes, as mail programs show). */
function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024).toLocaleString()} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString(undefined, { maximumFractionDigits: 1 })} MB`;
}
