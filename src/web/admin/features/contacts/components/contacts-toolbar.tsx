import { Search } from 'lucide-react';
import * as React from 'react';
import { type StoredContactStatus, storedContactStatuses } from '@/shared/contacts';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { NativeSelect } from '@/web/components/ui/native-select';

/**
 * The status filter's value: one status or 'all' (docs/product.md §6.1: default 'all'; every status but
 * spam), or 'spam', the quarantine (decision 037).
 */
export type StatusFilter = StoredContactStatus | 'all';

const statusLabels: Record<StatusFilter, string> = {
  all: 'All Status',
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  converted: 'Converted',
  lost: 'Lost',
  spam: 'Spam',
};

/** Search box and status filter of the contact list (docs/product.md §6.1). */
export function ContactsToolbar({
  search,
  onSearchChange,
  status,
  onStatusChange,
  spamCount,
}: {
  search: string;
  onSearchChange: (value: string) => void;
  status: StatusFilter;
  onStatusChange: (value: StatusFilter) => void;
  /** Contacts held as spam, shown with the 'Spam' option once known. */
  spamCount?: number;
}) {
  const id = React.useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="grid flex-1 gap-2">
        <Label htmlFor={`${id}-search`} className="sr-only">
          Search contacts
        </Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={`${id}-search`}
            type="search"
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
            placeholder="Search contacts..."
            className="pl-9"
          />
        </div>
      </div>
      <div className="grid gap-2 sm:w-48">
        <Label htmlFor={`${id}-status`} className="sr-only">
          Status
        </Label>
        <NativeSelect
          id={`${id}-status`}
          value={status}
          onChange={(event) => onStatusChange(event.target.value as StatusFilter)}
        >
          {(['all', ...storedContactStatuses] as const).map((value) => (
            <option key={value} value={value}>
              {value === 'spam' && spamCount !== undefined
                ? `${statusLabels[value]} (${spamCount.toLocaleString()})`
                : statusLabels[value]}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
