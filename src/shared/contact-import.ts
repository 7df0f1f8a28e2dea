import { z } from 'zod';

/**
 * CSV import of contacts (POST /api/admin/contacts/import): the fields a column can fill, the
 * optional `mapping` field, and the answer of a dry run or an import.
 */

/** What a CSV column can become; `ignore` drops it. */
export const importFields = [
  'name',
  'firstName',
  'middleName',
  'lastName',
  'email',
  'otherEmail',
  'phone',
  'otherPhone',
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
  middleName: 'Middle name',
  lastName: 'Last name',
  email: 'Email',
  otherEmail: 'Other email (to notes)',
  phone: 'Phone',
  otherPhone: 'Other phone (to notes)',
  company: 'Company',
  notes: 'Notes',
  status: 'Status',
  tags: 'Tags',
  ignore: "Don't import",
};

/**
 * The export a file was recognised as from its header row: Google Contacts, Outlook, HubSpot,
 * this product's own CSV export, or any other spreadsheet (columns matched by their names).
 */
export const importFormats = ['google', 'outlook', 'hubspot', 'own', 'generic'] as const;
export type ImportFormat = (typeof importFormats)[number];

/** How the import dialog names each format ('Recognised: Google Contacts export'). */
export const importFormatLabels: Record<ImportFormat, string> = {
  google: 'Google Contacts export',
  outlook: 'Outlook export',
  hubspot: 'HubSpot export',
  own: "this CRM's own CSV export",
  generic: 'spreadsheet, columns matched by their names',
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

/**
 * How the file's bytes were read (decision 059): UTF-8 (with or without BOM), UTF-16 (LE or BE,
 * with BOM), or Windows-1252 for a file that is not valid UTF-8 (Excel on Windows).
 */
export const importEncodings = ['utf-8', 'utf-16', 'windows-1252'] as const;
export type ImportEncoding = (typeof importEncodings)[number];

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
    format: z
      .enum(importFormats)
      .describe('The export recognised from the header row; its columns are mapped by its own rules.'),
    dryRun: z.boolean(),
    encoding: z
      .enum(importEncodings)
      .describe(
        "How the file's text was read: 'windows-1252' for a file that is not UTF-8 (Excel on Windows).",
      ),
  })
  .meta({ id: 'ContactImportResult' });
export type ImportResult = z.infer<typeof importResultSchema>;
