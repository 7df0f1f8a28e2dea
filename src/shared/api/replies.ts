import { idParams } from '../ids.ts';
import { inboundStatusSchema, markReadResultSchema, recentRepliesSchema } from '../replies.ts';
import { errors, noContent } from '../responses.ts';
import {
  attachUnmatchedResultSchema,
  attachUnmatchedSchema,
  unmatchedMailListSchema,
} from '../unmatched-mail.ts';
import { endpoint } from './endpoint.ts';
import { replyRoutes as routes } from './replies-routes.ts';

/**
 * Imported replies (decision 023) and 'Unmatched mail' (decision 033); admin session required.
 * Marking read is a POST: a GET must not change anything (a prefetch or a crawler would mark
 * replies read).
 */
export const replyEndpoints = {
  getRecentReplies: endpoint(routes.getRecentReplies, {
    summary: "Unread replies: the count and the latest five (the dashboard's 'New replies')",
    response: { 200: recentRepliesSchema },
  }),
  getInboundStatus: endpoint(routes.getInboundStatus, {
    summary: 'The mailboxes replies are read from: last check, last error, next attempt',
    response: { 200: inboundStatusSchema },
  }),
  listUnmatchedMail: endpoint(routes.listUnmatchedMail, {
    summary: "'Unmatched mail': mail from a contact's address that proved neither a reply nor its sender",
    description:
      'Not in any thread until attached: it answers no message we sent and the provider did not ' +
      'authenticate its sender (docs/decisions/033).',
    response: { 200: unmatchedMailListSchema },
  }),
  attachUnmatchedMail: endpoint(routes.attachUnmatchedMail, {
    summary: "Attach an unmatched message to a contact's thread",
    params: idParams,
    body: attachUnmatchedSchema,
    response: { 200: attachUnmatchedResultSchema, ...errors({ 404: 'No such message or contact.' }) },
  }),
  discardUnmatchedMail: endpoint(routes.discardUnmatchedMail, {
    summary: 'Discard an unmatched message',
    params: idParams,
    response: { 204: noContent, ...errors({ 404: 'No such message.' }) },
  }),
  markContactRead: endpoint(routes.markContactRead, {
    summary: "Mark a contact's replies read (the contact detail calls it when it opens)",
    params: idParams,
    response: { 200: markReadResultSchema },
  }),
};
