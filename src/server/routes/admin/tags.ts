import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tagCreateSchema } from '../../../shared/tags.ts';
import { addContactTag, createTag, listTags, removeContactTag } from '../../tags/tag-operations.ts';
import { contactTagParams, errorSchema, noContent, tagSchema } from './schemas.ts';

/** Tag routes (spec §7 tags; DESIGN §3 adds creation); mounted behind `requireAdmin`. */
export async function adminTagRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = contactTagParams;

  r.get('/tags', { schema: { response: { 200: z.array(tagSchema) } } }, async () => listTags(app.db));

  r.post(
    '/tags',
    { schema: { body: tagCreateSchema, response: { 201: tagSchema, '4xx': errorSchema } } },
    async (request, reply) => reply.code(201).send(await createTag(app.db, request.body)),
  );

  r.post(
    '/contacts/:id/tags/:tagId',
    { schema: { params, response: { 204: noContent, '4xx': errorSchema } } },
    async (request, reply) => {
      await addContactTag(app.db, request.params.id, request.params.tagId);
      return reply.code(204).send();
    },
  );

  r.delete(
    '/contacts/:id/tags/:tagId',
    { schema: { params, response: { 204: noContent, '4xx': errorSchema } } },
    async (request, reply) => {
      await removeContactTag(app.db, request.params.id, request.params.tagId);
      return reply.code(204).send();
    },
  );
}
