import { z } from 'zod';
import { rowId } from './ids.ts';

/**
 * The events an outgoing webhook can subscribe to (decision 066). `contact.erased` carries the
 * contact's id only.
 */
export const webhookEventTypes = [
  'lead.created',
  'contact.status_changed',
  'reply.received',
  'client.created',
  'campaign.sent',
  'contact.erased',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** The event a 'Send test' delivers (to that endpoint only; never subscribed to). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** How an endpoint receives events: signed JSON (Standard Webhooks) or a Slack message. */
export const webhookFormats = ['standard', 'slack'] as const;
export type WebhookFormat = (typeof webhookFormats)[number];

const webhookUrl = z
  .string({ error: 'URL is required' })
  .trim()
  .min(1, 'URL is required')
  .max(2000, 'URL must be at most 2000 characters.')
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && u.username === '' && u.password === '';
    } catch {
      return false;
    }
  }, 'URL must be an http:// or https:// address without a user name or password.');

const description = z
  .string()
  .trim()
  .max(200, 'Description must be at most 200 characters.')
  .transform((v) => v || null)
  .nullish();

const events = z
  .array(z.enum(webhookEventTypes, { error: 'Unknown event.' }), { error: 'Events must be a list.' })
  .min(1, 'Choose at least one event.')
  .max(webhookEventTypes.length)
  .transform((list) => [...new Set(list)]);

/** POST /api/admin/webhooks. */
export const webhookCreateSchema = z.object({
  url: webhookUrl,
  description,
  events,
  format: z.enum(webhookFormats, { error: "Format must be 'standard' or 'slack'." }).default('standard'),
});
export type WebhookCreate = z.infer<typeof webhookCreateSchema>;

/** PATCH /api/admin/webhooks/{id}: any of the fields, and `enabled`. */
export const webhookUpdateSchema = z
  .object({
    url: webhookUrl.optional(),
    description,
    events: events.optional(),
    format: z.enum(webhookFormats, { error: "Format must be 'standard' or 'slack'." }).optional(),
    enabled: z.boolean({ error: 'Enabled must be true or false.' }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to change.');
export type WebhookUpdate = z.infer<typeof webhookUpdateSchema>;

/** An endpoint as listed (the secret is shown once, when made). */
export const webhookEndpointSchema = z
  .object({
    id: rowId,
    url: z.string(),
    description: z.string().nullable(),
    events: z.array(z.string()),
    format: z.enum(webhookFormats),
    enabled: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer of POST /api/admin/webhooks: the endpoint and its signing secret, shown this once. */
export const webhookEndpointCreatedSchema = webhookEndpointSchema
  .extend({
    secret: z
      .string()
      .describe('The `whsec_…` secret the signatures are made with (Standard Webhooks); shown this once.'),
  })
  .meta({ id: 'WebhookEndpointCreated' });

/** One delivery in an endpoint's log. */
export const webhookDeliverySchema = z
  .object({
    id: rowId,
    event: z.string(),
    createdAt: z.string().describe('When the event happened (ISO 8601).'),
    status: z.enum(['pending', 'sending', 'delivered', 'failed']),
    attempts: z.number().int(),
    statusCode: z.number().int().nullable().describe("The receiver's last HTTP status; null: no answer."),
    durationMs: z.number().int().nullable(),
    error: z.string().nullable().describe('Why the last attempt failed.'),
    lastAttemptAt: z.string().nullable(),
    nextAttemptAt: z.string().nullable().describe('While pending: when it is tried next.'),
    body: z.string().describe('The JSON body sent (emptied when the contact is erased).'),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
