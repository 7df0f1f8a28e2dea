import { z } from 'zod';
import { idParams, webhookDeliveryParams } from '../ids.ts';
import { errors, noContent } from '../responses.ts';
import {
  webhookCreateSchema,
  webhookDeliverySchema,
  webhookEndpointCreatedSchema,
  webhookEndpointSchema,
  webhookUpdateSchema,
} from '../webhooks.ts';
import { endpoint } from './endpoint.ts';
import { webhookRoutes as routes } from './webhooks-routes.ts';

const refusedAddress =
  'The URL is not valid, or (without WEBHOOK_ALLOW_PRIVATE) its host is or resolves to a loopback, private, link-local or metadata address.';

/** Outgoing webhooks (decision 066): endpoints, their delivery log, test and resend. */
export const webhookEndpoints = {
  listWebhooks: endpoint(routes.listWebhooks, {
    summary: 'Every webhook endpoint',
    response: { 200: z.array(webhookEndpointSchema) },
  }),
  createWebhook: endpoint(routes.createWebhook, {
    summary: 'Add a webhook endpoint',
    description:
      'Each event is POSTed as JSON signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, ' +
      '`webhook-signature`); the answer carries the `whsec_` secret this once.',
    body: webhookCreateSchema,
    response: { 201: webhookEndpointCreatedSchema, ...errors({ 400: refusedAddress }) },
  }),
  updateWebhook: endpoint(routes.updateWebhook, {
    summary: 'Change a webhook endpoint (URL, events, description, format, enabled)',
    params: idParams,
    body: webhookUpdateSchema,
    response: { 200: webhookEndpointSchema, ...errors({ 400: refusedAddress, 404: 'No such endpoint.' }) },
  }),
  deleteWebhook: endpoint(routes.deleteWebhook, {
    summary: 'Remove a webhook endpoint and its delivery log',
    params: idParams,
    response: { 204: noContent, ...errors({ 404: 'No such endpoint.' }) },
  }),
  listWebhookDeliveries: endpoint(routes.listWebhookDeliveries, {
    summary: "An endpoint's delivery log, newest first (the last 100)",
    params: idParams,
    response: { 200: z.array(webhookDeliverySchema), ...errors({ 404: 'No such endpoint.' }) },
  }),
  testWebhook: endpoint(routes.testWebhook, {
    summary: 'Send a test event to an endpoint',
    params: idParams,
    response: { 202: webhookDeliverySchema, ...errors({ 404: 'No such endpoint.' }) },
  }),
  resendWebhookDelivery: endpoint(routes.resendWebhookDelivery, {
    summary: 'Send a logged delivery again (a new delivery of the same event)',
    params: webhookDeliveryParams,
    response: { 202: webhookDeliverySchema, ...errors({ 404: 'No such endpoint or delivery.' }) },
  }),
};
