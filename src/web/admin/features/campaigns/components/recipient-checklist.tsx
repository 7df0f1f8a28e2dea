import { useVirtualizer } from '@tanstack/react-virtual';
import { Search } from 'lucide-react';
import * as React from 'react';
import type { AudienceFilter, AudienceMember } from '@/shared/campaigns';
import { type ContactStatus, contactStatuses } from '@/shared/contacts';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Input } from '@/web/components/ui/input';
import { NativeSelect } from '@/web/components/ui/native-select';
import { useDebouncedValue } from '@/web/hooks/use-debounced-value';
import { cn } from '@/web/lib/utils';
import { InlineError, InlineLoading } from '../../../components/query-state';
import { useTags } from '../../tags';
import { useAudience } from '../api/get-campaign-audience';

const ROW_HEIGHT_PX = 40;
const SEARCH_DEBOUNCE_MS = 250;

/**
 * Who a checklist has chosen (decision 029): a base — nobody, a draft's kept recipients, or everyone
 * matching a filter ('Select All', resolved by the server) — plus hand-picked contacts, minus the
 * contacts unticked from the base. Nothing here grows with the number of contacts but the picks.
 */
export interface RecipientSelection {
  base:
    | { kind: 'none' }
    | { kind: 'draft'; count: number }
    | { kind: 'audience'; filter: AudienceFilter; count: number };
  /** Ticked contacts outside the base. */
  picked: ReadonlySet<number>;
  /** Contacts unticked from the base. */
  excluded: ReadonlySet<number>;
}

export const emptySelection: RecipientSelection = {
  base: { kind: 'none' },
  picked: new Set(),
  excluded: new Set(),
};

/** How many contacts a selection holds: exact, since picks and exclusions never overlap the base wrongly. */
export function selectionCount(selection: RecipientSelection): number {
  const base = selection.base.kind === 'none' ? 0 : selection.base.count;
  return base - selection.excluded.size + selection.picked.size;
}

/** The API fields of a selection (`POST /api/admin/campaigns` and `…/send` bodies). */
export function selectionBody(selection: RecipientSelection) {
  return {
    recipientIds: [...selection.picked],
    ...(selection.base.kind === 'audience' ? { audience: selection.base.filter } : {}),
    ...(selection.base.kind === 'draft' ? { draftRecipients: true } : {}),
    ...(selection.excluded.size > 0 ? { excludeIds: [...selection.excluded] } : {}),
  };
}

const sameFilter = (a: AudienceFilter, b: AudienceFilter) =>
  (a.q ?? '') === (b.q ?? '') && a.status === b.status && a.tagId === b.tagId;

const markLabels = { sent: '(Already sent)', queued: '(Queued)' } as const;

/**
 * The recipient checklist of the create, send and resend dialogs (docs/product.md §8.1), one page of
 * contacts at a time from the server (decision 026), searched and filtered there (search, status,
 * tag). 'Select All' chooses every contact matching the filter that can still be chosen — all N
 * of them, not only the rows loaded — and the filter stays fixed until it is cleared; it waits
 * (disabled) while a typed filter has not reached the list yet; a row can
 * then be unticked. Unsubscribed contacts are marked '(Unsubscribed)' and cannot be chosen; with
 * `campaignId`, contacts that campaign already sent to or queued are marked and disabled, and a
 * draft's kept recipients show ticked. Rows are virtualised inside `maxHeight` (docs/product.md §14.1: 200 px
 * in create, 400 px in resend); the next page loads as the list scrolls near its end.
 */
export function RecipientChecklist({
  selection,
  onSelectionChange,
  campaignId,
  maxHeight,
  summary,
}: {
  selection: RecipientSelection;
  onSelectionChange: (next: RecipientSelection) => void;
  campaignId?: number;
  maxHeight: number;
  /** The count line; receives {@link selectionCount}. */
  summary: (count: number) => React.ReactNode;
}) {
  const id = React.useId();
  const tags = useTags();
  const [search, setSearch] = React.useState('');
  const [status, setStatus] = React.useState<ContactStatus | ''>('');
  const [tagId, setTagId] = React.useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const filter: AudienceFilter = React.useMemo(
    () => ({
      ...(q ? { q } : {}),
      ...(status ? { status } : {}),
      ...(tagId ? { tagId: Number(tagId) } : {}),
    }),
    [q, status, tagId],
  );
  const audience = useAudience({ ...filter, campaignId });
  const scrollRef = React.useRef<HTMLDivElement>(null);

  const members = React.useMemo(() => audience.data?.pages.flatMap((p) => p.members) ?? [], [audience.data]);
  const first = audience.data?.pages[0];
  const selectable = first?.selectable ?? 0;
  const { base, picked, excluded } = selection;
  const allMatching = base.kind === 'audience';
  // The rows and counts on screen belong to the typed filter only once the debounce has passed and
  // the server has answered for it; 'Select All' before then would capture the previous filter
  // (and its count) and then the list would change under it.
  const settled = q === search.trim() && !audience.isPlaceholderData && !audience.isPending;
  const filterLocked = allMatching && sameFilter(base.filter, filter);

  const lockMark = (member: AudienceMember) =>
    member.unsubscribed
      ? '(Unsubscribed)'
      : member.mark === 'sent' || member.mark === 'queued'
        ? markLabels[member.mark]
        : null;
  const inBase = (member: AudienceMember) =>
    (base.kind === 'audience' && filterLocked) || (base.kind === 'draft' && member.mark === 'chosen');
  const isChecked = (member: AudienceMember) =>
    member.mark === 'sent' || picked.has(member.id) || (inBase(member) && !excluded.has(member.id));

  const virtualizer = useVirtualizer({
    count: members.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT_PX,
    overscan: 8,
  });
  const lastRow = virtualizer.getVirtualItems().at(-1)?.index ?? 0;
  React.useEffect(() => {
    if (lastRow >= members.length - 20 && audience.hasNextPage && !audience.isFetchingNextPage)
      void audience.fetchNextPage();
  }, [lastRow, members.length, audience]);

  function toggle(member: AudienceMember, on: boolean) {
    const nextPicked = new Set(picked);
    const nextExcluded = new Set(excluded);
    if (inBase(member)) {
      if (on) nextExcluded.delete(member.id);
      else nextExcluded.add(member.id);
    } else if (on) nextPicked.add(member.id);
    else nextPicked.delete(member.id);
    onSelectionChange({ base, picked: nextPicked, excluded: nextExcluded });
  }

  function toggleAll(on: boolean) {
    onSelectionChange(
      on
        ? { base: { kind: 'audience', filter, count: selectable }, picked: new Set(), excluded: new Set() }
        : emptySelection,
    );
  }

  const count = selectionCount(selection);
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-2 text-sm font-medium">Recipients</legend>
      <div className="grid gap-2 sm:grid-cols-[1fr_9rem_9rem]">
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label="Filter contacts"
            placeholder="Filter contacts..."
            className="pl-9"
            value={search}
            disabled={allMatching}
            aria-describedby={allMatching ? `${id}-locked` : undefined}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <NativeSelect
          aria-label="Status"
          value={status}
          disabled={allMatching}
          aria-describedby={allMatching ? `${id}-locked` : undefined}
          onChange={(event) => setStatus(event.target.value as ContactStatus | '')}
        >
          <option value="">All Status</option>
          {contactStatuses.map((value) => (
            <option key={value} value={value}>
              {value[0]!.toUpperCase() + value.slice(1)}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          aria-label="Tag"
          value={tagId}
          disabled={allMatching}
          aria-describedby={allMatching ? `${id}-locked` : undefined}
          onChange={(event) => setTagId(event.target.value)}
        >
          <option value="">All Tags</option>
          {(tags.data ?? []).map((tag) => (
            <option key={tag.id} value={tag.id}>
              {tag.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      {allMatching ? (
        <p id={`${id}-locked`} className="text-xs text-muted-foreground">
          The filters are fixed while every matching contact is selected, so the choice stays what the count
          says. Untick Select All to change them.
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <label className="inline-flex min-h-9 items-center gap-2 font-medium" htmlFor={`${id}-all`}>
          <Checkbox
            id={`${id}-all`}
            checked={allMatching}
            ref={(element) => {
              if (element) element.indeterminate = !allMatching && count > 0;
            }}
            disabled={!allMatching && (!settled || selectable === 0)}
            onChange={(event) => toggleAll(event.target.checked)}
          />
          Select All
          {first ? (
            <span className="font-normal text-muted-foreground">
              ({(allMatching ? base.count : selectable).toLocaleString('en-US')} matching)
            </span>
          ) : null}
        </label>
        <p aria-live="polite" className="text-muted-foreground">
          {summary(count)}
        </p>
      </div>
      {audience.isPending ? (
        <InlineLoading />
      ) : audience.isError ? (
        <InlineError error={audience.error} fallback="Failed to load contacts." />
      ) : members.length === 0 ? (
        <p className="rounded-lg border border-dashed border-white/10 px-3 py-4 text-center text-sm text-muted-foreground">
          {q || status || tagId ? 'No contacts match.' : 'No contacts yet.'}
        </p>
      ) : (
        <div
          ref={scrollRef}
          aria-busy={!settled}
          className="overflow-y-auto rounded-lg border border-white/10 bg-white/[0.02]"
          style={{ maxHeight }}
        >
          <ul className="relative" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((row) => {
              const member = members[row.index]!;
              const mark = lockMark(member);
              const checkboxId = `${id}-${member.id}`;
              return (
                <li
                  key={member.id}
                  className="absolute inset-x-0 top-0"
                  style={{ height: ROW_HEIGHT_PX, transform: `translateY(${row.start}px)` }}
                >
                  <label
                    htmlFor={checkboxId}
                    className={cn(
                      'flex h-full items-center gap-3 px-3 text-sm',
                      mark ? 'cursor-not-allowed text-muted-foreground' : 'cursor-pointer hover:bg-white/5',
                    )}
                  >
                    <Checkbox
                      id={checkboxId}
                      checked={mark !== '(Unsubscribed)' && isChecked(member)}
                      disabled={mark !== null}
                      onChange={(event) => toggle(member, event.target.checked)}
                    />
                    <span className="min-w-0 flex-1 truncate" title={`${member.name} ${member.email}`}>
                      <span className="font-medium">{member.name}</span>{' '}
                      <span className="text-muted-foreground">{member.email}</span>
                    </span>
                    {mark ? <span className="shrink-0 text-xs">{mark}</span> : null}
                  </label>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </fieldset>
  );
}
