import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactEndpoints } from '../../../shared/api/contacts.ts';
import { type ImportMapping, importMappingSchema } from '../../../shared/contact-import.ts';
import { importContacts } from '../../contacts/import-contacts.ts';
import { HttpError } from '../../http-error.ts';
import { serveEndpoint } from '../serve-endpoint.ts';

/** Largest CSV file taken (bytes): 100,000 contacts with notes fit in a tenth of it. */
export const IMPORT_MAX_BYTES = 100 * 1024 * 1024;

/**
 * POST /api/admin/contacts/import (mounted behind `requireAdmin`): a CSV file as multipart field
 * `file`, with optional fields `mapping` (JSON `{ "<header>": "<field>" }`) and `consent`
 * (`true`: 'These people agreed to receive email from us'), sent before the file. The multipart
 * parser (@fastify/multipart) is registered in this plugin only: every other route still takes
 * JSON alone (CSRF, docs/product.md §4.2). The file is streamed into the import, never held whole.
 */
export async function adminContactImportRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 4, fieldSize: 64 * 1024, parts: 6 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...serveEndpoint(r, contactEndpoints.importContacts),
    handler: async (request) => {
      if (!request.isMultipart()) throw new HttpError(415, 'Send the file as multipart/form-data.');
      let mapping: ImportMapping | undefined;
      let consent = request.query.consent === 'true';
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          const value = String(part.value);
          if (part.fieldname === 'consent') consent = value === 'true';
          if (part.fieldname === 'mapping') mapping = parseMapping(value);
          continue;
        }
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        const date = new Date().toISOString().slice(0, 10);
        const name =
          [...part.filename]
            // Control characters would break the stored consent line.
            .filter((c) => c.charCodeAt(0) >= 32 && c.charCodeAt(0) !== 127)
            .join('')
            .slice(0, 200) || 'file';
        return importContacts(app.db, {
          input: part.file,
          mapping,
          dryRun: request.query.dryRun === 'true',
          consent: consent ? { source: `CSV import of "${name}" on ${date}, ticked by the owner` } : null,
          hashKey: app.addressHashKey,
        });
      }
      throw new HttpError(400, 'No file: send the CSV as the multipart field `file`.');
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
