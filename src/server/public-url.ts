import type { FastifyRequest } from 'fastify';
import type { AppConfig } from './config.ts';

/**
 * The site's public base URL without a trailing slash, for links in emails and OAuth redirects:
 * `APP_URL` when configured, else the scheme and host the request came in on (which honours
 * X-Forwarded-* only with TRUST_PROXY).
 */
export function publicUrl(config: AppConfig, request: FastifyRequest): string {
  return config.appUrl ?? `${request.protocol}://${request.host}`;
}
