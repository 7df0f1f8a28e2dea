import { History, RotateCcw, Send, Trash2, Webhook } from 'lucide-react';
import * as React from 'react';
import { type WebhookEndpoint, type WebhookFormat, webhookEventTypes } from '@/shared/webhooks';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { NativeSelect } from '@/web/components/ui/native-select';
import { toast } from '@/web/hooks/use-toast';
import { formatDateTime } from '@/web/lib/format-date';
import { toastFailure } from '@/web/lib/toast-failure';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { InlineError, InlineLoading } from '../../components/query-state';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useDeliveries,
  useResendDelivery,
  useTestWebhook,
  useUpdateWebhook,
  useWebhooks,
} from './integrations-api';
import { ShownOnce } from './shown-once';

const statusBadge = {
  delivered: 'green',
  failed: 'destructive',
  pending: 'yellow',
  sending: 'blue',
} as const;

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const deliveries = useDeliveries(endpoint.id, true);
  const resend = useResendDelivery();
  if (deliveries.isError)
    return <InlineError error={deliveries.error} fallback="Failed to load the deliveries." />;
  if (deliveries.isPending) return <InlineLoading />;
  if (deliveries.data.length === 0)
    return <p className="text-sm text-muted-foreground">No deliveries yet.</p>;
  return (
    <ul aria-label={`Deliveries to ${endpoint.url}`} className="grid gap-1.5">
      {deliveries.data.map((d) => (
        <li
          key={d.id}
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-black/20 px-3 py-2 text-xs"
        >
          <time dateTime={d.createdAt}>{formatDateTime(d.createdAt)}</time>
          <span className="font-mono">{d.event}</span>
          <Badge variant={statusBadge[d.status]}>{d.status}</Badge>
          <span>{d.statusCode === null ? 'no answer' : `HTTP ${d.statusCode}`}</span>
          <span>{d.durationMs === null ? '' : `${d.durationMs} ms`}</span>
          <span>
            {d.attempts} {d.attempts === 1 ? 'attempt' : 'attempts'}
          </span>
          {d.error ? (
            <span className="basis-full text-muted-foreground [overflow-wrap:anywhere]">{d.error}</span>
          ) : null}
          <Button
            type="button"
            size="sm"
            variant="ghost"
            className="ml-auto"
            aria-label={`Resend ${d.event} of ${formatDateTime(d.createdAt)}`}
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(
                { id: endpoint.id, deliveryId: d.id },
                {
                  onSuccess: () => toast({ title: 'Delivery queued again' }),
                  onError: (e) => toastFailure(e, 'Failed to resend.'),
                },
              )
            }
          >
            <RotateCcw aria-hidden="true" />
            Resend
          </Button>
        </li>
      ))}
    </ul>
  );
}

function EndpointRow({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [showLog, setShowLog] = React.useState(false);
  const test = useTestWebhook();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  return (
    <li className="grid gap-3 rounded-xl border border-white/10 bg-white/5 p-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="font-mono text-sm break-all">{endpoint.url}</span>
          {endpoint.format === 'slack' ? <Badge variant="purple">Slack</Badge> : null}
          {endpoint.enabled ? null : <Badge variant="grey">Off</Badge>}
        </p>
        {endpoint.description ? (
          <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]" dir="auto">
            {endpoint.description}
          </p>
        ) : null}
        <p className="text-xs text-muted-foreground">{endpoint.events.join(', ')}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={test.isPending}
          onClick={() =>
            test.mutate(endpoint.id, {
              onSuccess: () => {
                setShowLog(true);
                toast({ title: 'Test event queued' });
              },
              onError: (e) => toastFailure(e, 'Failed to send the test.'),
            })
          }
        >
          <Send aria-hidden="true" />
          Send test
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          aria-expanded={showLog}
          onClick={() => setShowLog((v) => !v)}
        >
          <History aria-hidden="true" />
          {showLog ? 'Hide deliveries' : 'Deliveries'}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          disabled={update.isPending}
          onClick={() =>
            update.mutate(
              { id: endpoint.id, body: { enabled: !endpoint.enabled } },
              {
                onSuccess: (e) => toast({ title: e.enabled ? 'Endpoint turned on' : 'Endpoint turned off' }),
                onError: (e) => toastFailure(e, 'Failed to change the endpoint.'),
              },
            )
          }
        >
          {endpoint.enabled ? 'Turn off' : 'Turn on'}
        </Button>
        <ConfirmDialog
          trigger={
            <Button type="button" size="sm" variant="ghost" aria-label={`Delete ${endpoint.url}`}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          }
          title="Delete this endpoint?"
          description="It receives no more events, and its delivery log is deleted. This cannot be undone."
          onConfirm={() =>
            remove.mutate(endpoint.id, {
              onSuccess: () => toast({ title: 'Endpoint deleted' }),
              onError: (e) => toastFailure(e, 'Failed to delete the endpoint.'),
            })
          }
        />
      </div>
      {showLog ? <DeliveryLog endpoint={endpoint} /> : null}
    </li>
  );
}

/**
 * Outgoing webhooks (decision 066): the endpoints with Send test, their delivery log with Resend,
 * on/off and Delete (after a confirmation), and a form that adds one and shows its signing secret once.
 */
export function WebhooksCard() {
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const [secret, setSecret] = React.useState<string | null>(null);
  const [errors, setErrors] = React.useState<{ url?: string; events?: string }>({});

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const url = String(form.get('url') ?? '').trim();
    const events = form.getAll('events').map(String) as WebhookEndpoint['events'];
    const next: typeof errors = {};
    if (!url) next.url = 'URL is required';
    if (events.length === 0) next.events = 'Choose at least one event.';
    setErrors(next);
    if (next.url || next.events) return;
    const target = event.currentTarget;
    create.mutate(
      {
        url,
        description: String(form.get('description') ?? '') || null,
        events: events as (typeof webhookEventTypes)[number][],
        format: String(form.get('format')) as WebhookFormat,
      },
      {
        onSuccess: (made) => {
          setSecret(made.format === 'slack' ? null : made.secret);
          target.reset();
          toast({ title: 'Endpoint added' });
        },
        onError: (e) => toastFailure(e, 'Failed to add the endpoint.'),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Webhook className="size-5 text-brand-cyan" aria-hidden="true" />
          Webhooks
        </CardTitle>
        <CardDescription>
          Each event is posted as signed JSON (Standard Webhooks), or as a message to a Slack incoming-webhook
          URL. Failed deliveries are retried for 24 hours.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {secret ? <ShownOnce label="Signing secret" value={secret} onDone={() => setSecret(null)} /> : null}
        <form onSubmit={onSubmit} aria-label="New webhook endpoint" className="grid gap-3" noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor="webhook-url">URL</Label>
            <Input
              id="webhook-url"
              name="url"
              type="url"
              inputMode="url"
              maxLength={2000}
              placeholder="https://hooks.slack.com/services/…"
              aria-invalid={errors.url ? true : undefined}
              aria-describedby={errors.url ? 'webhook-url-error' : undefined}
            />
            {errors.url ? (
              <p id="webhook-url-error" className="text-sm text-destructive">
                {errors.url}
              </p>
            ) : null}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="webhook-description">Description (optional)</Label>
            <Input id="webhook-description" name="description" maxLength={200} dir="auto" />
          </div>
          <fieldset
            className="grid gap-1.5"
            aria-describedby={errors.events ? 'webhook-events-error' : undefined}
          >
            <legend className="mb-1 text-sm font-medium">Events</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {webhookEventTypes.map((type) => (
                <label
                  key={type}
                  htmlFor={`webhook-event-${type}`}
                  className="flex items-center gap-2 text-sm"
                >
                  <Checkbox
                    id={`webhook-event-${type}`}
                    name="events"
                    value={type}
                    defaultChecked={type === 'lead.created'}
                  />
                  <span className="font-mono">{type}</span>
                </label>
              ))}
            </div>
            {errors.events ? (
              <p id="webhook-events-error" className="text-sm text-destructive">
                {errors.events}
              </p>
            ) : null}
          </fieldset>
          <div className="grid gap-1.5 sm:max-w-xs">
            <Label htmlFor="webhook-format">Format</Label>
            <NativeSelect id="webhook-format" name="format" defaultValue="standard">
              <option value="standard">Signed JSON</option>
              <option value="slack">Slack</option>
            </NativeSelect>
          </div>
          <Button type="submit" className="justify-self-start" disabled={create.isPending}>
            Add endpoint
          </Button>
        </form>
        {webhooks.isError ? (
          <InlineError error={webhooks.error} fallback="Failed to load the webhooks." />
        ) : null}
        {webhooks.isPending ? <InlineLoading /> : null}
        {webhooks.data ? (
          webhooks.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">No endpoints yet.</p>
          ) : (
            <ul aria-label="Webhook endpoints" className="grid gap-2">
              {webhooks.data.map((e) => (
                <EndpointRow key={e.id} endpoint={e} />
              ))}
            </ul>
          )
        ) : null}
      </CardContent>
    </Card>
  );
}
