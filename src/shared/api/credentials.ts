import { z } from 'zod';
import { credentialCreateSchema, credentialSchema, credentialUpdateSchema } from '../credentials.ts';
import { idParams } from '../ids.ts';
import { errors, noContent } from '../responses.ts';
import { credentialRoutes as routes } from './credentials-routes.ts';
import { endpoint } from './endpoint.ts';

const noCredential = errors({ 404: 'No such credential.' });

/**
 * The credentials vault (docs/product.md §9.2, §12.3): admin session and the vault password header
 * on every call; the refusals every vault call shares are added where the routes are registered.
 */
export const credentialEndpoints = {
  listCredentials: endpoint(routes.listCredentials, {
    summary: 'Every credential, decrypted',
    response: { 200: z.array(credentialSchema) },
  }),
  getCredential: endpoint(routes.getCredential, {
    summary: 'One credential, decrypted',
    params: idParams,
    response: { 200: credentialSchema, ...noCredential },
  }),
  createCredential: endpoint(routes.createCredential, {
    summary: 'Store a credential (encrypted)',
    body: credentialCreateSchema,
    response: { 201: credentialSchema },
  }),
  updateCredential: endpoint(routes.updateCredential, {
    summary: 'Change fields of a credential (absent fields are kept)',
    params: idParams,
    body: credentialUpdateSchema,
    response: { 200: credentialSchema, ...noCredential },
  }),
  deleteCredential: endpoint(routes.deleteCredential, {
    summary: 'Delete a credential',
    params: idParams,
    response: { 204: noContent, ...noCredential },
  }),
};
