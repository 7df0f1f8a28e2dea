import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mailSignatureSchema, mailSignatureUpdateSchema } from '../../../shared/email-body.ts';
import { getMailSignature, setMailSignature } from '../../mail/mail-signature.ts';

/**
 * The owner's email signature, set once on the mail connection page and appended to every email
 * sent to a contact (src/shared/email-body.ts `composeEmailBody`). Behind the session guard.
 */
export async function adminMailSettingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/mail/signature',
    {
      schema: {
        summary: 'The signature appended to emails to contacts',
        response: { 200: mailSignatureSchema },
      },
    },
    async () => ({ signature: await getMailSignature(app.db) }),
  );
  r.put(
    '/mail/signature',
    {
      schema: {
        summary: 'Set the signature appended to emails to contacts (blank removes it)',
        body: mailSignatureUpdateSchema,
        response: { 200: mailSignatureSchema },
      },
    },
    async (request) => ({ signature: await setMailSignature(app.db, request.body.signature) }),
  );
}
