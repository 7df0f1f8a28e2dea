import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../../../shared/ids.ts';
import { inboundStatusSchema, markReadResultSchema, recentRepliesSchema } from '../../../shared/replies.ts';
import { markContactRead, recentReplies } from '../../contacts/replies.ts';
import { inboundStatus } from '../../mail/inbound/inbound-status.ts';

/**
 * Imported replies (issue #12), behind the session guard: GET /replies for the dashboard, and
 * POST /contacts/{id}/read, which the contact detail calls when it opens (a GET must not change
 * anything: a prefetch or a crawler would mark replies read); GET /mail/inbound, the health of the
 * mailboxes replies are read from, for the setup page.
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
