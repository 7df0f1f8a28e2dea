import { z } from 'zod';
import { checkLostReason, contactListQuerySchema, statusChangeShape } from './contacts.ts';
import { bodyId } from './ids.ts';

/** Bulk actions on the contacts list (docs/guide.md 'Bulk actions', decision 058). */

/** Most contacts a bulk action takes by id; more are chosen by their filter ('Select all N matching'). */
export const BULK_MAX_IDS = 10_000;

/**
 * POST /api/admin/contacts/bulk: which contacts, and what to do to them. `ids` is the contacts
 * ticked on the list; `filter` is every contact matching the list's search and filters ('Select
 * all N matching', resolved by the server, at any size), less `exceptIds` unticked afterwards.
 * The change runs in the database (one statement, or keyset batches for delete).
 */
export const contactBulkSchema = z.object({
  selection: z.union([
    z.object({
      ids: z
        .array(bodyId('Contact id'), { error: 'ids must be a list of contact ids.' })
        .min(1, 'Select at least one contact.')
        .max(
          BULK_MAX_IDS,
          `At most ${BULK_MAX_IDS.toLocaleString('en-US')} ids: select all matching instead.`,
        ),
    }),
    z.object({
      filter: contactListQuerySchema,
      exceptIds: z.array(bodyId('Contact id')).max(BULK_MAX_IDS).optional().default([]),
    }),
  ]),
  action: z.discriminatedUnion('type', [
    z.object({ type: z.literal('setStatus'), ...statusChangeShape }).superRefine(checkLostReason),
    z.object({ type: z.literal('addTag'), tagId: bodyId('Tag id') }),
    z.object({ type: z.literal('removeTag'), tagId: bodyId('Tag id') }),
    z.object({ type: z.literal('delete') }),
  ]),
});
export type ContactBulk = z.input<typeof contactBulkSchema>;
export type ParsedContactBulk = z.output<typeof contactBulkSchema>;

/** The answer of a bulk action: how many contacts it changed (or erased). */
export const contactBulkResultSchema = z.object({ affected: z.number().int() });
