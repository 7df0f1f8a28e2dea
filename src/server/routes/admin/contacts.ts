import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientSchema } from '../../../shared/clients.ts';
import {
  contactCountSchema,
  contactDetailSchema,
  contactListQuerySchema,
  contactMergeSchema,
  contactMessageSchema,
  contactNotesUpdateSchema,
  contactPageQuerySchema,
  contactSchema,
  contactStatusUpdateSchema,
  sendEmailSchema,
} from '../../../shared/contacts.ts';
import { idParams } from '../../../shared/ids.ts';
import { errors } from '../../../shared/responses.ts';
import { convertContactToClient } from '../../contacts/convert-contact-to-client.ts';
import { exportContactsCsv } from '../../contacts/export-contacts-csv.ts';
import { getContactDetail } from '../../contacts/get-contact-detail.ts';
import { listContactDuplicates } from '../../contacts/list-contact-duplicates.ts';
import { listContactMessages } from '../../contacts/list-contact-messages.ts';
import { countContacts, listContacts } from '../../contacts/list-contacts.ts';
import { mergeContacts } from '../../contacts/merge-contacts.ts';
import { sendContactEmail } from '../../contacts/send-contact-email.ts';
import { updateContact } from '../../contacts/update-contact.ts';

const noContact = errors({ 404: 'No such contact.' });

/**
 * Admin contact routes (spec §7); mounted behind `requireAdmin`. The list answers a JSON array
 * (spec: "list of contacts"), one page of `limit` (at most 200, also without `limit`); the
 * `X-Next-Cursor` header carries the cursor of the next one. `X-Total-Count`, on the first page
 * only (no cursor) and unless `count=false`, is the number of matches over all pages; the screen
 * asks `/contacts/count` for it instead (issue #15).
 */
export async function adminContactRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = idParams;

  r.get(
    '/contacts',
    {
      schema: {
        summary: 'Search and list contacts (newest activity first)',
        description:
          'One page of at most 200 (the size without `limit`): the `X-Next-Cursor` header carries the ' +
          '`cursor` of the next one. On the first page `X-Total-Count` is the number of matches over all ' +
          'pages, unless `count=false` (then GET /api/admin/contacts/count gives it).',
        querystring: contactPageQuerySchema,
        response: {
          200: {
            description: 'The contacts (one page with `limit`); headers `X-Total-Count` and `X-Next-Cursor`.',
            content: { 'application/json': { schema: z.array(contactSchema) } },
          },
        },
      },
    },
    async (request, reply) => {
      const page = await listContacts(app.db, request.query);
      if (page.total !== null) reply.header('x-total-count', String(page.total));
      if (page.nextCursor) reply.header('x-next-cursor', page.nextCursor);
      return page.contacts;
    },
  );

  r.get(
    '/contacts/count',
    {
      schema: {
        summary: 'How many contacts match a search (the list asks once per search)',
        querystring: contactListQuerySchema,
        response: { 200: contactCountSchema },
      },
    },
    async (request) => ({ total: await countContacts(app.db, request.query) }),
  );

  r.get(
    '/contacts/export.csv',
    {
      schema: {
        summary: 'Export the (filtered) contacts as CSV',
        querystring: contactListQuerySchema,
        response: {
          200: {
            description: 'RFC 4180 CSV for spreadsheets, as an attachment (decision 020).',
            content: { 'text/csv': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const csv = exportContactsCsv(app.db, request.query);
      const date = new Date().toISOString().slice(0, 10);
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="contacts-${date}.csv"`)
          .header('cache-control', 'no-store')
          // A stream of the CSV text the schema documents: streams are sent as they are.
          .send(csv as unknown as string)
      );
    },
  );

  r.get(
    '/contacts/:id',
    {
      schema: {
        summary: 'A contact with its tags and tasks',
        params,
        response: { 200: contactDetailSchema, ...noContact },
      },
    },
    async (request) => getContactDetail(app.db, request.params.id),
  );

  r.get(
    '/contacts/:id/messages',
    {
      schema: {
        summary: "A contact's email conversation",
        params,
        response: { 200: z.array(contactMessageSchema), ...noContact },
      },
    },
    async (request) => listContactMessages(app.db, request.params.id),
  );

  r.get(
    '/contacts/:id/duplicates',
    {
      schema: {
        summary: 'Other contacts with the same email address',
        params,
        response: { 200: z.array(contactSchema), ...noContact },
      },
    },
    async (request) => listContactDuplicates(app.db, request.params.id),
  );

  r.post(
    '/contacts/:id/merge',
    {
      schema: {
        summary: 'Merge a duplicate into this contact',
        params,
        body: contactMergeSchema,
        response: {
          200: contactSchema,
          ...errors({
            400: 'Invalid input, or a contact merged into itself.',
            404: 'No such contact (either one).',
            409: 'The two contacts have different email addresses.',
          }),
        },
      },
    },
    async (request) => mergeContacts(app.db, request.params.id, request.body.duplicateId),
  );

  r.post(
    '/contacts/:id/send-email',
    {
      schema: {
        summary: 'Send an email to the contact',
        params,
        body: sendEmailSchema,
        response: {
          201: contactMessageSchema,
          ...errors({
            404: 'No such contact.',
            429: 'The daily sending limit is reached.',
            502: 'The mail provider failed to take the message (it is not recorded as sent).',
          }),
        },
      },
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
            app.config.mail.from.address,
          ),
        ),
  );

  r.post(
    '/contacts/:id/convert-to-client',
    {
      schema: {
        summary: 'Make the contact a client',
        params,
        response: {
          201: clientSchema,
          ...errors({ 404: 'No such contact.', 409: 'This contact is already a client.' }),
        },
      },
    },
    async (request, reply) => reply.code(201).send(await convertContactToClient(app.db, request.params.id)),
  );

  r.post(
    '/contacts/:id/status',
    {
      schema: {
        summary: "Set the contact's status",
        params,
        body: contactStatusUpdateSchema,
        response: { 200: contactSchema, ...noContact },
      },
    },
    async (request) => updateContact(app.db, request.params.id, { status: request.body.status }),
  );

  r.patch(
    '/contacts/:id',
    {
      schema: {
        summary: "Set the admin's notes on the contact",
        params,
        body: contactNotesUpdateSchema,
        response: { 200: contactSchema, ...noContact },
      },
    },
    async (request) => updateContact(app.db, request.params.id, { notes: request.body.notes }),
  );
}
