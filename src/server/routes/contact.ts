import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicEndpoints as api } from '../../shared/api/public.ts';
import { deviceClass } from '../analytics/device-class.ts';
import { createContact } from '../contacts/create-contact.ts';
import { contentSpamReasons, type SpamReason } from '../spam/content-checks.ts';
import { createPowChallenge, powKeys, verifyPow } from '../spam/proof-of-work.ts';
import { serveEndpoint } from './serve-endpoint.ts';

/** Largest accepted contact body (docs/product.md §3.5: ≤ 16 KB); larger gets 413. */
export const CONTACT_BODY_LIMIT = 16 * 1024;

/**
 * Challenges one client address may fetch per minute (each costs the server a key derivation): 60,
 * or `CONTACT_RATE_LIMIT` when that is higher, so lifting the form's limit (a busy office behind
 * one address, the browser suite) never leaves a submission without its challenge.
 */
const CHALLENGE_RATE_LIMIT = 60;

/**
 * POST /api/contact (docs/product.md §12.2): validates with the shared schema, rate limits per client address
 * (`CONTACT_RATE_LIMIT` per 10 minutes, 30 by default: an office behind one address; decision 057)
 * and answers 201 `{ id }` only after the lead is committed. A submission without a valid, unspent
 * proof of work (when `CONTACT_POW` is on) or with the honeypot filled is held as spam, with no
 * notification; content signals only mark the lead 'Possible spam' (decision 057). The answer is
 * the same either way (decision 037). GET /api/contact/challenge hands out the
 * ALTCHA challenge the landing's widget solves.
 */
export async function contactRoutes(app: FastifyInstance) {
  const keys = powKeys(app.appSecret);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.route({
    ...serveEndpoint(typed, api.getContactChallenge),
    config: {
      rateLimit: {
        max: Math.max(CHALLENGE_RATE_LIMIT, app.config.contactRateLimit),
        timeWindow: '1 minute',
      },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return createPowChallenge(keys);
    },
  });

  typed.route({
    ...serveEndpoint(typed, api.submitContactForm),
    bodyLimit: CONTACT_BODY_LIMIT,
    config: {
      rateLimit: {
        max: app.config.contactRateLimit,
        timeWindow: '10 minutes',
        // The x-ratelimit-* headers on every accepted post tell a bot its budget and cost each
        // lead three headers (decision 027); a refused post still gets Retry-After.
        addHeadersOnExceeding: {
          'x-ratelimit-limit': false,
          'x-ratelimit-remaining': false,
          'x-ratelimit-reset': false,
        },
      },
    },
    handler: async (request, reply) => {
      const body = request.body;
      const reasons: SpamReason[] = [];
      const pow = app.config.contactPow ? await verifyPow(body.altcha, keys) : null;
      if (app.config.contactPow && !pow) reasons.push('pow');
      if (body.website) reasons.push('honeypot');
      reasons.push(...contentSpamReasons(body));
      const created = await createContact(
        app.db,
        body,
        {
          spamReasons: reasons,
          pow,
          source: body.source,
          device: deviceClass(request.headers['user-agent']),
        },
        { to: app.config.mail.notifyEmail, adminUrl: app.config.publicUrl, siteName: app.config.site.name },
        app.addressHashKey,
      );
      if (created.pushQueued) app.push.nudge();
      if (created.webhookQueued) app.webhooks.nudge();
      if (created.spam) request.log.info({ contactId: created.id }, 'contact stored as spam');
      else app.mailQueue.nudgeSoon();
      return reply.code(201).send({ id: created.id });
    },
  });
}
