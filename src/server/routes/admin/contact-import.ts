import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../../../db/database-unavailable.ts';
import { contactEndpoints } from '../../../shared/api/contacts.ts';
import { contactRoutes } from '../../../shared/api/contacts-routes.ts';
import { type ImportMapping, importMappingSchema } from '../../../shared/contact-import.ts';
import { ImportInterruptedError, importContacts } from '../../contacts/import-contacts.ts';
import { HttpError } from '../../http-error.ts';
import { serveEndpoint } from '../serve-endpoint.ts';
import { receiveImportUpload, removeStaleUploads } from './import-upload.ts';

/** Largest CSV file taken (bytes): 100,000 contacts with notes fit in a tenth of it. */
export const IMPORT_MAX_BYTES = 100 * 1024 * 1024;

const IMPORT_PATH = contactRoutes.importContacts.path;

/** An upload that sends no byte for this long is abandoned (ms). */
export const IMPORT_IDLE_MS = 30_000;

export interface ContactImportOptions {
  /** See {@link IMPORT_IDLE_MS}; tests shorten it. */
  idleMs?: number;
}

/**
 * POST /api/admin/contacts/import (mounted behind `requireAdmin`): a CSV file as multipart field
 * `file`, with optional fields `mapping` (JSON `{ "<header>": "<field>" }`) and `consent`
 * (`true`: 'These people agreed to receive email from us'). The multipart parser
 * (@fastify/multipart) is registered in this plugin only: every other route still takes JSON
 * alone (CSRF, docs/product.md §4.2). The file is received whole into a private temporary file
 * first (import-upload.ts), outside any transaction, then imported in batches and deleted
 * (decision 059).
 */
export async function adminContactImportRoutes(app: FastifyInstance, options: ContactImportOptions = {}) {
  await app.register(multipart, {
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 4, fieldSize: 64 * 1024, parts: 6 },
  });
  const dir = path.join(app.config.dataDir, 'tmp');
  removeStaleUploads(dir);
  // Requests under way other than imports: an import on the embedded database lets them finish
  // between its batches.
  let others = 0;
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith(IMPORT_PATH)) return;
    others++;
    res.once('close', () => others--);
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...serveEndpoint(r, contactEndpoints.importContacts),
    handler: async (request) => {
      if (!request.isMultipart()) throw new HttpError(415, 'Send the file as multipart/form-data.');
      const upload = await receiveImportUpload(request, {
        dir,
        maxBytes: IMPORT_MAX_BYTES,
        idleMs: options.idleMs ?? IMPORT_IDLE_MS,
      });
      try {
        const mapping = upload.fields.mapping === undefined ? undefined : parseMapping(upload.fields.mapping);
        const consent = (upload.fields.consent ?? request.query.consent) === 'true';
        const date = new Date().toISOString().slice(0, 10);
        return await importContacts(app.db, {
          file: upload.path,
          mapping,
          dryRun: request.query.dryRun === 'true',
          fileName: upload.filename,
          consent: consent
            ? { source: `CSV import of "${upload.filename}" on ${date}, ticked by the owner` }
            : null,
          hashKey: app.addressHashKey,
          shareDatabase: app.database.kind === 'pglite',
          othersWaiting: () => others > 0,
        });
      } catch (error) {
        if (error instanceof ImportInterruptedError) {
          request.log.error({ err: error.cause, lastRow: error.lastRow }, 'import interrupted');
          throw new HttpError(
            isDatabaseUnavailable(error.cause) ? 503 : 500,
            `The import stopped after row ${error.lastRow}: the ${error.stored} valid rows up to it were imported. ` +
              'Import the same file again to finish: rows already imported are merged, nothing is doubled.',
            { lastRow: error.lastRow, stored: error.stored },
          );
        }
        throw error;
      } finally {
        await upload.remove();
      }
    },
  });
}

function parseMapping(text: string): ImportMapping {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'mapping is not valid JSON.');
  }
  const parsed = importMappingSchema.safeParse(value);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'mapping is not valid.');
  return parsed.data;
}
