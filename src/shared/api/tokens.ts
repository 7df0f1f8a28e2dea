import { z } from 'zod';
import { idParams } from '../ids.ts';
import { errors, noContent } from '../responses.ts';
import { apiTokenCreatedSchema, apiTokenCreateSchema, apiTokenSchema } from '../tokens.ts';
import { endpoint } from './endpoint.ts';
import { tokenRoutes as routes } from './tokens-routes.ts';

/**
 * Personal API tokens (decision 065); the admin session only: a token cannot list, make or revoke
 * tokens.
 */
export const tokenEndpoints = {
  listTokens: endpoint(routes.listTokens, {
    summary: 'Every API token (never the token itself)',
    response: { 200: z.array(apiTokenSchema) },
  }),
  createToken: endpoint(routes.createToken, {
    summary: 'Create an API token',
    description: 'The answer carries the token this once; only its SHA-256 is kept.',
    body: apiTokenCreateSchema,
    response: { 201: apiTokenCreatedSchema },
  }),
  revokeToken: endpoint(routes.revokeToken, {
    summary: 'Revoke an API token',
    params: idParams,
    response: { 204: noContent, ...errors({ 404: 'No such token.' }) },
  }),
};
