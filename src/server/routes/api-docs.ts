import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminPaths } from '../../shared/admin-paths.ts';
import { type OpenApiDocument, openApiDocumentSchema } from '../../shared/health.ts';
import { HttpError } from '../http-error.ts';
import { guardWithSession } from '../plugins/session.ts';

/** Where the API reference page lives. */
export const API_DOCS_PATH = '/api/docs';

/**
 * The API's own description (decision 021), for the signed-in admin only:
 * `GET /api/openapi.json` is the OpenAPI 3.1 document that @fastify/swagger builds from the routes'
 * zod schemas (`src/server/plugins/api-contract.ts`), and `/api/docs` is the reference page
 * (@fastify/swagger-ui, served from this origin so the site's CSP holds). Signed out, the page
 * redirects to the sign-in screen and everything else answers 401.
 */
export async function apiDocsRoutes(app: FastifyInstance) {
  await app.register(async (docs) => {
    guardWithSession(docs);
    docs.withTypeProvider<ZodTypeProvider>().get(
      '/api/openapi.json',
      {
        schema: {
          summary: 'This document (OpenAPI 3.1)',
          response: { 200: openApiDocumentSchema },
        },
      },
      // openapi-types' Document has no index signature; it is the loose object the schema says.
      async (_request, reply) =>
        reply.header('cache-control', 'no-store').send(app.swagger() as unknown as OpenApiDocument),
    );
  });

  await app.register(async (page) => {
    page.addHook('onRequest', async (request, reply) => {
      if (await request.adminSession()) return;
      const path = request.url.split('?', 1)[0];
      if (path === API_DOCS_PATH || path === `${API_DOCS_PATH}/`) {
        return reply.redirect(adminPaths.login, 303);
      }
      throw new HttpError(401, 'Please sign in.');
    });
    await page.register(swaggerUi, {
      routePrefix: API_DOCS_PATH,
      uiConfig: {
        docExpansion: 'list',
        deepLinking: true,
        defaultModelsExpandDepth: 0,
        displayRequestDuration: true,
        tryItOutEnabled: false,
      },
      theme: { title: `API reference · ${app.config.site.name}` },
    });
  });
}
