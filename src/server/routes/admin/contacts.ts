import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contactListQuerySchema,
  contactMergeSchema,
  contactNotesUpdateSchema,
  contactPageQuerySchema,
  contactStatusUpdateSchema,
  sendEmailSchema,
} from '../../../shared/contacts.ts';
import { convertContactToClient } from '../../contacts/convert-contact-to-client.ts';
import { exportContactsCsv } from '../../contacts/export-contacts-csv.ts';
import { getContactDetail } from '../../contacts/get-contact-detail.ts';
import { listContactDuplicates } from '../../contacts/list-contact-duplicates.ts';
import { listContactMessages } from '../../contacts/list-contact-messages.ts';
import { listContacts } from '../../contacts/list-contacts.ts';
import { mergeContacts } from '../../contacts/merge-contacts.ts';
import { sendContactEmail } from '../../contacts/send-contact-email.ts';
import { updateContact } from '../../contacts/update-contact.ts';
import {
  clientSchema,
  contactMessageSchema,
  contactSchema,
  contactTaskSchema,
  errorSchema,
  idParams,
  tagSchema,
} from './schemas.ts';

const contactDetailSchema = z.object({
  contact: contactSchema,
  tags: z.array(tagSchema),
  tasks: z.array(contactTaskSchema),
});

/**
 * Admin contact routes (spec §7); mounted behind `requireAdmin`. The list answers a JSON array
 * (spec: "list of contacts"); with `limit` it is one page, and the `X-Next-Cursor` header carries
 * the cursor of the next one. `X-Total-Count` is the number of matches over all pages.
 */
export async function adminContactRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = idParams;

  r.get(
    '/contacts',
    {
      schema: {
        querystring: contactPageQuerySchema,
        response: { 200: z.array(contactSchema), '4xx': errorSchema },
      },
    },
    async (request, reply) => {
      const page = await listContacts(app.db, request.query);
      reply.header('x-total-count', String(page.total));
      if (page.nextCursor) reply.header('x-next-cursor', page.nextCursor);
      return page.contacts;
    },
  );

  r.get(
    '/contacts/export.csv',
    { schema: { querystring: contactListQuerySchema } },
    async (request, reply) => {
      const csv = exportContactsCsv(app.db, request.query);
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="contacts-${date}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  r.get(
    '/contacts/:id',
    { schema: { params, response: { 200: contactDetailSchema, '4xx': errorSchema } } },
    async (request) => getContactDetail(app.db, request.params.id),
  );

  r.get(
    '/contacts/:id/messages',
    { schema: { params, response: { 200: z.array(contactMessageSchema), '4xx': errorSchema } } },
    async (request) => listContactMessages(app.db, request.params.id),
  );

  r.get(
    '/contacts/:id/duplicates',
    { schema: { params, response: { 200: z.array(contactSchema), '4xx': errorSchema } } },
    async (request) => listContactDuplicates(app.db, request.params.id),
  );

  r.post(
    '/contacts/:id/merge',
    {
      schema: { params, body: contactMergeSchema, response: { 200: contactSchema, '4xx': errorSchema } },
    },
    async (request) => mergeContacts(app.db, request.params.id, request.body.duplicateId),
  );

  r.post(
    '/contacts/:id/send-email',
    {
      schema: { params, body: sendEmailSchema, response: { 201: contactMessageSchema, '4xx': errorSchema } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await sendContactEmail(
            app.db,
            app.mailer,
            app.config.mail.dailyLimit,
            request.params.id,
            request.body,
          ),
        ),
  );

  r.post(
    '/contacts/:id/convert-to-client',
    { schema: { params, response: { 201: clientSchema, '4xx': errorSchema } } },
    async (request, reply) => reply.code(201).send(await convertContactToClient(app.db, request.params.id)),
  );

  r.post(
    '/contacts/:id/status',
    {
      schema: {
        params,
        body: contactStatusUpdateSchema,
        response: { 200: contactSchema, '4xx': errorSchema },
      },
    },
    async (request) => updateContact(app.db, request.params.id, { status: request.body.status }),
  );

  r.patch(
    '/contacts/:id',
    {
      schema: {
        params,
        body: contactNotesUpdateSchema,
        response: { 200: contactSchema, '4xx': errorSchema },
      },
    },
    async (request) => updateContact(app.db, request.params.id, { notes: request.body.notes }),
  );
}
