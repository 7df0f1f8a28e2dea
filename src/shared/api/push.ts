import { z } from 'zod';
import { idParams } from '../ids.ts';
import {
  pushDeviceSchema,
  pushKeySchema,
  pushSettingsSchema,
  pushSettingsUpdateSchema,
  pushSubscribeSchema,
  pushUnsubscribeSchema,
} from '../push.ts';
import { errors, noContent } from '../responses.ts';
import { endpoint } from './endpoint.ts';
import { pushRoutes as routes } from './push-routes.ts';

const refusedEndpoint =
  'The endpoint is not an https:// URL, its keys are not valid, or (without WEBHOOK_ALLOW_PRIVATE) its host is or resolves to a loopback, private, link-local or metadata address.';

/**
 * Push notifications to the owner's devices (decision 071); the admin session only: a token
 * cannot add a device that would receive the leads' names.
 */
export const pushEndpoints = {
  getPushKey: endpoint(routes.getPushKey, {
    summary: 'The VAPID public key devices subscribe with',
    description: 'Made once and kept in the database, so every instance signs with the same key.',
    response: { 200: pushKeySchema },
  }),
  listPushDevices: endpoint(routes.listPushDevices, {
    summary: 'The devices that receive notifications, oldest first',
    response: { 200: z.array(pushDeviceSchema) },
  }),
  subscribePush: endpoint(routes.subscribePush, {
    summary: 'Turn notifications on for this device',
    description:
      "The body is the browser's `PushSubscription.toJSON()`. The same endpoint again updates its keys.",
    body: pushSubscribeSchema,
    response: { 201: pushDeviceSchema, ...errors({ 400: refusedEndpoint }) },
  }),
  unsubscribePush: endpoint(routes.unsubscribePush, {
    summary: 'Turn notifications off for this device (by its endpoint)',
    body: pushUnsubscribeSchema,
    response: { 204: noContent, ...errors({ 404: 'No device with this endpoint.' }) },
  }),
  removePushDevice: endpoint(routes.removePushDevice, {
    summary: 'Remove a device and the notifications queued for it',
    params: idParams,
    response: { 204: noContent, ...errors({ 404: 'No such device.' }) },
  }),
  getPushSettings: endpoint(routes.getPushSettings, {
    summary: 'Which events are pushed',
    response: { 200: pushSettingsSchema },
  }),
  updatePushSettings: endpoint(routes.updatePushSettings, {
    summary: 'Choose which events are pushed (to every device)',
    body: pushSettingsUpdateSchema,
    response: { 200: pushSettingsSchema },
  }),
  testPush: endpoint(routes.testPush, {
    summary: 'Send a test notification to every device',
    response: { 202: z.object({ queued: z.number().int().describe('Devices it was queued for.') }) },
  }),
};
