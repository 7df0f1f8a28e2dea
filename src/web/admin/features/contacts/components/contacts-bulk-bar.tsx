import { Trash2 } from 'lucide-react';
import type { ContactBulk } from '@/shared/contact-bulk';
import { type ContactStatus, contactStatuses, contactStatusLabels as statusLabels } from '@/shared/contacts';
import type { Tag } from '@/shared/tags';
import { Button } from '@/web/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { toast } from '@/web/hooks/use-toast';
import { toastFailure } from '@/web/lib/toast-failure';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useTags } from '../../tags';
import { useBulkUpdateContacts } from '../api/bulk-update-contacts';
import { selectionBody, type useContactSelection } from './contact-selection';

/** Lost needs a reason for each deal: marked one by one, on the contact or the board. */
const bulkStatuses = contactStatuses.filter((s) => s !== 'lost');

/** `n` as the page writes numbers ('1,234'). */
const formatCount = (n: number) => n.toLocaleString('en-US');

/** '1 contact', '1,234 contacts'. */
const nContacts = (n: number) => `${formatCount(n)} ${n === 1 ? 'contact' : 'contacts'}`;

/** The erasure prompt of a bulk delete, worded as the Danger Zone's for one contact. */
export function bulkDeleteText(n: number): string {
  return (
    `This erases ${n === 1 ? 'the contact' : `the ${formatCount(n)} contacts`} and every message, task, ` +
    'note and campaign record about them. This action cannot be undone. Clients made from converted ' +
    'contacts keep their own record on the Clients screen.'
  );
}

/** One of the bar's pick lists (Radix Select acting as a menu: choosing runs the action). */
function ActionMenu({
  label,
  disabled,
  options,
  onPick,
}: {
  label: string;
  disabled: boolean;
  options: { value: string; label: string; color?: string }[];
  onPick: (value: string) => void;
}) {
  return (
    <Select value="" onValueChange={onPick} disabled={disabled || options.length === 0}>
      <SelectTrigger aria-label={label} className="h-8 w-full min-w-0 text-xs sm:w-auto">
        <SelectValue placeholder={label} />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.color ? (
              <span
                aria-hidden="true"
                className="inline-block size-2.5 rounded-full"
                style={{ backgroundColor: option.color }}
              />
            ) : null}
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/**
 * The bar of bulk actions on /admin/contacts, shown while any contact is ticked (docs/guide.md 'Bulk
 * actions'): '<n> selected' (or 'All N matching contacts selected'), 'Select all N matching' once
 * every loaded row is ticked and more match (`total`, the filter's count; `undefined` while it is
 * not known for this filter), 'Clear selection', and the actions Set status, Add tag, Remove tag
 * and Delete (which asks first, as the Danger Zone does). It sticks to the bottom of the window
 * while the list scrolls, in the list's flow, so the last row can always be scrolled clear of it.
 * Each action ends with a toast of the API's count, the lists refreshed and the selection cleared;
 * a refusal shows the API's `error`.
 */
export function ContactsBulkBar({
  selection,
  loaded,
  total,
}: {
  selection: ReturnType<typeof useContactSelection>;
  /** Rows loaded on the list. */
  loaded: number;
  total: number | undefined;
}) {
  const tags = useTags();
  const bulk = useBulkUpdateContacts();
  const { count } = selection;
  if (count === 0) return null;
  const matching = selection.selection.kind === 'matching';
  const offerAll =
    !matching && selection.page === 'all' && total !== undefined && total > loaded && total > count;

  function run(action: ContactBulk['action'], done: (affected: number) => string) {
    // The promise, not mutate's callbacks: those are dropped when the bar unmounts, and it does
    // whenever the refreshed list comes back empty (every match deleted, or moved out of the filter).
    bulk.mutateAsync({ selection: selectionBody(selection.selection), action }).then(
      ({ affected }) => {
        selection.clear();
        toast({ title: done(affected) });
      },
      (error: unknown) => toastFailure(error, 'Failed to update contacts.'),
    );
  }

  const tagOptions = (tags.data ?? []).map((tag: Tag) => ({
    value: String(tag.id),
    label: tag.name,
    color: tag.color,
  }));
  const tagName = (id: string) => tags.data?.find((tag) => String(tag.id) === id)?.name ?? 'Tag';

  return (
    <section
      aria-label="Bulk actions"
      className="sticky bottom-0 z-30 mt-4 pb-[max(0.75rem,env(safe-area-inset-bottom))]"
    >
      <div className="flex flex-col gap-3 rounded-2xl border border-brand-cyan/30 bg-background/95 p-3 shadow-2xl shadow-black/50 backdrop-blur-xl lg:flex-row lg:items-center lg:justify-between">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <p className="font-medium" data-testid="bulk-count">
            {selection.selection.kind === 'ids'
              ? `${formatCount(count)} selected`
              : selection.selection.except.size === 0
                ? `All ${formatCount(count)} matching ${count === 1 ? 'contact' : 'contacts'} selected`
                : `${formatCount(count)} of ${formatCount(selection.selection.total)} matching selected`}
          </p>
          {offerAll ? (
            <Button
              variant="link"
              size="sm"
              className="h-auto px-0"
              onClick={() => selection.selectMatching(total)}
            >
              Select all {formatCount(total)} matching
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" className="h-auto px-2 py-1" onClick={selection.clear}>
            Clear selection
          </Button>
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">
          <ActionMenu
            label="Set status"
            disabled={bulk.isPending}
            options={bulkStatuses.map((status) => ({ value: status, label: statusLabels[status] }))}
            onPick={(value) => {
              const status = value as ContactStatus;
              run({ type: 'setStatus', status }, (n) => `${nContacts(n)} set to ${statusLabels[status]}`);
            }}
          />
          <ActionMenu
            label="Add tag"
            disabled={bulk.isPending}
            options={tagOptions}
            onPick={(value) =>
              run(
                { type: 'addTag', tagId: Number(value) },
                (n) => `Tag ${tagName(value)} added to ${nContacts(n)}`,
              )
            }
          />
          <ActionMenu
            label="Remove tag"
            disabled={bulk.isPending}
            options={tagOptions}
            onPick={(value) =>
              run(
                { type: 'removeTag', tagId: Number(value) },
                (n) => `Tag ${tagName(value)} removed from ${nContacts(n)}`,
              )
            }
          />
          <ConfirmDialog
            title={`Delete ${nContacts(count)}?`}
            description={bulkDeleteText(count)}
            confirmLabel={count === 1 ? 'Delete contact' : 'Delete contacts'}
            onConfirm={() => run({ type: 'delete' }, (n) => `${nContacts(n)} deleted`)}
            trigger={
              <Button variant="destructive" size="sm" disabled={bulk.isPending}>
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            }
          />
        </div>
      </div>
    </section>
  );
}
