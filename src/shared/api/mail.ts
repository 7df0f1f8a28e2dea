import { mailSignatureSchema, mailSignatureUpdateSchema } from '../email-body.ts';
import { googleCallbackQuerySchema, mailStatusSchema } from '../mail.ts';
import { errors, htmlResponse, redirectResponse } from '../responses.ts';
import { endpoint } from './endpoint.ts';
import { mailRoutes as routes } from './mail-routes.ts';

/**
 * The mail connection (docs/product.md §12.2: Gmail Workspace over OAuth 2.0, in a popup) and the
 * owner's signature; admin session required.
 */
export const mailEndpoints = {
  getMailStatus: endpoint(routes.getMailStatus, {
    summary: 'The mail connection and the daily cap',
    response: { 200: mailStatusSchema },
  }),
  connectGmail: endpoint(routes.connectGmail, {
    summary: 'Start connecting Gmail Workspace (opened in a popup)',
    response: {
      302: redirectResponse(
        "To Google's consent screen, with a PKCE challenge and a state bound to the session.",
      ),
      503: htmlResponse('A page saying GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not set.'),
    },
  }),
  finishGmailConnection: endpoint(routes.finishGmailConnection, {
    summary: 'Where Google sends the popup back',
    querystring: googleCallbackQuerySchema,
    response: {
      200: htmlResponse('A page: connected (it closes itself), or what Google answered instead.'),
      ...errors({ 400: 'The attempt expired, was started elsewhere, or Google did not complete it.' }),
    },
  }),
  getMailSignature: endpoint(routes.getMailSignature, {
    summary: 'The signature appended to emails to contacts',
    response: { 200: mailSignatureSchema },
  }),
  setMailSignature: endpoint(routes.setMailSignature, {
    summary: 'Set the signature appended to emails to contacts (blank removes it)',
    body: mailSignatureUpdateSchema,
    response: { 200: mailSignatureSchema },
  }),
};
