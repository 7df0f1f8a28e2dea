import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  credentialCreateSchema,
  credentialUpdateSchema,
  VAULT_PASSWORD_HEADER,
} from '../../../shared/credentials.ts';
import { HttpError } from '../../http-error.ts';
import {
  createCredential,
  deleteCredential,
  getCredential,
  listCredentials,
  updateCredential,
} from '../../vault/credential-operations.ts';
import { isVaultInitialized } from '../../vault/vault-keys.ts';
import { errorSchema, idParams, noContent } from './schemas.ts';

const credentialSchema = z.object({
  id: z.number().int(),
  companyName: z.string(),
  email: z.string().nullable(),
  password: z.string().nullable(),
  connectors: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

declare module 'fastify' {
  interface FastifyRequest {
    vaultKey: Buffer;
  }
}

/**
 * The credentials vault (spec §7 credentials calls; DESIGN §3). Mounted behind `requireAdmin`;
 * every call also needs the vault password in `x-credentials-password` (spec §6): 401 without it,
 * 403 `{ error: 'Invalid password' }` when it does not unwrap the data key, 429 after too many
 * wrong ones, 503 while the vault is not set up (production without VAULT_PASSWORD).
 */
export async function adminCredentialRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.decorateRequest('vaultKey', null as unknown as Buffer);
  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (!(await isVaultInitialized(app.db))) {
      throw new HttpError(503, 'The vault is not set up: set VAULT_PASSWORD on the server and restart it.');
    }
    const session = await request.adminSession();
    const header = request.headers[VAULT_PASSWORD_HEADER];
    request.vaultKey = await app.vault.unlock(
      session!.id,
      request.ip,
      typeof header === 'string' ? header : undefined,
    );
  });

  r.get(
    '/credentials',
    { schema: { response: { 200: z.array(credentialSchema), '4xx': errorSchema } } },
    async (request) => listCredentials(app.db, request.vaultKey),
  );

  r.get(
    '/credentials/:id',
    { schema: { params: idParams, response: { 200: credentialSchema, '4xx': errorSchema } } },
    async (request) => getCredential(app.db, request.vaultKey, request.params.id),
  );

  r.post(
    '/credentials',
    { schema: { body: credentialCreateSchema, response: { 201: credentialSchema, '4xx': errorSchema } } },
    async (request, reply) =>
      reply.code(201).send(await createCredential(app.db, request.vaultKey, request.body)),
  );

  r.patch(
    '/credentials/:id',
    {
      schema: {
        params: idParams,
        body: credentialUpdateSchema,
        response: { 200: credentialSchema, '4xx': errorSchema },
      },
    },
    async (request) => updateCredential(app.db, request.vaultKey, request.params.id, request.body),
  );

  r.delete(
    '/credentials/:id',
    { schema: { params: idParams, response: { 204: noContent, '4xx': errorSchema } } },
    async (request, reply) => {
      await deleteCredential(app.db, request.params.id);
      return reply.code(204).send();
    },
  );
}
