import { z } from 'zod';
import { contactOrigins, contactStatuses, lostReasons, storedContactStatuses } from './contacts.ts';
import { rowId } from './ids.ts';

import { TODAY_COUNT_CAP } from './waiting-level.ts';

export { TODAY_COUNT_CAP, WAITING_AMBER_HOURS, WAITING_RED_HOURS, waitingLevel } from './waiting-level.ts';

/**
 * The pipeline's shared shapes (decision 063): the contact's timeline, 'Needs you today', the
 * board and the revenue report.
 */

/** Most items GET /api/admin/contacts/{id}/timeline answers (the newest). */
export const TIMELINE_MAX = 200;

const at = z.string().describe('When it happened (ISO 8601 UTC).');

/**
 * One event of a contact's timeline (docs/product.md 'Timeline'), newest first: how the contact
 * came in (`created`: the form message, Add Contact or an import), emails both ways and later form
 * messages (`message`), stage changes (`stage`), notes edited (`notes`: the last edit), tasks
 * created and completed, tags added.
 */
export const timelineItemSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('created'),
      at,
      origin: z.enum(contactOrigins),
      importFileName: z.string().nullable(),
    }),
    z.object({
      kind: z.literal('message'),
      at,
      messageId: rowId,
      sender: z.enum(['contact', 'admin']),
      subject: z.string().nullable(),
      campaignName: z.string().nullable(),
      autoReply: z.boolean(),
    }),
    z.object({
      kind: z.literal('stage'),
      at,
      from: z.enum(storedContactStatuses).nullable().describe('Null: the contact entered at `to`.'),
      to: z.enum(storedContactStatuses),
      lostReason: z.enum(lostReasons).nullable(),
      lostReasonText: z.string().nullable(),
    }),
    z.object({ kind: z.literal('notes'), at }),
    z.object({ kind: z.literal('task-created'), at, taskId: rowId, title: z.string() }),
    z.object({ kind: z.literal('task-completed'), at, taskId: rowId, title: z.string() }),
    z.object({ kind: z.literal('tag'), at, tagId: rowId, tagName: z.string() }),
  ])
  .meta({ id: 'TimelineItem' });
export type TimelineItem = z.infer<typeof timelineItemSchema>;

/** GET /api/admin/contacts/{id}/timeline: at most {@link TIMELINE_MAX} items, newest first. */
export const timelineSchema = z
  .object({
    items: z.array(timelineItemSchema),
    more: z.boolean().describe('True when older items were left out.'),
  })
  .meta({ id: 'Timeline' });
export type Timeline = z.infer<typeof timelineSchema>;

/** Most rows of each list of GET /api/admin/today. */
export const TODAY_LIST_MAX = 50;

/**
 * GET /api/admin/today (docs/product.md 'Needs you today'): leads waiting for a first answer
 * (a form lead still at New that the owner has neither emailed nor moved off New), oldest first
 * with their age; contacts with replies not yet read; tasks due today (in `TZ`) or overdue; the
 * held spam count; the median first-answer time of the leads of the last 30 days.
 */
export const todaySchema = z
  .object({
    waiting: z.array(
      z.object({
        id: rowId,
        name: z.string(),
        createdAt: z.string(),
        ageHours: z.number().describe('Hours since the lead came in (one decimal).'),
      }),
    ),
    waitingTotal: z
      .number()
      .int()
      .describe(`Leads waiting, counted up to ${TODAY_COUNT_CAP} (that number means as many or more).`),
    unread: z.array(z.object({ id: rowId, name: z.string(), unread: z.number().int(), lastAt: z.string() })),
    unreadTotal: z.number().int().describe('Contacts with replies not yet read.'),
    tasks: z.array(
      z.object({
        id: rowId,
        contactId: rowId,
        contactName: z.string(),
        title: z.string(),
        dueAt: z.string(),
        overdue: z.boolean(),
      }),
    ),
    tasksTotal: z.number().int(),
    heldSpam: z.number().int(),
    medianFirstAnswerHours: z
      .number()
      .nullable()
      .describe(
        `Median hours from a lead coming in to its first answer (an email or a move off New), over the answered ones among the latest ${TODAY_COUNT_CAP} form leads of the last 30 days; null when none.`,
      ),
    answeredLeads: z.number().int().describe('How many leads that median is over.'),
  })
  .meta({ id: 'Today' });
export type Today = z.infer<typeof todaySchema>;

/** The board's columns, in order (decision 063): every status the owner sets; spam is not a deal. */
export { contactStatuses as boardStatuses } from './contacts.ts';

/** Cards per page of a board column. */
export const BOARD_PAGE_SIZE = 50;

/** One card of the board: the contact's deal at a glance; it opens the contact. */
export const boardCardSchema = z
  .object({
    id: rowId,
    name: z.string(),
    company: z.string().nullable(),
    dealValue: z.number().int().nullable().describe('Minor units of the CURRENCY setting; null: not set.'),
    expectedCloseOn: z.string().nullable(),
    statusChangedAt: z.string().describe("When the contact entered this column ('days in this stage')."),
    nextTaskDueAt: z.string().nullable().describe("The earliest due date of the contact's open tasks."),
    unreadReplies: z.boolean().describe('A reply or a later form message not read yet.'),
    lostReason: z.enum(lostReasons).nullable(),
  })
  .meta({ id: 'BoardCard' });
export type BoardCard = z.infer<typeof boardCardSchema>;

/** One page of a column: cards newest move first, and the cursor of the next page (null: no more). */
export const boardPageSchema = z
  .object({ cards: z.array(boardCardSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'BoardPage' });
export type BoardPage = z.infer<typeof boardPageSchema>;

/** GET /api/admin/pipeline: the five columns with their count, value sum and first page. */
export const boardSchema = z
  .object({
    currency: z.string().describe('The CURRENCY setting (ISO 4217) of every value.'),
    columns: z.array(
      boardPageSchema.extend({
        status: z.enum(contactStatuses),
        count: z.number().int(),
        value: z.number().int().describe('Sum of the deal values of the column, minor units.'),
      }),
    ),
  })
  .meta({ id: 'Board' });
export type Board = z.infer<typeof boardSchema>;

/** GET /api/admin/pipeline/{status}: the column and the cursor of the page after. */
export const boardColumnParamsSchema = z.object({
  status: z.enum(contactStatuses, { error: `status must be one of: ${contactStatuses.join(', ')}.` }),
});
export const boardColumnQuerySchema = z.object({
  cursor: z
    .string()
    .max(200, 'cursor is not one this board gave.')
    .regex(/^[A-Za-z0-9_-]+$/, 'cursor is not one this board gave.')
    .optional(),
});

/** GET /api/admin/reports/sources: `days` is 30, 90 (the default) or 365. */
export const sourceReportQuerySchema = z.object({
  days: z.enum(['30', '90', '365'], { error: 'days must be 30, 90 or 365.' }).optional(),
});

/**
 * One row of 'Where revenue comes from' (decision 064): the contacts that came in within the
 * window from one first-touch source (`kind` `source`: the UTM source, else the referrer's host,
 * else 'Direct'), or added by hand (`manual`) or imported (`import`), never mixed into a source.
 */
export const sourceReportRowSchema = z
  .object({
    kind: z.enum(['source', 'manual', 'import']),
    source: z.string().describe("The source's label; 'Direct' when none was recorded."),
    leads: z.number().int(),
    qualified: z.number().int().describe('Reached Qualified or Converted at some time.'),
    won: z.number().int().describe('Converted now.'),
    wonValue: z.number().int().describe('Sum of the deal values of the won, minor units of CURRENCY.'),
    conversionRate: z.number().describe('won / leads, 0–1.'),
  })
  .meta({ id: 'SourceReportRow' });
export type SourceReportRow = z.infer<typeof sourceReportRowSchema>;

/** The report: rows by won value, then leads; at most 50 source rows, then manual and import. */
export const sourceReportSchema = z
  .object({ days: z.number().int(), currency: z.string(), rows: z.array(sourceReportRowSchema) })
  .meta({ id: 'SourceReport' });
export type SourceReport = z.infer<typeof sourceReportSchema>;
