import { z } from 'zod';
import { rowId } from './ids.ts';

/**
 * The events the owner can be notified of on a device (decision 071): a new lead (not held as
 * spam), a reply imported into a thread, held spam (at most one notification a day) and the day's
 * due tasks (with the morning task reminder).
 */
export const pushEventTypes = ['lead.created', 'reply.received', 'spam.held', 'task.due'] as const;
export type PushEventType = (typeof pushEventTypes)[number];

/** The events' labels in the admin. */
export const pushEventLabels: Record<PushEventType, { label: string; hint: string }> = {
  'lead.created': { label: 'New lead', hint: 'Someone sent the contact form.' },
  'reply.received': { label: 'Reply', hint: 'A contact answered one of your emails.' },
  'spam.held': { label: 'Held as spam', hint: 'At most one notification a day.' },
  'task.due': { label: 'Tasks due', hint: 'With the morning reminder: how many tasks are due today.' },
};

/** What a push message carries (JSON, encrypted for the device): a title and the screen to open. */
export interface PushPayload {
  title: string;
  /** An admin path ('/admin/contacts/12'), opened when the notification is clicked. */
  url: string;
  /** Notifications with the same tag replace each other on the device. */
  tag: string;
}

// base64url of a P-256 public key (65 bytes, uncompressed: 87 characters) and a 16-byte secret.
const base64url = (label: string, length: number) =>
  z
    .string({ error: `${label} is required` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${label} must be base64url.`)
    .transform((v) => v.replace(/=+$/, ''))
    .refine((v) => v.length === length, `${label} has the wrong length.`);

/** A push service's URL: https, no user name or password, at most 2000 characters. */
const pushEndpoint = z
  .string({ error: 'Endpoint is required' })
  .max(2000, 'Endpoint must be at most 2000 characters.')
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'https:' && u.username === '' && u.password === '';
    } catch {
      return false;
    }
  }, 'Endpoint must be an https:// address of a push service.');

/** POST /api/admin/push/subscriptions: the browser's `PushSubscription.toJSON()`. */
export const pushSubscribeSchema = z.object({
  endpoint: pushEndpoint,
  expirationTime: z.number().nullish(),
  keys: z.object(
    {
      p256dh: base64url('keys.p256dh', 87).refine(
        (v) => v.startsWith('B'),
        'keys.p256dh is not a P-256 key.',
      ),
      auth: base64url('keys.auth', 22),
    },
    { error: 'keys is required' },
  ),
});
export type PushSubscribe = z.infer<typeof pushSubscribeSchema>;

/** DELETE /api/admin/push/subscriptions: this device turns notifications off. */
export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpoint });

/** A device that receives notifications, as listed. */
export const pushDeviceSchema = z
  .object({
    id: rowId,
    endpoint: z.string().describe("The push service's URL (the admin marks 'This device' with it)."),
    browser: z.string().describe("From the user agent: 'Chrome 131 on Android'."),
    createdAt: z.string().describe('ISO 8601.'),
    lastSentAt: z.string().nullable().describe('ISO 8601; null: nothing sent yet.'),
  })
  .meta({ id: 'PushDevice' });
export type PushDevice = z.infer<typeof pushDeviceSchema>;

/** The VAPID public key a browser subscribes with (`applicationServerKey`). */
export const pushKeySchema = z
  .object({ publicKey: z.string().describe('base64url, an uncompressed P-256 point (RFC 8292).') })
  .meta({ id: 'PushKey' });

/** Which events are pushed (to every device). */
export const pushSettingsSchema = z
  .object({ events: z.array(z.enum(pushEventTypes)).describe('The events pushed, in a fixed order.') })
  .meta({ id: 'PushSettings' });
export type PushSettings = z.infer<typeof pushSettingsSchema>;

/** PUT /api/admin/push/settings: the events to push (none turns every notification off). */
export const pushSettingsUpdateSchema = z.object({
  events: z
    .array(z.enum(pushEventTypes, { error: 'Unknown event.' }), { error: 'Events must be a list.' })
    .max(pushEventTypes.length)
    .transform((list) => [...new Set(list)]),
});
