import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactTagParams } from '../../../shared/ids.ts';
import { errors, noContent } from '../../../shared/responses.ts';
import { tagCreateSchema, tagSchema } from '../../../shared/tags.ts';
import { addContactTag, createTag, listTags, removeContactTag } from '../../tags/tag-operations.ts';

/** Tag routes (docs/product.md §6.4, including creation); mounted behind `requireAdmin`. */
export async function adminTagRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = contactTagParams;

  r.get('/tags', { schema: { summary: 'Every tag', response: { 200: z.array(tagSchema) } } }, async () =>
    listTags(app.db),
  );

  r.post(
    '/tags',
    {
      schema: {
        summary: 'Create a tag',
        body: tagCreateSchema,
        response: { 201: tagSchema, ...errors({ 409: 'A tag with this name exists.' }) },
      },
    },
    async (request, reply) => reply.code(201).send(await createTag(app.db, request.body)),
  );

  r.post(
    '/contacts/:id/tags/:tagId',
    {
      schema: {
        summary: 'Tag a contact',
        params,
        response: { 204: noContent, ...errors({ 404: 'No such contact or tag.' }) },
      },
    },
    async (request, reply) => {
      await addContactTag(app.db, request.params.id, request.params.tagId);
      return reply.code(204).send();
    },
  );

  r.delete(
    '/contacts/:id/tags/:tagId',
    {
      schema: {
        summary: 'Remove a tag from a contact',
        params,
        response: { 204: noContent, ...errors({ 404: 'No such contact or tag.' }) },
      },
    },
    async (request, reply) => {
      await removeContactTag(app.db, request.params.id, request.params.tagId);
      return reply.code(204).send();
    },
  );
}
