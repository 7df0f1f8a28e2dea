import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../../../shared/ids.ts';
import { inboundStatusSchema, markReadResultSchema, recentRepliesSchema } from '../../../shared/replies.ts';
import { errors, noContent } from '../../../shared/responses.ts';
import {
  attachUnmatchedResultSchema,
  attachUnmatchedSchema,
  unmatchedMailListSchema,
} from '../../../shared/unmatched-mail.ts';
import { markContactRead, recentReplies } from '../../contacts/replies.ts';
import { inboundStatus } from '../../mail/inbound/inbound-status.ts';
import {
  attachUnmatchedMail,
  discardUnmatchedMail,
  listUnmatchedMail,
} from '../../mail/inbound/unmatched-mail.ts';

/**
 * Imported replies (decision 023), behind the session guard: GET /replies for the dashboard, and
 * POST /contacts/{id}/read, which the contact detail calls when it opens (a GET must not change
 * anything: a prefetch or a crawler would mark replies read); GET /mail/inbound, the health of the
 * mailboxes replies are read from, for the setup page; the owner's 'Unmatched mail' (list, attach,
 * discard; docs/decisions/033).
 */
export async function adminReplyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/replies',
    {
      schema: {
        summary: "Unread replies: the count and the latest five (the dashboard's 'New replies')",
        response: { 200: recentRepliesSchema },
      },
    },
    async () => recentReplies(app.db),
  );
  r.get(
    '/mail/inbound',
    {
      schema: {
        summary: 'The mailboxes replies are read from: last check, last error, next attempt',
        response: { 200: inboundStatusSchema },
      },
    },
    async () => inboundStatus(app.db, app.imapPoller?.mailbox ?? null),
  );
  r.get(
    '/unmatched-mail',
    {
      schema: {
        summary: "'Unmatched mail': mail from a contact's address that proved neither a reply nor its sender",
        description:
          'Not in any thread until attached: it answers no message we sent and the provider did not ' +
          'authenticate its sender (docs/decisions/033).',
        response: { 200: unmatchedMailListSchema },
      },
    },
    async () => listUnmatchedMail(app.db),
  );
  r.post(
    '/unmatched-mail/:id/attach',
    {
      schema: {
        summary: "Attach an unmatched message to a contact's thread",
        params: idParams,
        body: attachUnmatchedSchema,
        response: { 200: attachUnmatchedResultSchema, ...errors({ 404: 'No such message or contact.' }) },
      },
    },
    async (request) => attachUnmatchedMail(app.db, request.params.id, request.body.contactId),
  );
  r.delete(
    '/unmatched-mail/:id',
    {
      schema: {
        summary: 'Discard an unmatched message',
        params: idParams,
        response: { 204: noContent, ...errors({ 404: 'No such message.' }) },
      },
    },
    async (request, reply) => {
      await discardUnmatchedMail(app.db, request.params.id);
      return reply.code(204).send();
    },
  );
  r.post(
    '/contacts/:id/read',
    {
      schema: {
        summary: "Mark a contact's replies read (the contact detail calls it when it opens)",
        params: idParams,
        response: { 200: markReadResultSchema },
      },
    },
    async (request) => ({ marked: await markContactRead(app.db, request.params.id) }),
  );
}
