import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http-error.ts';

/**
 * @fastify/rate-limit's error builder: a 429 in the app's `{ error }` shape. The plugin itself
 * sets `Retry-After` (seconds) on the reply.
 */
export function rateLimitError(_request: FastifyRequest, context: { after: string }) {
  return new HttpError(429, `Too many requests. Please try again in ${context.after}.`);
}
