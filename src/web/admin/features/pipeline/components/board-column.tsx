import { useDraggable, useDroppable } from '@dnd-kit/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { CalendarClock, GripVertical, MessageSquareText } from 'lucide-react';
import * as React from 'react';
import { Link } from 'react-router';
import { type ContactStatus, contactStatusLabels } from '@/shared/contacts';
import { type Board, type BoardCard, boardStatuses } from '@/shared/pipeline';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { formatDate } from '@/web/lib/format-date';
import { formatMoney } from '@/web/lib/format-money';
import { countLabel } from '@/web/lib/plural';
import { cn } from '@/web/lib/utils';

type Column = Board['columns'][number];

const DAY_MS = 86_400_000;
/** A card's height before it is measured (name, value line, phone's 'Move to…'), in px. */
const CARD_ESTIMATE_PX = 104;
const CARD_GAP_PX = 8;
/** The next page is asked for once the owner scrolls within this many cards of the end. */
const LOAD_AHEAD = 10;

/** Whole days since `iso`: 'today', '1 day', '12 days' in this stage. */
function daysInStage(iso: string): string {
  const days = Math.floor((Date.now() - new Date(iso).getTime()) / DAY_MS);
  return days <= 0 ? 'today' : countLabel(days, 'day', 'days');
}

/**
 * One status column of the board (decision 063): its title, count and value sum, and its cards in
 * a scroll area of their own, virtualised (only the cards in view and a few around are in the
 * page), asking for the next 50 through `onLoadMore` as the owner scrolls near the end. The column
 * is the drop target of its status.
 */
export function BoardColumn({
  column,
  currency,
  onMove,
  onLoadMore,
}: {
  column: Column;
  currency: string;
  onMove: (card: BoardCard, to: ContactStatus) => void;
  /** Resolves true once the page is in `column`, false when it failed (the board says why). */
  onLoadMore: (status: ContactStatus, cursor: string) => Promise<boolean>;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: column.status });
  const scrollRef = React.useRef<HTMLDivElement>(null);
  const [loading, setLoading] = React.useState(false);
  // A page that failed is asked for again by the owner ('Load more'), not on every render.
  const [failed, setFailed] = React.useState<string | null>(null);
  const title = contactStatusLabels[column.status];
  const { cards, nextCursor } = column;
  const virtualizer = useVirtualizer({
    count: cards.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CARD_ESTIMATE_PX,
    getItemKey: (index) => cards[index]!.id,
    gap: CARD_GAP_PX,
    overscan: 6,
  });
  const items = virtualizer.getVirtualItems();
  const lastShown = items.at(-1)?.index ?? -1;
  const load = React.useCallback(
    (cursor: string) => {
      setLoading(true);
      void onLoadMore(column.status, cursor).then((ok) => {
        setFailed(ok ? null : cursor);
        setLoading(false);
      });
    },
    [onLoadMore, column.status],
  );
  React.useEffect(() => {
    if (!nextCursor || loading || failed === nextCursor || lastShown < cards.length - LOAD_AHEAD) return;
    load(nextCursor);
  }, [nextCursor, loading, failed, lastShown, cards.length, load]);

  return (
    <section
      ref={setNodeRef}
      aria-label={`${title}: ${countLabel(column.count, 'deal', 'deals')}, ${formatMoney(column.value, currency)}`}
      data-status={column.status}
      className={cn(
        'grid w-[80vw] max-w-xs shrink-0 snap-start content-start gap-3 rounded-2xl border border-border bg-card/40 p-3 lg:w-auto lg:max-w-none',
        isOver && 'border-brand-cyan/60 bg-brand-cyan/5',
      )}
    >
      <header className="grid gap-0.5">
        <h2 className="flex items-baseline justify-between gap-2 text-sm font-semibold">
          {title}
          <span className="text-xs font-normal text-muted-foreground" data-testid="column-count">
            {column.count.toLocaleString()}
          </span>
        </h2>
        <p className="text-xs text-muted-foreground" data-testid="column-value">
          {formatMoney(column.value, currency)}
        </p>
      </header>
      {cards.length === 0 ? (
        <p className="text-xs text-muted-foreground">No deals</p>
      ) : (
        <div
          ref={scrollRef}
          data-testid="column-scroll"
          className="-mx-1 max-h-[min(70vh,48rem)] overflow-y-auto overscroll-contain px-1 pb-1"
        >
          <ul className="relative" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const card = cards[item.index]!;
              return (
                <li
                  key={card.id}
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  data-card={card.id}
                  className="absolute inset-x-0 top-0"
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  <DealCard
                    card={card}
                    status={column.status}
                    currency={currency}
                    onMove={(to) => onMove(card, to)}
                  />
                </li>
              );
            })}
          </ul>
          {loading ? (
            <p className="py-2 text-center text-xs text-muted-foreground" role="status">
              {`Loading more ${title}…`}
            </p>
          ) : nextCursor && failed === nextCursor ? (
            <Button variant="outline" size="sm" className="mt-2 w-full" onClick={() => load(nextCursor)}>
              {`Load more ${title}`}
            </Button>
          ) : null}
        </div>
      )}
    </section>
  );
}

/**
 * A deal's card: the grip that lifts it (mouse, touch, keyboard), name and company opening the
 * contact, an unread-reply marker, the value, days in this stage, the next task, and on a phone
 * 'Move to…'. While lifted it stays in its column, dimmed; the board draws the moving copy
 * (`overlay`) above every column, so no column's scroll area clips it.
 */
export function DealCard({
  card,
  status,
  currency,
  onMove,
  overlay = false,
}: {
  card: BoardCard;
  status: ContactStatus;
  currency: string;
  onMove?: (to: ContactStatus) => void;
  overlay?: boolean;
}) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: String(card.id),
    data: { status },
    disabled: overlay,
  });
  return (
    <div
      ref={overlay ? undefined : setNodeRef}
      className={cn(
        'grid gap-1.5 rounded-xl border border-border bg-background p-3 text-sm shadow-sm',
        isDragging && !overlay && 'opacity-40',
        overlay && 'cursor-grabbing shadow-xl ring-2 ring-brand-cyan',
      )}
    >
      <div className="flex items-start gap-2">
        {overlay ? (
          <GripVertical className="-ml-1 mt-0.5 size-4 text-muted-foreground" aria-hidden="true" />
        ) : (
          <button
            type="button"
            className="-ml-1 mt-0.5 cursor-grab touch-none rounded text-muted-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            aria-label={`Move ${card.name}`}
            {...attributes}
            {...listeners}
          >
            <GripVertical className="size-4" aria-hidden="true" />
          </button>
        )}
        <div className="grid min-w-0 flex-1 gap-0.5">
          {overlay ? (
            <span className="wrap-anywhere font-medium" dir="auto">
              {card.name}
            </span>
          ) : (
            <Link
              to={`/admin/contacts/${card.id}`}
              className="wrap-anywhere font-medium hover:underline"
              dir="auto"
            >
              {card.name}
            </Link>
          )}
          {card.company ? (
            <span className="wrap-anywhere text-xs text-muted-foreground" dir="auto">
              {card.company}
            </span>
          ) : null}
        </div>
        {card.unreadReplies ? (
          <Badge variant="cyan" title="Unread reply">
            <MessageSquareText aria-hidden="true" />
            <span className="sr-only">Unread reply</span>
          </Badge>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <span className="font-medium text-foreground">
          {card.dealValue === null ? 'No value' : formatMoney(card.dealValue, currency)}
        </span>
        <span>{`${daysInStage(card.statusChangedAt)} in stage`}</span>
        {card.nextTaskDueAt ? (
          <span className="flex items-center gap-1">
            <CalendarClock className="size-3" aria-hidden="true" />
            {`Task ${formatDate(card.nextTaskDueAt)}`}
          </span>
        ) : null}
      </div>
      {onMove && !overlay ? (
        <label className="grid gap-1 text-xs sm:hidden">
          <span className="sr-only">{`Move ${card.name} to…`}</span>
          <select
            className="h-8 rounded-md border border-border bg-background px-2 text-xs"
            value=""
            onChange={(e) => {
              if (e.target.value) onMove(e.target.value as ContactStatus);
            }}
          >
            <option value="">Move to…</option>
            {boardStatuses
              .filter((s) => s !== status)
              .map((s) => (
                <option key={s} value={s}>
                  {contactStatusLabels[s]}
                </option>
              ))}
          </select>
        </label>
      ) : null}
    </div>
  );
}
