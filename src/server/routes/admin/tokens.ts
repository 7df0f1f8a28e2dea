import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tokenEndpoints as api } from '../../../shared/api/tokens.ts';
import { createApiToken, listApiTokens, revokeApiToken } from '../../auth/api-tokens.ts';
import { serveEndpoint } from '../serve-endpoint.ts';

/** Personal API tokens (decision 065); mounted behind the session only, never a token. */
export async function adminTokenRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({ ...serveEndpoint(r, api.listTokens), handler: async () => listApiTokens(app.db) });

  r.route({
    ...serveEndpoint(r, api.createToken),
    handler: async (request, reply) => reply.code(201).send(await createApiToken(app.db, request.body)),
  });

  r.route({
    ...serveEndpoint(r, api.revokeToken),
    handler: async (request, reply) => {
      await revokeApiToken(app.db, request.params.id);
      return reply.code(204).send();
    },
  });
}
