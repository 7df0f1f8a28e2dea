import { ArrowDown, ArrowUp, ArrowUpDown, MailWarning } from 'lucide-react';
import * as React from 'react';
import { Link, useNavigate } from 'react-router';
import { type Contact, type ContactSort, defaultSortOrder, type SortOrder } from '@/shared/contacts';
import { Badge } from '@/web/components/ui/badge';
import { Checkbox } from '@/web/components/ui/checkbox';
import { formatDateTime } from '@/web/lib/format-date';
import { cn } from '@/web/lib/utils';
import { TagBadge } from '../../tags';
import type { useContactSelection } from './contact-selection';
import { ContactStatusBadge } from './contact-status-badge';
import { ConversationDialog } from './conversation-dialog';
import { ConvertToClientButton } from './convert-to-client-button';
import { NewMessagesBadge } from './new-messages-badge';
import { PossibleSpamBadge } from './possible-spam';
import { SelectContactCheckbox } from './select-contact-checkbox';
import { SendEmailDialog } from './send-email-dialog';

/** Tags shown in a row; the rest are counted ('+N', their names in its tooltip). */
const TAGS_SHOWN = 3;

/** Text as one line, the way a tooltip shows it. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A column of the contacts table: its header, the sort it stands for, and its cell. */
export interface ContactColumn {
  id: string;
  header: string;
  /** The server-side sort behind the header's button; none: not sortable. */
  sort?: ContactSort;
  /** Width and alignment classes of the header and the cells (the table lays out fixed). */
  className?: string;
  cell: (contact: Contact) => React.ReactNode;
}

/**
 * The table's columns, left to right (decision 040). A column for the lead's first-touch source
 * belongs after 'Tags' once contacts carry one. The selection column goes first and is drawn by
 * the table itself (its cells hold state: {@link ContactsTable}'s `selection`).
 */
export const contactColumns: ContactColumn[] = [
  {
    id: 'name',
    header: 'Name',
    sort: 'name',
    className: 'w-[27%]',
    cell: (contact) => (
      <div className="grid min-w-0 gap-0.5">
        <div className="flex min-w-0 items-center gap-2">
          <Link
            to={`/admin/contacts/${contact.id}`}
            tabIndex={-1}
            className="truncate font-medium outline-none hover:underline"
            dir="auto"
            title={oneLine(contact.name)}
          >
            {contact.name}
          </Link>
          <NewMessagesBadge count={contact.unreadReplies} />
          <PossibleSpamBadge contact={contact} />
          {contact.bouncing ? (
            <Badge variant="destructive" title={contact.bounceReason ?? undefined}>
              <MailWarning aria-hidden="true" />
              Bouncing
            </Badge>
          ) : null}
        </div>
        <p className="truncate text-xs text-muted-foreground" dir="auto" title={oneLine(contact.message)}>
          {contact.message}
        </p>
      </div>
    ),
  },
  {
    id: 'email',
    header: 'Email',
    sort: 'email',
    className: 'w-[22%]',
    cell: (contact) => (
      <div className="grid min-w-0 gap-0.5 text-muted-foreground">
        <span className="truncate" title={contact.email}>
          {contact.email}
        </span>
        {contact.phone ? <span className="truncate text-xs">{contact.phone}</span> : null}
      </div>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    sort: 'status',
    className: 'w-[11%]',
    cell: (contact) => <ContactStatusBadge status={contact.status} />,
  },
  {
    id: 'tags',
    header: 'Tags',
    className: 'w-[14%]',
    cell: (contact) => {
      const tags = contact.tags ?? [];
      if (tags.length === 0) return null;
      const more = tags.slice(TAGS_SHOWN);
      return (
        <div className="flex flex-wrap gap-1">
          {tags.slice(0, TAGS_SHOWN).map((tag) => (
            <span key={tag.id} className="inline-flex min-w-0 max-w-full" title={oneLine(tag.name)}>
              <TagBadge tag={tag} className="min-w-0 truncate px-2 text-[11px]" />
            </span>
          ))}
          {more.length > 0 ? (
            <Badge variant="outline" title={oneLine(more.map((tag) => tag.name).join(', '))}>
              +{more.length}
            </Badge>
          ) : null}
        </div>
      );
    },
  },
  {
    id: 'activity',
    header: 'Last activity',
    sort: 'activity',
    className: 'w-[15%]',
    cell: (contact) => (
      <div className="grid gap-0.5 text-xs text-muted-foreground">
        <time dateTime={contact.lastActivityAt}>{formatDateTime(contact.lastActivityAt)}</time>
        {contact.lastActivityAt !== contact.createdAt ? (
          <span>
            Created <time dateTime={contact.createdAt}>{formatDateTime(contact.createdAt)}</time>
          </span>
        ) : null}
      </div>
    ),
  },
  {
    id: 'actions',
    header: 'Actions',
    className: 'w-[11%] text-right',
    cell: (contact) => (
      <div className="flex justify-end gap-0.5">
        <SendEmailDialog contact={contact} compact />
        <ConversationDialog contact={contact} compact />
        <ConvertToClientButton contact={contact} compact />
      </div>
    ),
  },
];

/** Where focus is typing or inside a dialog: j/k are letters there, not moves. */
function isTypingOrInDialog(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return Boolean(
    target.closest(
      'input:not([type="checkbox"]), textarea, select, [contenteditable=""], [contenteditable="true"]',
    ) || target.closest('[role="dialog"], [role="alertdialog"]'),
  );
}

/**
 * The contacts as a dense, sortable table for triage at 1024 px and wider (decision 040): a row
 * per contact with the columns of {@link contactColumns}. Header buttons sort on the server
 * (`onSortChange`; a second click on the same column turns the order round). The keyboard moves
 * through the rows: `j` / `k` anywhere outside a text field and a dialog, ↓ / ↑ inside the
 * table; Enter on a row (or a click outside its buttons and its tick box) opens the contact.
 * Moving past the last loaded row asks for the next page (`onLoadMore`). With `selection`, a first
 * column of tick boxes (the header's ticks every loaded row; Shift+click or Shift+Space ticks a
 * range); Space on a focused row ticks it too.
 */
export function ContactsTable({
  contacts,
  sort,
  order,
  onSortChange,
  onLoadMore,
  selection,
}: {
  contacts: Contact[];
  sort: ContactSort;
  order: SortOrder;
  onSortChange: (sort: ContactSort, order: SortOrder) => void;
  onLoadMore: () => void;
  selection?: ReturnType<typeof useContactSelection>;
}) {
  const navigate = useNavigate();
  const tableRef = React.useRef<HTMLTableElement>(null);
  const rows = React.useRef<Map<number, HTMLTableRowElement>>(new Map());
  const [activeId, setActiveId] = React.useState<number | null>(null);
  const activeIndex = Math.max(
    0,
    contacts.findIndex((c) => c.id === activeId),
  );

  const latest = React.useRef({ contacts, activeIndex, onLoadMore, navigate, selection });
  latest.current = { contacts, activeIndex, onLoadMore, navigate, selection };
  const headerBox = React.useRef<HTMLInputElement>(null);
  React.useEffect(() => {
    if (headerBox.current) headerBox.current.indeterminate = selection?.page === 'some';
  });

  React.useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTypingOrInDialog(event.target)) return;
      const { contacts, activeIndex, onLoadMore, navigate, selection } = latest.current;
      const inTable = event.target instanceof Node && Boolean(tableRef.current?.contains(event.target));
      const onRow = event.target instanceof HTMLTableRowElement && inTable;
      if (event.key === ' ' && onRow && selection) {
        const contact = contacts[activeIndex];
        if (contact) {
          event.preventDefault();
          selection.toggle(contact.id, !selection.isSelected(contact.id), event.shiftKey);
        }
        return;
      }
      let step = 0;
      if (event.key === 'j' || (inTable && event.key === 'ArrowDown')) step = 1;
      else if (event.key === 'k' || (inTable && event.key === 'ArrowUp')) step = -1;
      else if (event.key === 'Enter' && onRow) {
        const contact = contacts[activeIndex];
        if (contact) {
          event.preventDefault();
          navigate(`/admin/contacts/${contact.id}`);
        }
        return;
      } else return;
      event.preventDefault();
      // The first j/k puts focus on the current row; later ones move it.
      const next = onRow ? activeIndex + step : activeIndex;
      if (next >= contacts.length) onLoadMore();
      const target = contacts[Math.min(Math.max(next, 0), contacts.length - 1)];
      if (!target) return;
      setActiveId(target.id);
      rows.current.get(target.id)?.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  function headerCell(column: ContactColumn) {
    if (!column.sort) return column.header;
    const current = column.sort === sort;
    const Icon = current ? (order === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
    const columnSort = column.sort;
    return (
      <button
        type="button"
        onClick={() =>
          onSortChange(
            columnSort,
            current ? (order === 'asc' ? 'desc' : 'asc') : defaultSortOrder(columnSort),
          )
        }
        className={cn(
          '-mx-2 inline-flex items-center gap-1 rounded-md px-2 py-1 outline-none transition hover:bg-white/10 focus-visible:ring-[3px] focus-visible:ring-ring/50',
          current && 'text-foreground',
        )}
      >
        {column.header}
        <Icon className={cn('size-3.5', !current && 'opacity-40')} aria-hidden="true" />
      </button>
    );
  }

  return (
    <div className="rounded-2xl border border-white/10 bg-card/60">
      <table ref={tableRef} aria-label="Contacts" className="w-full table-fixed text-sm">
        <thead className="border-b border-white/10 text-left text-xs font-medium text-muted-foreground">
          <tr>
            {selection ? (
              <th scope="col" className="w-11 py-2.5 pr-1 pl-4">
                <Checkbox
                  ref={headerBox}
                  aria-label="Select all shown contacts"
                  className="size-4.5 align-middle"
                  checked={selection.page === 'all'}
                  onChange={selection.togglePage}
                />
              </th>
            ) : null}
            {contactColumns.map((column) => (
              <th
                key={column.id}
                scope="col"
                aria-sort={
                  column.sort === undefined
                    ? undefined
                    : column.sort === sort
                      ? order === 'asc'
                        ? 'ascending'
                        : 'descending'
                      : 'none'
                }
                className={cn('px-3 py-2.5 font-medium first:pl-4 last:pr-4', column.className)}
              >
                {headerCell(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {contacts.map((contact, index) => (
            <tr
              key={contact.id}
              ref={(element) => {
                if (element) rows.current.set(contact.id, element);
                else rows.current.delete(contact.id);
              }}
              data-contact-id={contact.id}
              tabIndex={index === activeIndex ? 0 : -1}
              aria-current={index === activeIndex && activeId !== null ? 'true' : undefined}
              onFocus={(event) => {
                if (event.target === event.currentTarget) setActiveId(contact.id);
              }}
              onClick={(event) => {
                const target = event.target as HTMLElement;
                // Clicks inside a row's dialog reach here through React's tree, not the DOM's.
                if (
                  !event.currentTarget.contains(target) ||
                  target.closest('a, button, input, [data-select-cell]')
                )
                  return;
                navigate(`/admin/contacts/${contact.id}`);
              }}
              className={cn(
                // Room for the sticky header above and the bulk action bar below when j/k scroll.
                'scroll-mt-20 scroll-mb-28 cursor-pointer border-b border-white/5 outline-none transition last:border-0 hover:bg-white/[0.04] focus-visible:bg-brand-cyan/10 focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring/60',
                contact.unreadReplies ? 'bg-brand-cyan/[0.04]' : undefined,
                selection?.isSelected(contact.id) && 'bg-brand-cyan/[0.08]',
              )}
            >
              {selection ? (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the box inside is the keyboard's way (Space); the cell only widens the mouse's target.
                <td
                  data-select-cell
                  className="cursor-default py-2 pr-1 pl-4 align-middle"
                  onClick={(event) => {
                    if (event.target === event.currentTarget)
                      selection.toggle(contact.id, !selection.isSelected(contact.id), event.shiftKey);
                  }}
                  onMouseDown={(event) => {
                    if (event.shiftKey) event.preventDefault();
                  }}
                >
                  <SelectContactCheckbox
                    name={contact.name}
                    className="align-middle"
                    checked={selection.isSelected(contact.id)}
                    onToggle={(on, range) => selection.toggle(contact.id, on, range)}
                  />
                </td>
              ) : null}
              {contactColumns.map((column) => (
                <td
                  key={column.id}
                  className={cn('px-3 py-2 align-middle first:pl-4 last:pr-4', column.className)}
                >
                  {column.cell(contact)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
