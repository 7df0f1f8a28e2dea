import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowDown, ArrowUp, ChevronDown, GripVertical, Plus, Trash2 } from 'lucide-react';
import * as React from 'react';
import type { z } from 'zod';
import { Button } from '@/web/components/ui/button';
import { FieldError } from '@/web/components/ui/field-error';
import { toast } from '@/web/hooks/use-toast';
import { cn } from '@/web/lib/utils';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ChangeContext, fieldId, useErrorCount, useFieldError } from './editor-context';
import { Field, ObjectFields } from './fields';
import { fieldLabel, itemName, itemSummary } from './labels';
import { blankValue, fieldNode, join, unwrap } from './schema-walk';

/** `label` inside a sentence: its first word lower-cased unless it is an acronym ('FAQ category'). */
const inSentence = (label: string) =>
  label.replace(/^\p{Lu}\p{Ll}*(?=\P{L}|$)/u, (word) => word.toLowerCase());

let lastId = 0;
const newId = () => `item-${++lastId}`;

/**
 * A list of the content document (testimonials, FAQ questions, a card's points…) that can be
 * added to, removed from (after a confirmation) and reordered (decision 069): by drag and drop
 * (dnd-kit: mouse, touch, and the keyboard on the handle: Space lifts, arrows move, Space drops,
 * Escape cancels, each step announced) and by 'Move up' / 'Move down' buttons. Items that are
 * groups of fields fold; their header names them and counts their problems. `min` and `max` are
 * the schema's limits: Add and Remove are disabled at them.
 */
export function SortableList({
  path,
  name,
  element,
  min,
  max,
  values,
  heading = 'h3',
}: {
  path: string;
  name: string;
  element: z.ZodType;
  min: number;
  max: number;
  values: unknown[];
  /** The list's heading level: h2 for a part of the document, h3 inside one. */
  heading?: 'h2' | 'h3';
}) {
  const Heading = heading;
  const onChange = React.useContext(ChangeContext);
  const error = useFieldError(path);
  const fixed = min === max;
  const objects = fieldNode(unwrap(element).inner, name).kind === 'object';
  // Items carry no ids of their own: the list keeps one per place and moves it with the item.
  const ids = React.useRef<string[]>([]);
  if (ids.current.length !== values.length)
    ids.current = values.map((_, index) => ids.current[index] ?? newId());
  const [open, setOpen] = React.useState<ReadonlySet<string>>(new Set());

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const what = itemName(name);
  const labelAt = (index: number) => {
    const summary = itemSummary(values[index]);
    return `${what} ${index + 1}${summary ? `: ${summary}` : ''}`;
  };
  const indexOf = (id: UniqueIdentifier) => ids.current.indexOf(String(id));

  const move = (from: number, to: number) => {
    if (to < 0 || to >= values.length || from === to) return;
    ids.current = arrayMove(ids.current, from, to);
    onChange(path, arrayMove(values, from, to));
  };
  const add = () => {
    const id = newId();
    ids.current = [...ids.current, id];
    onChange(path, [...values, blankValue(element, name)]);
    setOpen((s) => new Set(s).add(id));
    // The new item's first field, once drawn.
    window.setTimeout(() => {
      document
        .getElementById(`${fieldId(path)}-item-${values.length}`)
        ?.querySelector<HTMLElement>('input, textarea, select')
        ?.focus();
    }, 0);
  };
  const remove = (index: number) => {
    const label = labelAt(index);
    ids.current = ids.current.filter((_, i) => i !== index);
    onChange(
      path,
      values.filter((_, i) => i !== index),
    );
    toast({ title: `${what} removed`, description: `${label} is no longer in the draft.` });
  };

  // One object for the list's life, reading the latest places through refs: announcements are
  // named as the list was when lifted (by the drop, the list has already moved).
  const latest = React.useRef({ labelAt, indexOf, length: values.length });
  latest.current = { labelAt, indexOf, length: values.length };
  const said = React.useRef({ lifted: '', over: null as UniqueIdentifier | null, dropped: '' });
  const announcements = React.useMemo<Announcements>(
    () => ({
      onDragStart: ({ active }) => {
        const { labelAt, indexOf } = latest.current;
        said.current = { lifted: labelAt(indexOf(active.id)), over: active.id, dropped: '' };
        return `Picked up ${said.current.lifted}.`;
      },
      onDragOver: ({ over }) => {
        // A lifted item is over its own place at once, which 'Picked up' says.
        if (!over || over.id === said.current.over) return undefined;
        said.current.over = over.id;
        const { indexOf, length } = latest.current;
        return `${said.current.lifted} is over position ${indexOf(over.id) + 1} of ${length}.`;
      },
      onDragEnd: () => said.current.dropped || `${said.current.lifted} was dropped where it was.`,
      onDragCancel: () => `Moving ${said.current.lifted} was cancelled.`,
    }),
    [],
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const to = indexOf(over.id);
    said.current.dropped = `${said.current.lifted} was dropped at position ${to + 1} of ${values.length}.`;
    move(indexOf(active.id), to);
  };

  const listId = fieldId(path);
  return (
    <section aria-labelledby={`${listId}-title`} className="grid min-w-0 gap-3" data-list={path}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Heading
          id={`${listId}-title`}
          className={heading === 'h2' ? 'text-lg font-semibold' : 'text-sm font-semibold'}
        >
          {fieldLabel(name)}
          <span className="ml-2 font-normal text-muted-foreground">{values.length}</span>
        </Heading>
      </div>
      <FieldError id={`${listId}-error`}>{error}</FieldError>
      {values.length === 0 ? (
        <p className="text-sm text-muted-foreground">{`No ${inSentence(fieldLabel(name))} yet.`}</p>
      ) : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable: `To move this ${inSentence(what)}, press Space. The up and down arrow keys move it; Space drops it, Escape cancels.`,
          },
        }}
      >
        <SortableContext items={ids.current} strategy={verticalListSortingStrategy}>
          <ol className="grid gap-2">
            {values.map((value, index) => {
              const id = ids.current[index]!;
              return (
                <SortableItem
                  key={id}
                  id={id}
                  index={index}
                  domId={`${listId}-item-${index}`}
                  path={join(path, index)}
                  name={name}
                  element={element}
                  value={value}
                  label={labelAt(index)}
                  objects={objects}
                  open={open.has(id)}
                  onToggle={() =>
                    setOpen((s) => {
                      const next = new Set(s);
                      if (!next.delete(id)) next.add(id);
                      return next;
                    })
                  }
                  first={index === 0}
                  last={index === values.length - 1}
                  onMove={(by) => move(index, index + by)}
                  canRemove={!fixed && values.length > min}
                  onRemove={() => remove(index)}
                />
              );
            })}
          </ol>
        </SortableContext>
      </DndContext>
      {fixed ? null : (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={values.length >= max}
          title={values.length >= max ? `At most ${max}.` : undefined}
          onClick={add}
        >
          <Plus aria-hidden="true" />
          {`Add ${inSentence(what)}`}
        </Button>
      )}
    </section>
  );
}

const iconButton =
  'size-8 shrink-0 p-0 text-muted-foreground hover:text-foreground disabled:opacity-30 [&_svg]:size-4';

function SortableItem({
  id,
  index,
  domId,
  path,
  name,
  element,
  value,
  label,
  objects,
  open,
  onToggle,
  first,
  last,
  onMove,
  canRemove,
  onRemove,
}: {
  id: string;
  index: number;
  domId: string;
  path: string;
  name: string;
  element: z.ZodType;
  value: unknown;
  label: string;
  objects: boolean;
  open: boolean;
  onToggle: () => void;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
  canRemove: boolean;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  const problems = useErrorCount(path);
  const node = fieldNode(unwrap(element).inner, name);
  return (
    <li
      ref={setNodeRef}
      id={domId}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        'grid min-w-0 gap-3 rounded-xl border border-border bg-background/60 p-2',
        isDragging && 'relative z-10 ring-2 ring-brand-cyan',
        problems > 0 && 'border-red-400/60',
      )}
    >
      <div className="flex min-w-0 items-center gap-1">
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
          aria-label={`Reorder ${label}`}
          {...attributes}
          {...listeners}
        >
          <GripVertical className="size-4" aria-hidden="true" />
        </button>
        {objects ? (
          <button
            type="button"
            className="flex min-w-0 flex-1 items-center gap-2 rounded-md px-1 py-1 text-left text-sm font-medium outline-none hover:bg-white/5 focus-visible:ring-[3px] focus-visible:ring-ring/50"
            aria-expanded={open}
            aria-controls={`${domId}-fields`}
            onClick={onToggle}
          >
            <ChevronDown
              className={cn('size-4 shrink-0 transition-transform', !open && '-rotate-90')}
              aria-hidden="true"
            />
            <span className="min-w-0 truncate" dir="auto">
              {label}
            </span>
            {problems > 0 ? (
              <span className="shrink-0 text-xs font-normal text-red-300">
                {problems === 1 ? '1 problem' : `${problems} problems`}
              </span>
            ) : null}
          </button>
        ) : (
          <div className="min-w-0 flex-1">
            <Field
              path={path}
              name={name}
              schema={element}
              value={value}
              label={`${itemName(name)} ${index + 1}`}
            />
          </div>
        )}
        <Button
          type="button"
          variant="ghost"
          className={iconButton}
          aria-label={`Move ${label} up`}
          title="Move up"
          disabled={first}
          onClick={() => onMove(-1)}
        >
          <ArrowUp aria-hidden="true" />
        </Button>
        <Button
          type="button"
          variant="ghost"
          className={iconButton}
          aria-label={`Move ${label} down`}
          title="Move down"
          disabled={last}
          onClick={() => onMove(1)}
        >
          <ArrowDown aria-hidden="true" />
        </Button>
        {canRemove ? (
          <ConfirmDialog
            trigger={
              <Button
                type="button"
                variant="ghost"
                className={cn(iconButton, 'hover:text-red-300')}
                aria-label={`Remove ${label}`}
                title="Remove"
              >
                <Trash2 aria-hidden="true" />
              </Button>
            }
            title={`Remove ${label}?`}
            description="It leaves the draft. The live site keeps it until you publish."
            confirmLabel="Remove"
            onConfirm={onRemove}
          />
        ) : null}
      </div>
      {objects && open && node.kind === 'object' ? (
        <div id={`${domId}-fields`} className="px-1 pb-2 sm:px-2">
          <ObjectFields path={path} shape={node.shape} value={value as Record<string, unknown>} />
        </div>
      ) : null}
    </li>
  );
}
