import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '../http-error.ts';

/**
 * Every error leaves as `{ "error": "<human message>", "details"?: … }` with the right status
 * (DESIGN §3 'Responses'): 400 names the fields, 413 and 415 say what was wrong with the body,
 * 500 never shows internals. Unknown `/api` paths answer a JSON 404.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of err.validation) {
        const field =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || err.validationContext || 'body';
        const list = fieldErrors[field] ?? [];
        list.push(issue.message ?? 'Invalid value');
        fieldErrors[field] = list;
      }
      const first = err.validation[0];
      const message = first?.message ?? 'Invalid request';
      return reply.code(400).send({ error: message, details: { fieldErrors } });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
      return reply.code(500).send({ error: 'Internal server error' });
    }
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      return reply
        .code(err.statusCode)
        .send(
          err.details === undefined ? { error: err.message } : { error: err.message, details: err.details },
        );
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.code(status).send({ error: 'Internal server error' });
    }
    return reply.code(status).send({ error: friendlyMessage(err) });
  });
}

function friendlyMessage(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as JSON (Content-Type: application/json).';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.';
    default:
      return err.message;
  }
}
