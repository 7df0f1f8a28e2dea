import { WEBHOOK_TEST_EVENT } from '../../shared/webhooks.ts';

/** An event as the outbox holds it. */
export interface QueuedEvent {
  type: string;
  payload: Record<string, unknown>;
  createdAt: Date;
}

/**
 * The JSON body of a Standard Webhooks delivery: `{ type, timestamp, data }` (the specification's
 * recommended envelope), `timestamp` the event's time in ISO 8601.
 */
export function standardBody(event: QueuedEvent): string {
  return JSON.stringify({ type: event.type, timestamp: event.createdAt.toISOString(), data: event.payload });
}

/** Slack's three control characters in message text (api.slack.com, 'Escaping text'). */
const slackEscape = (text: unknown) =>
  String(text ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

/**
 * A readable Slack message for an event (the 'Slack' format: an incoming-webhook URL takes
 * `{ "text": … }`), with a link to the admin screen when the event has one.
 */
export function slackBody(event: QueuedEvent): string {
  const d = event.payload;
  const name = slackEscape(d.name);
  const lines: Record<string, string> = {
    'lead.created': `New lead: ${name}`,
    'contact.status_changed': `${name} is now ${slackEscape(d.status)}`,
    'reply.received': `Reply from ${name}`,
    'client.created': `New client: ${name}`,
    'campaign.sent': `Campaign sent: ${name} (${slackEscape(d.sent)} sent, ${slackEscape(d.failed)} failed)`,
    'contact.erased': `Contact ${slackEscape(d.id)} was erased`,
    [WEBHOOK_TEST_EVENT]: 'Test message: this Slack channel receives the CRM’s events.',
  };
  const line = lines[event.type] ?? slackEscape(event.type);
  const url = typeof d.url === 'string' ? d.url : undefined;
  return JSON.stringify({ text: url ? `${line} <${url}|Open>` : line });
}
