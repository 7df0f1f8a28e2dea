import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactRequestSchema } from '../../shared/contact.ts';
import { createContact } from '../contacts/create-contact.ts';

const errorSchema = z.object({ error: z.string(), details: z.unknown().optional() });

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
      config: { rateLimit: { max: app.config.contactRateLimit, timeWindow: '10 minutes' } },
      schema: {
        body: contactRequestSchema,
        response: { 201: z.object({ id: z.number().int() }), '4xx': errorSchema },
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
      app.mailQueue.nudge();
      return reply.code(201).send(created);
    },
  );
}
