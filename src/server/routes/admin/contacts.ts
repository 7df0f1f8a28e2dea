import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientSchema } from '../../../shared/clients.ts';
import {
  contactBulkResultSchema,
  contactBulkSchema,
  contactCountSchema,
  contactCreatedResponseSchema,
  contactCreateSchema,
  contactDetailSchema,
  contactExistsSchema,
  contactListQuerySchema,
  contactMergeSchema,
  contactMessageSchema,
  contactNotesUpdateSchema,
  contactPageQuerySchema,
  contactRetentionSchema,
  contactSchema,
  contactStatusUpdateSchema,
  sendEmailSchema,
} from '../../../shared/contacts.ts';
import { idParams } from '../../../shared/ids.ts';
import { errors, noContent } from '../../../shared/responses.ts';
import { addContact } from '../../contacts/add-contact.ts';
import { bulkUpdateContacts } from '../../contacts/bulk-update-contacts.ts';
import { convertContactToClient } from '../../contacts/convert-contact-to-client.ts';
import { eraseContact } from '../../contacts/erase-contacts.ts';
import { exportContactData } from '../../contacts/export-contact-data.ts';
import { exportContactsCsv } from '../../contacts/export-contacts-csv.ts';
import { getContactDetail } from '../../contacts/get-contact-detail.ts';
import { listContactDuplicates } from '../../contacts/list-contact-duplicates.ts';
import { listContactMessages } from '../../contacts/list-contact-messages.ts';
import { countContacts, listContacts } from '../../contacts/list-contacts.ts';
import { mergeContacts } from '../../contacts/merge-contacts.ts';
import { countRetentionDue } from '../../contacts/retention.ts';
import { sendContactEmail } from '../../contacts/send-contact-email.ts';
import { updateContact } from '../../contacts/update-contact.ts';
import { releaseFromSpam } from '../../spam/release-from-spam.ts';

const noContact = errors({ 404: 'No such contact.' });

/**
 * Admin contact routes (docs/product.md §12.3); mounted behind `requireAdmin`. The list answers a JSON array
 * (spec: "list of contacts"), one page of `limit` (at most 200, also without `limit`); the
 * `X-Next-Cursor` header carries the cursor of the next one. `X-Total-Count`, on the first page
 * only (no cursor) and unless `count=false`, is the number of matches over all pages; the screen
 * asks `/contacts/count` for it instead (decision 026).
 */
export async function adminContactRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = idParams;
  /** Where a released spam contact's notification goes (as for a new lead). */
  const notify = {
    to: app.config.mail.notifyEmail,
    adminUrl: app.config.publicUrl,
    siteName: app.config.site.name,
  };

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

  r.post(
    '/contacts',
    {
      schema: {
        summary: 'Add a contact by hand (Add Contact)',
        description:
          "Origin 'manual', no original message. One contact per address: an address that has a contact " +
          "(any letter case) is refused with 409 and that contact's id.",
        body: contactCreateSchema,
        response: {
          201: contactCreatedResponseSchema,
          409: contactExistsSchema,
          ...errors({ 400: 'Invalid input (details name the fields).' }),
        },
      },
    },
    async (request, reply) => {
      const result = await addContact(app.db, request.body, app.addressHashKey);
      if ('existingId' in result) {
        return reply
          .code(409)
          .send({ error: 'A contact with this email address already exists.', id: result.existingId });
      }
      return reply.code(201).send(result);
    },
  );

  r.post(
    '/contacts/bulk',
    {
      schema: {
        summary: 'Set status, add or remove a tag, or delete (erase) many contacts at once',
        description:
          'The selection is the ticked `ids` (at most 10,000) or the list `filter` with `exceptIds` ' +
          "('Select all N matching', any number of contacts). The change runs in the database; delete " +
          'erases as DELETE /api/admin/contacts/{id} does, in keyset batches.',
        body: contactBulkSchema,
        response: {
          200: contactBulkResultSchema,
          ...errors({ 400: 'Invalid input (details name the fields).', 404: 'No such tag.' }),
        },
      },
    },
    async (request) => ({
      affected: await bulkUpdateContacts(app.db, request.body, eraseOptions(app)),
    }),
  );

  r.get(
    '/contacts/retention',
    {
      schema: {
        summary: 'Retention: RETENTION_MONTHS and how many contacts it erases in the next 30 days',
        response: { 200: contactRetentionSchema },
      },
    },
    async () => {
      const months = app.config.retentionMonths;
      return { months, dueIn30Days: months === null ? null : await countRetentionDue(app.db, months) };
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
    async (request) => updateContact(app.db, request.params.id, { status: request.body.status }, notify),
  );

  r.post(
    '/contacts/:id/not-spam',
    {
      schema: {
        summary: 'Release a contact held as spam',
        description:
          'Moves it to `new`, back into the list, the counts and audiences, and sends the new-lead ' +
          'notification that quarantine held back.',
        params,
        response: {
          200: contactSchema,
          ...errors({ 404: 'No such contact.', 409: 'The contact is not held as spam.' }),
        },
      },
    },
    async (request) => {
      const contact = await releaseFromSpam(app.db, request.params.id, notify);
      app.mailQueue.nudgeSoon();
      return contact;
    },
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

  r.get(
    '/contacts/:id/export',
    {
      schema: {
        summary: 'Everything held about the person, as one JSON file (GDPR Art. 15 and 20)',
        description:
          'The contact (with its source, consent and notes), its messages, tasks, tags, campaign history, ' +
          'the client record made from it and its unsubscribe, as an attachment.',
        params,
        response: {
          200: {
            description: 'A JSON document (`format`: agency-crm.contact-export.v1), as an attachment.',
            content: {
              'application/json': { schema: z.looseObject({ format: z.string(), exportedAt: z.string() }) },
            },
          },
          ...noContact,
        },
      },
    },
    async (request, reply) => {
      const data = await exportContactData(app.db, request.params.id);
      const date = data.exportedAt.slice(0, 10);
      return (
        reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="contact-${request.params.id}-${date}.json"`)
          .header('cache-control', 'no-store')
          // Already JSON: sent as it is, pretty-printed for a person reading the file.
          .send(JSON.stringify(data, null, 2) as unknown as typeof data)
      );
    },
  );

  r.delete(
    '/contacts/:id',
    {
      schema: {
        summary: 'Erase the contact (GDPR Art. 17)',
        description:
          'Not a soft delete: in one transaction the contact, its messages, tasks, tags and notes go, its ' +
          'campaign recipient rows keep only their status, its address on the unsubscribe list becomes a ' +
          'keyed hash, mail about it that is still queued is cancelled; outbox files naming it are deleted. ' +
          'A converted client keeps its own record. See docs/personal-data.md.',
        params,
        response: { 204: noContent, ...noContact },
      },
    },
    async (request, reply) => {
      await eraseContact(app.db, request.params.id, eraseOptions(app));
      return reply.code(204).send();
    },
  );
}

/** What erasing contacts needs from the app (the hash key, the outbox folder). */
export function eraseOptions(app: FastifyInstance) {
  return { hashKey: app.addressHashKey, outboxDir: app.config.mail.outboxDir };
}
