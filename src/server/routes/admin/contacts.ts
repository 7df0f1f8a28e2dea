import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactEndpoints as api } from '../../../shared/api/contacts.ts';
import { addContact } from '../../contacts/add-contact.ts';
import { bulkUpdateContacts } from '../../contacts/bulk-update-contacts.ts';
import { POSTGRES_BULK_LANES } from '../../contacts/contact-lanes.ts';
import { convertContactToClient } from '../../contacts/convert-contact-to-client.ts';
import { type EraseOptions, eraseContact } from '../../contacts/erase-contacts.ts';
import { exportContactData } from '../../contacts/export-contact-data.ts';
import { exportContactsCsv } from '../../contacts/export-contacts-csv.ts';
import { getContactDetail } from '../../contacts/get-contact-detail.ts';
import { listContactDuplicates } from '../../contacts/list-contact-duplicates.ts';
import { listContactMessages } from '../../contacts/list-contact-messages.ts';
import { countContacts, listContacts, withDefaultView } from '../../contacts/list-contacts.ts';
import { mergeContacts } from '../../contacts/merge-contacts.ts';
import { countRetentionDue } from '../../contacts/retention.ts';
import { sendContactEmail } from '../../contacts/send-contact-email.ts';
import { updateContact } from '../../contacts/update-contact.ts';
import { moveToSpam } from '../../spam/move-to-spam.ts';
import { releaseFromSpam } from '../../spam/release-from-spam.ts';
import { serveEndpoint } from '../serve-endpoint.ts';

/**
 * Admin contact routes (docs/product.md §12.3), declared in `src/shared/api/contacts.ts`; mounted
 * behind `requireAdmin`. The list answers a JSON array (spec: "list of contacts"), one page of
 * `limit` (at most 200, also without `limit`); the `X-Next-Cursor` header carries the cursor of the
 * next one. `X-Total-Count`, on the first page only (no cursor) and unless `count=false`, is the
 * number of matches over all pages; the screen asks `/contacts/count` for it instead (decision 026).
 */
export async function adminContactRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** Where a released spam contact's notification goes (as for a new lead). */
  const notify = {
    to: app.config.mail.notifyEmail,
    adminUrl: app.config.publicUrl,
    siteName: app.config.site.name,
  };

  r.route({
    ...serveEndpoint(r, api.listContacts),
    handler: async (request, reply) => {
      const page = await listContacts(app.db, request.query);
      if (page.total !== null) reply.header('x-total-count', String(page.total));
      if (page.nextCursor) reply.header('x-next-cursor', page.nextCursor);
      return page.contacts;
    },
  });

  r.route({
    ...serveEndpoint(r, api.addContact),
    handler: async (request, reply) => {
      const result = await addContact(app.db, request.body, app.addressHashKey);
      if ('existingId' in result) {
        return reply
          .code(409)
          .send({ error: 'A contact with this email address already exists.', id: result.existingId });
      }
      return reply.code(201).send(result);
    },
  });

  r.route({
    ...serveEndpoint(r, api.bulkUpdateContacts),
    handler: async (request) => ({
      affected: await bulkUpdateContacts(app.db, request.body, eraseOptions(app)),
    }),
  });

  r.route({
    ...serveEndpoint(r, api.getContactRetention),
    handler: async () => {
      const months = app.config.retentionMonths;
      return { months, dueIn30Days: months === null ? null : await countRetentionDue(app.db, months) };
    },
  });

  r.route({
    ...serveEndpoint(r, api.countContacts),
    handler: async (request) => ({ total: await countContacts(app.db, withDefaultView(request.query)) }),
  });

  r.route({
    ...serveEndpoint(r, api.exportContactsCsv),
    handler: async (request, reply) => {
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
  });

  r.route({
    ...serveEndpoint(r, api.getContact),
    handler: async (request) => ({
      ...(await getContactDetail(app.db, request.params.id)),
      currency: app.config.currency,
    }),
  });

  r.route({
    ...serveEndpoint(r, api.listContactMessages),
    handler: async (request) => listContactMessages(app.db, request.params.id),
  });

  r.route({
    ...serveEndpoint(r, api.listContactDuplicates),
    handler: async (request) => listContactDuplicates(app.db, request.params.id),
  });

  r.route({
    ...serveEndpoint(r, api.mergeContacts),
    handler: async (request) =>
      mergeContacts(app.db, request.params.id, request.body.duplicateId, {
        anyAddress: request.body.anyAddress === true,
      }),
  });

  r.route({
    ...serveEndpoint(r, api.sendContactEmail),
    handler: async (request, reply) =>
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
  });

  r.route({
    ...serveEndpoint(r, api.convertContactToClient),
    handler: async (request, reply) =>
      reply.code(201).send(await convertContactToClient(app.db, request.params.id)),
  });

  r.route({
    ...serveEndpoint(r, api.updateContactStatus),
    handler: async (request) => {
      const contact = await updateContact(app.db, request.params.id, request.body, { notify });
      // A status change never touches the address: only a field change can answer `existingId`.
      if ('existingId' in contact) throw new Error('unreachable: a status change met an address');
      return contact;
    },
  });

  r.route({
    ...serveEndpoint(r, api.markContactNotSpam),
    handler: async (request) => {
      const contact = await releaseFromSpam(app.db, request.params.id, notify);
      app.mailQueue.nudgeSoon();
      return contact;
    },
  });

  r.route({
    ...serveEndpoint(r, api.moveContactToSpam),
    handler: async (request) => moveToSpam(app.db, request.params.id),
  });

  r.route({
    ...serveEndpoint(r, api.updateContact),
    handler: async (request, reply) => {
      const result = await updateContact(app.db, request.params.id, request.body, {
        notify,
        hashKey: app.addressHashKey,
      });
      if ('existingId' in result) {
        return reply
          .code(409)
          .send({ error: 'Another contact has this email address.', id: result.existingId });
      }
      return result;
    },
  });

  r.route({
    ...serveEndpoint(r, api.exportContactData),
    handler: async (request, reply) => {
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
  });

  r.route({
    ...serveEndpoint(r, api.deleteContact),
    handler: async (request, reply) => {
      await eraseContact(app.db, request.params.id, eraseOptions(app));
      return reply.code(204).send();
    },
  });
}

/** What erasing contacts needs from the app (the hash key, the outbox folder, the lanes). */
export function eraseOptions(app: FastifyInstance): EraseOptions {
  return {
    hashKey: app.addressHashKey,
    outboxDir: app.config.mail.outboxDir,
    lanes: app.database.kind === 'postgres' ? POSTGRES_BULK_LANES : 1,
    onErased: () => app.scrubber?.schedule(),
  };
}
