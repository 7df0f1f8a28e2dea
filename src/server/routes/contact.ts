import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactCreatedSchema, contactRequestSchema } from '../../shared/contact.ts';
import { createContact } from '../contacts/create-contact.ts';

/** Largest accepted contact body (DESIGN §3: ≤ 16 KB); larger gets 413. */
export const CONTACT_BODY_LIMIT = 16 * 1024;

/**
 * POST /api/contact (spec §7): validates with the shared schema, rate limits per client address
 * (`CONTACT_RATE_LIMIT` per 10 minutes), drops honeypot submissions without storing them (the
 * bot sees the same 201), and answers 201 `{ id }` only after the lead is committed.
 */
export async function contactRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/contact',
    {
      bodyLimit: CONTACT_BODY_LIMIT,
      config: {
        rateLimit: {
          max: app.config.contactRateLimit,
          timeWindow: '10 minutes',
          // The x-ratelimit-* headers on every accepted post tell a bot its budget and cost each
          // lead three headers (issue #15 'Writes'); a refused post still gets Retry-After.
          addHeadersOnExceeding: {
            'x-ratelimit-limit': false,
            'x-ratelimit-remaining': false,
            'x-ratelimit-reset': false,
          },
        },
      },
      schema: {
        summary: 'Send the contact form (creates or updates a lead)',
        description:
          "A second submission from the same address joins that contact's conversation. " +
          'Rate limited per client address (`CONTACT_RATE_LIMIT` per 10 minutes); body at most 16 KB.',
        body: contactRequestSchema,
        response: { 201: contactCreatedSchema },
      },
    },
    async (request, reply) => {
      if (request.body.website) {
        request.log.info('contact honeypot filled: dropped');
        return reply.code(201).send({ id: 0 });
      }
      const created = await createContact(app.db, request.body, {
        to: app.config.mail.notifyEmail,
        adminUrl: app.config.publicUrl,
        siteName: app.config.site.name,
      });
      app.mailQueue.nudgeSoon();
      return reply.code(201).send(created);
    },
  );
}
