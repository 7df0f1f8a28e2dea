import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route reads no request value into the database or a response (the admin page shell
     * matches the raw path): a NUL there is just an unknown path, its own handler's 404.
     */
    ignoresNul?: boolean;
  }
}

/**
 * Refuses any request whose path parameters, query or body carry a NUL character (U+0000) in a
 * text value, with a 400 in the app's validation shape: `{ error, details: { fieldErrors: { <field>:
 * [message] } } }`. PostgreSQL text cannot hold NUL, so such a value would otherwise fail its
 * query as a 500. One hook for every route, so no schema can forget it.
 */
export function rejectNulCharacters(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.ignoresNul) return;
    const field =
      findNul(request.params, 'params') ??
      findNul(request.query, 'querystring') ??
      findNul(request.body, 'body');
    if (field === null) return;
    // The path is made of the sender's keys: keep the message short whatever they sent.
    const name = field.length > 100 ? `${field.slice(0, 100)}…` : field;
    const message = `${name} must not contain NUL characters (U+0000).`;
    throw new HttpError(400, message, { fieldErrors: { [name]: [message] } });
  });
}

/**
 * The dotted path (`notes`, `tasks.0.title`) of the first string holding NUL in `value`, `where`
 * when `value` itself is such a string, or null. Walks with its own stack: a deeply nested body
 * must not overflow the call stack.
 */
function findNul(value: unknown, where: string): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path || where;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) stack.push([child, path ? `${path}.${key}` : key]);
    }
  }
  return null;
}
