import * as React from 'react';
import type { ContactBulk } from '@/shared/contact-bulk';
import type { ContactListQuery } from '@/shared/contacts';

/**
 * The contacts ticked on the list: either hand-picked ids, or every contact matching the list's
 * filter ('Select all N matching', resolved by the server) less the ones unticked afterwards.
 * Nothing here grows with the number of matches but the unticked ids.
 */
export type ContactSelection =
  | { kind: 'ids'; ids: ReadonlySet<number> }
  | { kind: 'matching'; filter: ContactListQuery; total: number; except: ReadonlySet<number> };

const nothing: ContactSelection = { kind: 'ids', ids: new Set() };

/** How many contacts the selection holds (`total` is the filter's count when it was chosen). */
export function selectionCount(selection: ContactSelection): number {
  return selection.kind === 'ids' ? selection.ids.size : Math.max(0, selection.total - selection.except.size);
}

/** The `selection` field of `POST /api/admin/contacts/bulk`. */
export function selectionBody(selection: ContactSelection): ContactBulk['selection'] {
  return selection.kind === 'ids'
    ? { ids: [...selection.ids] }
    : { filter: selection.filter, exceptIds: [...selection.except] };
}

/** The list's search and filters without empty values, as the bulk API and the count take them. */
export function bulkFilter(filter: ContactListQuery): ContactListQuery {
  return {
    ...(filter.q ? { q: filter.q } : {}),
    ...(filter.status && filter.status !== 'all' ? { status: filter.status } : {}),
    ...(filter.source ? { source: filter.source } : {}),
    // Always sent: the bulk API's own default is every origin, the list's is leads (decision 058).
    ...(filter.view ? { view: filter.view } : {}),
  };
}

/**
 * The list's selection. It belongs to one filter (`filter`: search, status, source): once the
 * filter changes it is empty again, in the same render, so an action can never reach contacts
 * the admin no longer sees. `rows` are the loaded rows in their order (for the header checkbox
 * and shift ranges); `total` is how many match the filter, once known.
 */
export function useContactSelection(filter: ContactListQuery, rows: readonly { id: number }[]) {
  const current = bulkFilter(filter);
  const key = JSON.stringify(current);
  const [state, setState] = React.useState<{
    key: string;
    selection: ContactSelection;
    anchor: number | null;
  }>({ key, selection: nothing, anchor: null });
  const selection = state.key === key ? state.selection : nothing;
  const anchor = state.key === key ? state.anchor : null;
  const set = (next: ContactSelection, nextAnchor: number | null = anchor) =>
    setState({ key, selection: selectionCount(next) > 0 ? next : nothing, anchor: nextAnchor });

  const isSelected = (id: number) =>
    selection.kind === 'ids' ? selection.ids.has(id) : !selection.except.has(id);

  /** Ticks or unticks `ids` in whichever kind of selection this is. */
  function withIds(ids: readonly number[], on: boolean): ContactSelection {
    if (selection.kind === 'ids') {
      const next = new Set(selection.ids);
      for (const id of ids) on ? next.add(id) : next.delete(id);
      return { kind: 'ids', ids: next };
    }
    const except = new Set(selection.except);
    for (const id of ids) on ? except.delete(id) : except.add(id);
    return { ...selection, except };
  }

  /**
   * A row's checkbox: ticks or unticks the row; with `range` (Shift held), every row from the
   * last one clicked to this one takes this row's new state.
   */
  function toggle(id: number, on: boolean, range: boolean) {
    const at = rows.findIndex((row) => row.id === id);
    const from = range && anchor !== null ? rows.findIndex((row) => row.id === anchor) : -1;
    const ids =
      at >= 0 && from >= 0
        ? rows.slice(Math.min(at, from), Math.max(at, from) + 1).map((row) => row.id)
        : [id];
    set(withIds(ids, on), id);
  }

  const shown = rows.filter((row) => isSelected(row.id)).length;
  /** The header checkbox: every loaded row, some, or none. */
  const page: 'all' | 'some' | 'none' =
    rows.length > 0 && shown === rows.length ? 'all' : shown > 0 ? 'some' : 'none';

  /** The header checkbox's click: ticks every loaded row, or (all ticked) clears the selection. */
  function togglePage() {
    if (page === 'all') set(nothing, null);
    else
      set(
        withIds(
          rows.map((row) => row.id),
          true,
        ),
      );
  }

  return {
    selection,
    count: selectionCount(selection),
    isSelected,
    toggle,
    page,
    togglePage,
    /** 'Select all N matching': the filter itself, at `total` contacts. */
    selectMatching: (total: number) =>
      set({ kind: 'matching', filter: current, total, except: new Set() }, null),
    clear: () => set(nothing, null),
  };
}
