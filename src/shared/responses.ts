import { z } from 'zod';

/**
 * The one error body of the API (docs/product.md §12.1, decision 003): every refusal, whatever its
 * status, is `{ "error": "<human message>", "details"?: … }`. A 400 from validation carries
 * `details.fieldErrors` (`{ <field>: [message, …] }`), naming every bad field.
 */
export const errorSchema = z
  .object({
    error: z.string().describe('A human message, shown to the admin as it is.'),
    details: z
      .unknown()
      .optional()
      .describe('On a 400 from validation: `{ fieldErrors: { <field>: [message, …] } }`.'),
  })
  .meta({ id: 'Error', description: 'Every error of the API.' });
export type ApiError = z.infer<typeof errorSchema>;

/**
 * What each error status means in this API: the default description of that response in the
 * OpenAPI document. A route names its own meaning where it is narrower ('No such contact.').
 */
export const errorMeanings = {
  400: 'The input is not valid: a field breaks its rule (`details.fieldErrors` names each), a NUL character, or a body that is not JSON.',
  401: 'Not signed in (or, on a credentials call, the vault password header is missing).',
  403: 'Refused: a cross-site request, or a wrong vault password.',
  404: 'Not found.',
  409: 'Conflicts with the current state.',
  413: 'The request body is too large.',
  415: 'The request body is not JSON (Content-Type: application/json).',
  429: 'Too many requests: wait for the time the message and the Retry-After header give.',
  502: 'The mail provider refused or failed to take the message.',
  503: 'Not available: a setting or service this call needs is missing, or the database is briefly away (wait for the Retry-After header).',
} as const;
export type ErrorStatus = keyof typeof errorMeanings;

/** One error response of a route: the shared error body with what the status means there. */
export const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorSchema } },
});
export type ErrorResponse = ReturnType<typeof errorResponse>;

/**
 * The error responses a route adds to those every route of its kind has (see
 * `src/server/plugins/api-contract.ts`), e.g. `errors({ 404: 'No such contact.' })`.
 */
export function errors<const T extends Partial<Record<ErrorStatus, string>>>(
  meanings: T,
): { [K in keyof T]: ErrorResponse } {
  return Object.fromEntries(
    Object.entries(meanings).map(([status, text]) => [status, errorResponse(text as string)]),
  ) as { [K in keyof T]: ErrorResponse };
}

/** The empty answer of a successful DELETE or assignment (204). */
export const noContent = z.undefined().describe('Done; no body.');

/** A response that is an HTML page for a person (unsubscribe pages, the OAuth popup's end). */
export const htmlResponse = (description: string) => ({
  description,
  content: { 'text/html': { schema: z.string() } },
});

/** A redirect (302/303): no body; the `Location` header says where. */
export const redirectResponse = (description: string) => z.undefined().describe(description);
