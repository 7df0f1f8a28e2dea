import { ListChecks } from 'lucide-react';
import { type PushEventType, pushEventLabels, pushEventTypes } from '@/shared/push';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Checkbox } from '@/web/components/ui/checkbox';
import { toast } from '@/web/hooks/use-toast';
import { toastFailure } from '@/web/lib/toast-failure';
import { InlineError, InlineLoading } from '../../components/query-state';
import { usePushSettings, useSavePushSettings } from './notifications-api';

/** The events pushed to every device (decision 071), saved with the form's button. */
export function EventsCard() {
  const settings = usePushSettings();
  const save = useSavePushSettings();

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const events = new FormData(event.currentTarget).getAll('events').map(String) as PushEventType[];
    save.mutate(events, {
      onSuccess: () => toast({ title: 'Notification settings saved' }),
      onError: (error) => toastFailure(error, 'Failed to save the settings.'),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <ListChecks className="size-5 text-brand-cyan" aria-hidden="true" />
          Events
        </CardTitle>
        <CardDescription>What every device is notified of.</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isError ? (
          <InlineError error={settings.error} fallback="Failed to load the settings." />
        ) : null}
        {settings.isPending ? <InlineLoading /> : null}
        {settings.data ? (
          <form onSubmit={onSubmit} aria-label="Notification events" className="grid gap-4">
            <fieldset className="grid gap-3">
              <legend className="sr-only">Notify me of</legend>
              {pushEventTypes.map((type) => (
                <label key={type} htmlFor={`push-event-${type}`} className="flex items-start gap-3 text-sm">
                  <Checkbox
                    id={`push-event-${type}`}
                    name="events"
                    value={type}
                    defaultChecked={settings.data.events.includes(type)}
                    className="mt-0.5"
                    aria-describedby={`push-event-${type}-hint`}
                  />
                  <span className="grid gap-0.5">
                    <span className="font-medium">{pushEventLabels[type].label}</span>
                    <span id={`push-event-${type}-hint`} className="text-muted-foreground">
                      {pushEventLabels[type].hint}
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
            <Button type="submit" className="justify-self-start" disabled={save.isPending}>
              Save
            </Button>
          </form>
        ) : null}
      </CardContent>
    </Card>
  );
}
