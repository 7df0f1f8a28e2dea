import { useVirtualizer } from '@tanstack/react-virtual';
import { Search } from 'lucide-react';
import * as React from 'react';
import type { AudienceMember } from '@/shared/campaigns';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Input } from '@/web/components/ui/input';
import { cn } from '@/web/lib/utils';
import { InlineError, InlineLoading } from '../../../components/query-state';
import { useAudience } from '../api/get-campaign-audience';

const ROW_HEIGHT_PX = 40;

/**
 * The recipient checklist of the create, send and resend dialogs (spec §2 campaigns): every
 * contact with a checkbox, 'Select All' over the contacts that can still be chosen, a filter box
 * for long lists and the `summary` line (the count of selected contacts). Unsubscribed contacts
 * are marked '(Unsubscribed)' and cannot be chosen; `locked` contacts (e.g. already sent) show
 * their mark and cannot be chosen either. Rows are virtualised (TanStack Virtual), so 10,000
 * contacts scroll smoothly inside `maxHeight` (spec §9: 200 px in create, 400 px in resend).
 */
export function RecipientChecklist({
  selected,
  onSelectedChange,
  locked,
  maxHeight,
  summary,
}: {
  selected: ReadonlySet<number>;
  onSelectedChange: (next: Set<number>) => void;
  /** Contact id → the mark shown beside a contact that cannot be chosen, e.g. '(Already sent)'. */
  locked?: ReadonlyMap<number, string>;
  maxHeight: number;
  summary: React.ReactNode;
}) {
  const id = React.useId();
  const audience = useAudience();
  const [filter, setFilter] = React.useState('');
  const scrollRef = React.useRef<HTMLDivElement>(null);

  const members = audience.data ?? [];
  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? members.filter((m) => m.name.toLowerCase().includes(needle) || m.email.toLowerCase().includes(needle))
    : members;
  const lockMark = (member: AudienceMember) =>
    member.unsubscribed ? '(Unsubscribed)' : (locked?.get(member.id) ?? null);
  const choosable = shown.filter((m) => lockMark(m) === null);
  const chosenShown = choosable.filter((m) => selected.has(m.id)).length;
  const allChosen = choosable.length > 0 && chosenShown === choosable.length;

  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT_PX,
    overscan: 8,
  });

  function toggle(memberId: number, on: boolean) {
    const next = new Set(selected);
    if (on) next.add(memberId);
    else next.delete(memberId);
    onSelectedChange(next);
  }

  function toggleAll(on: boolean) {
    const next = new Set(selected);
    for (const member of choosable) {
      if (on) next.add(member.id);
      else next.delete(member.id);
    }
    onSelectedChange(next);
  }

  if (audience.isPending) return <InlineLoading />;
  if (audience.isError) return <InlineError error={audience.error} fallback="Failed to load contacts." />;

  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Recipients</legend>
      {members.length > 8 ? (
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
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        </div>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <label className="inline-flex min-h-9 items-center gap-2 font-medium" htmlFor={`${id}-all`}>
          <Checkbox
            id={`${id}-all`}
            checked={allChosen}
            ref={(element) => {
              if (element) element.indeterminate = chosenShown > 0 && !allChosen;
            }}
            disabled={choosable.length === 0}
            onChange={(event) => toggleAll(event.target.checked)}
          />
          Select All
        </label>
        <p aria-live="polite" className="text-muted-foreground">
          {summary}
        </p>
      </div>
      {members.length === 0 ? (
        <p className="rounded-lg border border-dashed border-white/10 px-3 py-4 text-center text-sm text-muted-foreground">
          No contacts yet.
        </p>
      ) : shown.length === 0 ? (
        <p className="rounded-lg border border-dashed border-white/10 px-3 py-4 text-center text-sm text-muted-foreground">
          No contacts match.
        </p>
      ) : (
        <div
          ref={scrollRef}
          className="overflow-y-auto rounded-lg border border-white/10 bg-white/[0.02]"
          style={{ maxHeight }}
        >
          <ul className="relative" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((row) => {
              const member = shown[row.index]!;
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
                      checked={mark === '(Already sent)' || selected.has(member.id)}
                      disabled={mark !== null}
                      onChange={(event) => toggle(member.id, event.target.checked)}
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
