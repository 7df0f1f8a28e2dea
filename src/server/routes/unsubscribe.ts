import escapeHtml from 'escape-html';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { unsubscribeParamsSchema } from '../../shared/campaigns.ts';
import { htmlResponse } from '../../shared/responses.ts';
import { unsubscribeRecipient } from '../campaigns/unsubscribe.ts';
import { verifyUnsubscribeToken } from '../campaigns/unsubscribe-token.ts';

const page = (siteName: string, title: string, body: string) =>
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  `<title>${escapeHtml(title)} · ${escapeHtml(siteName)}</title>` +
  '<style>body{font:16px/1.5 system-ui,sans-serif;background:#0b1020;color:#e2e8f0;display:grid;place-items:center;min-height:100vh;margin:0}' +
  'main{max-width:30rem;padding:2rem;text-align:center}button{font:inherit;padding:.7rem 1.4rem;border:0;border-radius:.6rem;' +
  'background:linear-gradient(90deg,#22d3ee,#d946ef);color:#0b1020;font-weight:600;cursor:pointer}</style></head>' +
  `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;

/**
 * Unsubscribe links of campaign emails (docs/product.md §8.6, RFC 8058). No login: the signed
 * token is the authority. GET shows a confirmation page (mail scanners that follow links change
 * nothing); POST unsubscribes, from that page's button or as the one-click POST that mail
 * programs send with `List-Unsubscribe=One-Click`. A forged or altered token gets 404.
 */
export async function unsubscribeRoutes(app: FastifyInstance) {
  const key = app.unsubscribeKey;
  // One-click POSTs are form-encoded; their body carries nothing we need.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, _body, done) => done(null, {}),
  );

  const invalid = (reply: FastifyReply) =>
    reply
      .code(404)
      .type('text/html; charset=utf-8')
      .send(
        page(
          app.config.site.name,
          'Link not valid',
          '<p>This unsubscribe link is not valid. Reply to our email and we will remove you by hand.</p>',
        ),
      );

  /** A 200 page that no cache keeps (it names the recipient, or carries the token). */
  const answered = (reply: FastifyReply, title: string, body: string) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page(app.config.site.name, title, body));

  const r = app.withTypeProvider<ZodTypeProvider>();
  const notValid = htmlResponse('A page saying the link is not valid (forged, altered or unknown).');
  r.get(
    '/unsubscribe/:token',
    {
      schema: {
        summary: 'The unsubscribe page of a campaign email (changes nothing)',
        params: unsubscribeParamsSchema,
        response: { 200: htmlResponse('A page with the Unsubscribe button.'), 404: notValid },
      },
    },
    async (request, reply) => {
      if (verifyUnsubscribeToken(key, request.params.token) === null) return invalid(reply);
      const action = `/unsubscribe/${encodeURIComponent(request.params.token)}`;
      return answered(
        reply,
        'Unsubscribe',
        `<p>Stop receiving campaign emails from ${escapeHtml(app.config.site.name)}?</p>` +
          `<form method="post" action="${escapeHtml(action)}"><button type="submit">Unsubscribe</button></form>`,
      );
    },
  );

  r.post(
    '/unsubscribe/:token',
    {
      schema: {
        summary: "Unsubscribe (the page button, or a mail program's one-click POST, RFC 8058)",
        params: unsubscribeParamsSchema,
        consumes: ['application/x-www-form-urlencoded', 'multipart/form-data', 'application/json'],
        response: { 200: htmlResponse('A page confirming the address is unsubscribed.'), 404: notValid },
      },
    },
    async (request, reply) => {
      const recipientId = verifyUnsubscribeToken(key, request.params.token);
      if (recipientId === null) return invalid(reply);
      const email = await unsubscribeRecipient(app.db, recipientId);
      if (email === null) return invalid(reply);
      request.log.info({ recipientId }, 'unsubscribed');
      return answered(
        reply,
        'You are unsubscribed',
        `<p>${escapeHtml(email)} will not receive campaign emails from ${escapeHtml(app.config.site.name)} any more.</p>`,
      );
    },
  );
}
