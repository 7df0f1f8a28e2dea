import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tagEndpoints as api } from '../../../shared/api/tags.ts';
import { addContactTag, createTag, listTags, removeContactTag } from '../../tags/tag-operations.ts';
import { serveEndpoint } from '../serve-endpoint.ts';

/** Tag routes (docs/product.md §6.4, including creation); mounted behind `requireAdmin`. */
export async function adminTagRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({ ...serveEndpoint(r, api.listTags), handler: async () => listTags(app.db) });

  r.route({
    ...serveEndpoint(r, api.createTag),
    handler: async (request, reply) => reply.code(201).send(await createTag(app.db, request.body)),
  });

  r.route({
    ...serveEndpoint(r, api.tagContact),
    handler: async (request, reply) => {
      await addContactTag(app.db, request.params.id, request.params.tagId);
      return reply.code(204).send();
    },
  });

  r.route({
    ...serveEndpoint(r, api.untagContact),
    handler: async (request, reply) => {
      await removeContactTag(app.db, request.params.id, request.params.tagId);
      return reply.code(204).send();
    },
  });
}
