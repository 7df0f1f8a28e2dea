import { z } from 'zod';

/** GET /healthz: the process runs. */
export const livenessSchema = z.object({ status: z.literal('ok') });

/** GET /readyz: the database answers; `database` names which kind. */
export const readinessSchema = z.object({
  status: z.literal('ready'),
  database: z.enum(['pglite', 'postgres']),
});

/** GET /api/openapi.json: an OpenAPI 3.1 document (https://spec.openapis.org/oas/v3.1.0). */
export const openApiDocumentSchema = z
  .looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }) })
  .describe('The OpenAPI 3.1 document of this API.');
export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;
