import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { replyEndpoints as api } from '../../../shared/api/replies.ts';
import { markContactRead, recentReplies } from '../../contacts/replies.ts';
import { inboundStatus } from '../../mail/inbound/inbound-status.ts';
import {
  attachUnmatchedMail,
  discardUnmatchedMail,
  listUnmatchedMail,
} from '../../mail/inbound/unmatched-mail.ts';
import { serveEndpoint } from '../serve-endpoint.ts';

/**
 * Imported replies (decision 023), behind the session guard: the dashboard's 'New replies', marking
 * a contact's replies read when its detail opens, the health of the mailboxes replies are read
 * from, and the owner's 'Unmatched mail' (list, attach, discard; docs/decisions/033).
 */
export async function adminReplyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({ ...serveEndpoint(r, api.getRecentReplies), handler: async () => recentReplies(app.db) });
  r.route({
    ...serveEndpoint(r, api.getInboundStatus),
    handler: async () => inboundStatus(app.db, app.imapPoller?.mailbox ?? null),
  });
  r.route({ ...serveEndpoint(r, api.listUnmatchedMail), handler: async () => listUnmatchedMail(app.db) });
  r.route({
    ...serveEndpoint(r, api.attachUnmatchedMail),
    handler: async (request) => attachUnmatchedMail(app.db, request.params.id, request.body.contactId),
  });
  r.route({
    ...serveEndpoint(r, api.discardUnmatchedMail),
    handler: async (request, reply) => {
      await discardUnmatchedMail(app.db, request.params.id);
      return reply.code(204).send();
    },
  });
  r.route({
    ...serveEndpoint(r, api.markContactRead),
    handler: async (request) => ({ marked: await markContactRead(app.db, request.params.id) }),
  });
}
