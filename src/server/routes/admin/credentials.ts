import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { credentialEndpoints as api } from '../../../shared/api/credentials.ts';
import { VAULT_PASSWORD_HEADER } from '../../../shared/credentials.ts';
import { hasSecondFactor, VAULT_FACTOR_IDLE_MS } from '../../auth/second-factor.ts';
import { markFactorSeen } from '../../auth/sessions.ts';
import { HttpError } from '../../http-error.ts';
import { documentResponses } from '../../plugins/api-contract.ts';
import {
  createCredential,
  deleteCredential,
  getCredential,
  listCredentials,
  updateCredential,
} from '../../vault/credential-operations.ts';
import { isVaultInitialized } from '../../vault/vault-keys.ts';
import { serveEndpoint } from '../serve-endpoint.ts';

declare module 'fastify' {
  interface FastifyRequest {
    vaultKey: Buffer;
  }
}

/**
 * The credentials vault (docs/product.md §9.2, §12.3). Mounted behind `requireAdmin`;
 * every call also needs the vault password in `x-credentials-password` (docs/product.md §9.2): 401 without
 * it, 403 `{ error: 'Invalid password' }` when it does not unwrap the data key, 429 after too many
 * wrong ones, 503 while the vault is not set up (production without VAULT_PASSWORD). Once a
 * second factor exists, a session that has not proved one (or used the vault) for 15 minutes gets
 * 401 with `details.secondFactor: true` (the Security routes' step-up answers it).
 */
export async function adminCredentialRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.decorateRequest('vaultKey', null as unknown as Buffer);
  // What the unlock below answers, in the API document of every route here.
  app.addHook('onRoute', (route) =>
    documentResponses(
      route,
      {
        401: `Not signed in, or the \`${VAULT_PASSWORD_HEADER}\` header is missing.`,
        403: 'Wrong vault password (or a cross-site request).',
        429: 'Too many wrong vault passwords: wait for the time the message and Retry-After give.',
        503: 'The vault is not set up: VAULT_PASSWORD is not set on the server.',
      },
      { override: true, security: [{ session: [], vaultPassword: [] }] },
    ),
  );
  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (!(await isVaultInitialized(app.db))) {
      throw new HttpError(503, 'The vault is not set up: set VAULT_PASSWORD on the server and restart it.');
    }
    const session = await request.adminSession();
    const factor = await hasSecondFactor(app.db);
    if (
      factor &&
      (!session!.factorSeenAt || Date.now() - session!.factorSeenAt.getTime() > VAULT_FACTOR_IDLE_MS)
    ) {
      throw new HttpError(
        401,
        'Confirm it is you with your passkey or authenticator app to open the vault.',
        {
          secondFactor: true,
        },
      );
    }
    const header = request.headers[VAULT_PASSWORD_HEADER];
    request.vaultKey = await app.vault.unlock(
      session!.id,
      request.ip,
      typeof header === 'string' ? header : undefined,
    );
    // Vault use keeps the factor fresh: the 15 minutes count from the last use (idle).
    if (factor) await markFactorSeen(app.db, session!.id);
  });

  r.route({
    ...serveEndpoint(r, api.listCredentials),
    handler: async (request) => listCredentials(app.db, request.vaultKey),
  });

  r.route({
    ...serveEndpoint(r, api.getCredential),
    handler: async (request) => getCredential(app.db, request.vaultKey, request.params.id),
  });

  r.route({
    ...serveEndpoint(r, api.createCredential),
    handler: async (request, reply) =>
      reply.code(201).send(await createCredential(app.db, request.vaultKey, request.body)),
  });

  r.route({
    ...serveEndpoint(r, api.updateCredential),
    handler: async (request) => updateCredential(app.db, request.vaultKey, request.params.id, request.body),
  });

  r.route({
    ...serveEndpoint(r, api.deleteCredential),
    handler: async (request, reply) => {
      await deleteCredential(app.db, request.params.id);
      return reply.code(204).send();
    },
  });
}
