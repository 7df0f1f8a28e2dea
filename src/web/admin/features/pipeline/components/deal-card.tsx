import { Pencil } from 'lucide-react';
import * as React from 'react';
import type { Contact } from '@/shared/contacts';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { toast } from '@/web/hooks/use-toast';
import { formatMoney, minorPerMajor, parseMoney } from '@/web/lib/format-money';
import { toastFailure } from '@/web/lib/toast-failure';
import { useUpdateContact } from '../../contacts';

const monthFormat = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** An expected close date (YYYY-MM-DD) as 'March 2027'. */
export function formatCloseMonth(date: string): string {
  return monthFormat.format(new Date(`${date}T00:00:00Z`));
}

/**
 * 'Deal' on the contact detail (decision 063): the deal value in `currency` and the expected close
 * month; 'Edit' opens the two inputs with Save and Cancel (blank clears). Saved through
 * PATCH /api/admin/contacts/{id} as minor units and the month's first day.
 */
export function DealCard({
  contact,
  currency,
}: {
  contact: Pick<Contact, 'id' | 'dealValue' | 'expectedCloseOn'>;
  currency: string;
}) {
  const id = React.useId();
  const update = useUpdateContact();
  const [editing, setEditing] = React.useState(false);
  const [value, setValue] = React.useState('');
  const [month, setMonth] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);

  const start = () => {
    setValue(contact.dealValue === null ? '' : String(contact.dealValue / minorPerMajor(currency)));
    setMonth(contact.expectedCloseOn?.slice(0, 7) ?? '');
    setError(null);
    setEditing(true);
  };
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const dealValue = parseMoney(value, currency);
    if (dealValue === undefined) return setError(`Enter an amount in ${currency}, e.g. 1250 or 1250.50.`);
    if (month && !/^\d{4}-\d{2}$/.test(month)) return setError('Choose a month.');
    update.mutate(
      { contactId: contact.id, changes: { dealValue, expectedCloseOn: month ? `${month}-01` : null } },
      {
        onSuccess: () => {
          toast({ title: 'Deal updated' });
          setEditing(false);
        },
        onError: (e) => toastFailure(e, 'Failed to update the deal.'),
      },
    );
  };

  return (
    <Card className="gap-4">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle as="h2">Deal</CardTitle>
        {editing ? null : (
          <Button variant="ghost" size="sm" aria-label="Edit deal" onClick={start}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {editing ? (
          <form noValidate onSubmit={save} className="grid gap-3" aria-label="Edit deal">
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-value`}>{`Deal value (${currency})`}</Label>
              <Input
                id={`${id}-value`}
                inputMode="decimal"
                autoComplete="off"
                value={value}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(e) => setValue(e.target.value)}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-month`}>Expected close</Label>
              <Input
                id={`${id}-month`}
                type="month"
                value={month}
                onChange={(e) => setMonth(e.target.value)}
              />
            </div>
            {error ? (
              <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" size="sm" onClick={() => setEditing(false)}>
                Cancel
              </Button>
              <Button type="submit" size="sm" disabled={update.isPending}>
                Save
              </Button>
            </div>
          </form>
        ) : (
          <dl className="grid gap-3 text-sm">
            <div className="grid gap-1">
              <dt className="text-muted-foreground">Deal value</dt>
              <dd>{contact.dealValue === null ? 'Not set' : formatMoney(contact.dealValue, currency)}</dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-muted-foreground">Expected close</dt>
              <dd>{contact.expectedCloseOn ? formatCloseMonth(contact.expectedCloseOn) : 'Not set'}</dd>
            </div>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
