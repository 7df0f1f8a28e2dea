import { z } from 'zod';

/**
 * CSV import of contacts (POST /api/admin/contacts/import): the fields a column can fill, the
 * optional `mapping` field, and the answer of a dry run or an import.
 */

/** What a CSV column can become; `ignore` drops it. */
export const importFields = [
  'name',
  'firstName',
  'lastName',
  'email',
  'phone',
  'company',
  'notes',
  'status',
  'tags',
  'ignore',
] as const;
export type ImportField = (typeof importFields)[number];

/** Labels of the fields in the mapping step. */
export const importFieldLabels: Record<ImportField, string> = {
  name: 'Name',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  company: 'Company',
  notes: 'Notes',
  status: 'Status',
  tags: 'Tags',
  ignore: "Don't import",
};

/** The `mapping` field: JSON `{ "<column header>": "<field>" }`; columns left out are guessed. */
export const importMappingSchema = z.record(
  z.string().max(200, 'A column header is at most 200 characters.'),
  z.enum(importFields, { error: `A column maps to one of: ${importFields.join(', ')}.` }),
);
export type ImportMapping = z.infer<typeof importMappingSchema>;

/** Query of the import: `dryRun=true` changes nothing; `consent=true` records consent to email. */
export const importQuerySchema = z.object({
  dryRun: z.enum(['true', 'false']).optional(),
  consent: z.enum(['true', 'false']).optional(),
});

/** Invalid rows listed in an answer at most; `invalidCount` counts them all. */
export const IMPORT_INVALID_LISTED = 1000;

/** The answer of a dry run (what would happen) or of an import (what happened). */
export const importResultSchema = z
  .object({
    create: z.number().int().describe('Rows that make a new contact.'),
    merge: z
      .number()
      .int()
      .describe(
        'Rows whose address has a contact (any case): empty fields filled, tags added, nothing overwritten.',
      ),
    invalid: z
      .array(
        z.object({
          row: z.number().int().describe('Row number as a spreadsheet shows it (header = 1).'),
          reason: z.string(),
        }),
      )
      .describe(`Invalid rows, the first ${IMPORT_INVALID_LISTED}.`),
    invalidCount: z.number().int(),
    headers: z.array(z.string()).describe("The file's column headers, in order."),
    mapping: importMappingSchema.describe('The mapping used: given or guessed from the headers.'),
    dryRun: z.boolean(),
  })
  .meta({ id: 'ContactImportResult' });
export type ImportResult = z.infer<typeof importResultSchema>;
