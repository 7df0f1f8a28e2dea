import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { type ContactStatus, type ContactStatusUpdate, contactStatusLabels } from '@/shared/contacts';
import { type Board, type BoardCard, boardStatuses } from '@/shared/pipeline';
import { toast } from '@/web/hooks/use-toast';
import { getApiErrorMessage } from '@/web/lib/api';
import { urlOf } from '@/web/lib/api-client';
import { toastFailure } from '@/web/lib/toast-failure';
import { AdminPage } from '../components/admin-page';
import { InlineError, InlineLoading } from '../components/query-state';
import { getAnalyticsQueryOptions } from '../features/analytics/api/get-analytics';
import { updateContactStatus } from '../features/contacts/api/update-contact-status';
import { LostReasonDialog } from '../features/contacts/components/lost-reason-dialog';
import { getBoardColumnPage, useBoard } from '../features/pipeline/api/board';
import { BoardColumn, DealCard } from '../features/pipeline/components/board-column';
import { RevenueBySourceCard } from '../features/pipeline/components/revenue-by-source';

type Column = Board['columns'][number];

/** `text` ending with a full stop. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** The board's columns with `card` moved to the top of `to` (counts and sums follow). */
function moved(columns: Column[], card: BoardCard, from: ContactStatus, to: ContactStatus): Column[] {
  const value = card.dealValue ?? 0;
  return columns.map((c) => {
    if (c.status === from)
      return {
        ...c,
        count: c.count - 1,
        value: c.value - value,
        cards: c.cards.filter((x) => x.id !== card.id),
      };
    if (c.status === to)
      return {
        ...c,
        count: c.count + 1,
        value: c.value + value,
        cards: [{ ...card, statusChangedAt: new Date().toISOString(), lostReason: null }, ...c.cards],
      };
    return c;
  });
}

/**
 * Arrow keys move a lifted card one column left or right (dnd-kit's default moves 25 px a press):
 * the card's new place is the next column's left edge, at its height.
 */
const columnCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  if (event.code !== 'ArrowRight' && event.code !== 'ArrowLeft') return undefined;
  event.preventDefault();
  const overId = context.over?.id ?? context.active?.data.current?.status;
  const index = boardStatuses.indexOf(overId as ContactStatus);
  const next = boardStatuses[index + (event.code === 'ArrowRight' ? 1 : -1)];
  const rect = next ? context.droppableRects.get(next) : undefined;
  if (!rect) return currentCoordinates;
  return { x: rect.left + 8, y: Math.max(rect.top + 8, currentCoordinates.y) };
};

/**
 * /admin/pipeline (docs/product.md 'Pipeline board', decision 063): one column per status the owner
 * sets with its count and value sum; cards (name, company, deal value, days in this stage, next
 * task, unread marker) open the contact. A card moves by drag and drop (mouse, touch, and the
 * keyboard: Space lifts, arrows move between columns, Space drops, Escape cancels, each step
 * announced), or by 'Move to…' on phones. A move shows at once and rolls back with a toast when the
 * server refuses it; Lost asks why first. Each column scrolls on its own and loads 50 more cards as
 * the owner nears its end. 'Where revenue comes from' closes the page (decision 064).
 */
export function PipelineRoute() {
  const board = useBoard();
  return (
    <AdminPage title="Pipeline" links={['dashboard', 'contacts']}>
      <h1 className="text-3xl font-bold tracking-tight">Pipeline</h1>
      <p className="mt-2 text-muted-foreground">Where every deal stands. Drag a card to move it.</p>
      {board.isPending ? (
        <InlineLoading className="py-16" />
      ) : board.isError ? (
        <InlineError error={board.error} fallback="Failed to load the pipeline." className="py-16" />
      ) : (
        <BoardView board={board.data} />
      )}
      <footer className="mt-8">
        <RevenueBySourceCard />
      </footer>
    </AdminPage>
  );
}

function BoardView({ board }: { board: Board }) {
  const queryClient = useQueryClient();
  const [columns, setColumns] = React.useState(board.columns);
  React.useEffect(() => setColumns(board.columns), [board]);
  const [askLost, setAskLost] = React.useState<{ card: BoardCard; from: ContactStatus } | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 8 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnCoordinates }),
  );
  const byId = React.useMemo(() => {
    const map = new Map<string, { card: BoardCard; status: ContactStatus }>();
    for (const c of columns) for (const card of c.cards) map.set(String(card.id), { card, status: c.status });
    return map;
  }, [columns]);

  const move = (card: BoardCard, from: ContactStatus, change: ContactStatusUpdate) => {
    if (from === change.status) return;
    const before = columns;
    setColumns((cols) => moved(cols, card, from, change.status));
    updateContactStatus({ contactId: card.id, ...change }).then(
      () => {
        toast({
          title: 'Deal moved',
          description: `${card.name} is now ${contactStatusLabels[change.status]}.`,
        });
        void queryClient.invalidateQueries({ queryKey: getAnalyticsQueryOptions().queryKey });
        void queryClient.invalidateQueries({ queryKey: [urlOf('getSourceReport')] });
      },
      (error: unknown) => {
        setColumns(before);
        toast({
          variant: 'destructive',
          title: `Could not move ${card.name}`,
          description: `${sentence(getApiErrorMessage(error) ?? 'The server refused the move')} It is back in ${contactStatusLabels[from]}.`,
        });
      },
    );
  };
  const request = (card: BoardCard, from: ContactStatus, to: ContactStatus) => {
    if (from === to) return;
    if (to === 'lost') setAskLost({ card, from });
    else move(card, from, { status: to });
  };

  const name = (id: string | number) => byId.get(String(id))?.card.name ?? 'The card';
  // The column last announced: a lifted card is over its own column at once, which the 'Picked
  // up' announcement already says.
  const lastOver = React.useRef<string | number | null>(null);
  const label = (id: string | number | undefined) =>
    id === undefined ? 'no column' : (contactStatusLabels[id as ContactStatus] ?? String(id));
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = byId.get(String(active.id))?.status ?? null;
      return `Picked up ${name(active.id)} in ${label(lastOver.current ?? undefined)}.`;
    },
    onDragOver: ({ active, over }) => {
      if ((over?.id ?? null) === lastOver.current) return undefined;
      lastOver.current = over?.id ?? null;
      return over ? `${name(active.id)} is over ${label(over.id)}.` : `${name(active.id)} is over no column.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `${name(active.id)} was dropped in ${label(over.id)}.`
        : `${name(active.id)} was dropped outside the columns.`,
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const found = byId.get(String(active.id));
    if (!found || !over) return;
    request(found.card, found.status, over.id as ContactStatus);
  };
  const loadMore = React.useCallback(async (status: ContactStatus, cursor: string) => {
    try {
      const page = await getBoardColumnPage(status, cursor);
      setColumns((cols) =>
        cols.map((c) =>
          c.status === status
            ? {
                ...c,
                cards: [...c.cards, ...page.cards.filter((x) => !c.cards.some((y) => y.id === x.id))],
                nextCursor: page.nextCursor,
              }
            : c,
        ),
      );
      return true;
    } catch (error) {
      toastFailure(error, 'Failed to load more cards.');
      return false;
    }
  }, []);
  const [dragged, setDragged] = React.useState<{ card: BoardCard; status: ContactStatus } | null>(null);

  return (
    <>
      <DndContext
        sensors={sensors}
        onDragStart={({ active }) => setDragged(byId.get(String(active.id)) ?? null)}
        onDragCancel={() => setDragged(null)}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              'To move this deal, press Space. Then the left and right arrow keys move it between columns; Space drops it, Escape cancels.',
          },
        }}
      >
        <section
          className="relative mt-6 flex snap-x snap-mandatory gap-4 overflow-x-auto pb-4 lg:grid lg:snap-none lg:grid-cols-5 lg:overflow-visible"
          aria-label="Pipeline columns"
        >
          {columns.map((column) => (
            <BoardColumn
              key={column.status}
              column={column}
              currency={board.currency}
              onMove={(card, to) => request(card, column.status, to)}
              onLoadMore={loadMore}
            />
          ))}
        </section>
        <DragOverlay>
          {dragged ? (
            <DealCard card={dragged.card} status={dragged.status} currency={board.currency} overlay />
          ) : null}
        </DragOverlay>
      </DndContext>
      <LostReasonDialog
        open={askLost !== null}
        name={askLost?.card.name ?? ''}
        onCancel={() => setAskLost(null)}
        onConfirm={(reason) => {
          if (askLost) move(askLost.card, askLost.from, { status: 'lost', ...reason });
          setAskLost(null);
        }}
      />
    </>
  );
}
