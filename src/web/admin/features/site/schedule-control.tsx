import { CalendarClock } from 'lucide-react';
import * as React from 'react';
import type { SiteState } from '@/shared/api/site';
import { Button } from '@/web/components/ui/button';
import { FieldError } from '@/web/components/ui/field-error';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { toast } from '@/web/hooks/use-toast';
import { callApi } from '@/web/lib/api-client';
import { formatDateTime } from '@/web/lib/format-date';
import { toastFailure } from '@/web/lib/toast-failure';

/** How often the screen looks whether a scheduled publish has happened (ms). */
const WATCH_MS = 5000;

/** `date` as a `datetime-local` value in the browser's time zone (minutes). */
function localInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * 'Publish at' (decision 069): a date and time at which the draft, as it is then, goes live —
 * published by the server's worker on whichever instance sees it first, so the browser may be
 * closed. Set, it shows the time and 'Cancel scheduled publish'; while set, the screen checks
 * every few seconds and reports the publish (`onPublished`) with the site's new state.
 */
export function ScheduleControl({
  publishAt,
  onChange,
  beforeSchedule,
  onPublished,
}: {
  publishAt: string | null;
  onChange: (publishAt: string | null) => void;
  /** Saves the draft first; false when it cannot be saved. */
  beforeSchedule: () => Promise<boolean>;
  onPublished: (state: SiteState) => void;
}) {
  const [value, setValue] = React.useState(() => localInput(new Date(Date.now() + 3_600_000)));
  const [error, setError] = React.useState<string>();
  const [pending, setPending] = React.useState(false);
  const onPublishedRef = React.useRef(onPublished);
  onPublishedRef.current = onPublished;

  React.useEffect(() => {
    if (!publishAt) return;
    const timer = window.setInterval(() => {
      callApi('getSiteContent').then(
        (state) => {
          if (state.publishAt !== publishAt) onPublishedRef.current(state);
        },
        () => {}, // A missed check is tried again on the next tick.
      );
    }, WATCH_MS);
    return () => window.clearInterval(timer);
  }, [publishAt]);

  const schedule = async (event: React.FormEvent) => {
    event.preventDefault();
    const at = new Date(value);
    if (!value || Number.isNaN(at.getTime()) || at.getTime() <= Date.now()) {
      setError('Choose a time in the future.');
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      if (!(await beforeSchedule())) {
        toast({ variant: 'destructive', title: 'Not saved', description: 'Fix the marked fields first.' });
        return;
      }
      const answer = await callApi('scheduleSitePublish', { body: { publishAt: at.toISOString() } });
      onChange(answer.publishAt);
      toast({
        title: 'Publish scheduled',
        description: `The draft goes live at ${formatDateTime(answer.publishAt)}.`,
      });
    } catch (err) {
      toastFailure(err, 'Scheduling failed.');
    } finally {
      setPending(false);
    }
  };
  const cancel = async () => {
    setPending(true);
    try {
      await callApi('cancelSitePublish');
      onChange(null);
      toast({ title: 'Scheduled publish cancelled', description: 'The draft stays a draft.' });
    } catch (err) {
      toastFailure(err, 'Cancelling failed.');
    } finally {
      setPending(false);
    }
  };

  if (publishAt)
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-xl border border-brand-cyan/40 bg-brand-cyan/5 p-3 text-sm">
        <CalendarClock className="size-4 shrink-0 text-brand-cyan" aria-hidden="true" />
        <p data-testid="scheduled-publish" className="min-w-0 flex-1 basis-56">
          {`Publishes at ${formatDateTime(publishAt)}: the draft as it is then goes live.`}
        </p>
        <Button type="button" variant="outline" size="sm" disabled={pending} onClick={() => void cancel()}>
          Cancel scheduled publish
        </Button>
      </div>
    );
  return (
    <form onSubmit={schedule} className="flex flex-wrap items-end gap-2" aria-label="Publish at">
      <div className="grid gap-1">
        <Label htmlFor="publish-at">Publish at</Label>
        <Input
          id="publish-at"
          type="datetime-local"
          className="w-auto"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'publish-at-error' : undefined}
          onChange={(e) => setValue(e.target.value)}
        />
      </div>
      <Button type="submit" variant="outline" disabled={pending}>
        <CalendarClock aria-hidden="true" />
        Schedule
      </Button>
      <FieldError id="publish-at-error" className="basis-full">
        {error}
      </FieldError>
    </form>
  );
}
