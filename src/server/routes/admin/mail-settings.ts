import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mailEndpoints as api } from '../../../shared/api/mail.ts';
import { getMailSignature, setMailSignature } from '../../mail/mail-signature.ts';
import { serveEndpoint } from '../serve-endpoint.ts';

/**
 * The owner's email signature, set once on the mail connection page and appended to every email
 * sent to a contact (src/shared/email-body.ts `composeEmailBody`). Behind the session guard.
 */
export async function adminMailSettingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...serveEndpoint(r, api.getMailSignature),
    handler: async () => ({ signature: await getMailSignature(app.db) }),
  });
  r.route({
    ...serveEndpoint(r, api.setMailSignature),
    handler: async (request) => ({ signature: await setMailSignature(app.db, request.body.signature) }),
  });
}
