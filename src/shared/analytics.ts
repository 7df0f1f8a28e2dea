import { z } from 'zod';

/** One day of the dashboard chart (decision 013); `date` is `YYYY-MM-DD` in UTC. */
export const dailyStatSchema = z
  .object({ date: z.string(), visits: z.number(), uniqueVisitors: z.number(), contacts: z.number() })
  .meta({ id: 'DailyStat' });
export type DailyStat = z.infer<typeof dailyStatSchema>;

/** One row of 'Leads by source' (decision 037): leads of the last 30 days by source, medium, campaign. */
export const leadSourceStatSchema = z
  .object({
    /** The UTM source, else the referrer's host, else '(direct)'. */
    source: z.string(),
    medium: z.string().nullable(),
    campaign: z.string().nullable(),
    leads: z.number(),
    /** Share of all leads of the 30 days, 0–1. */
    share: z.number(),
  })
  .meta({ id: 'LeadSourceStat' });
export type LeadSourceStat = z.infer<typeof leadSourceStatSchema>;

/** One row of 'Visits by source' (decision 037): counted views of the last 30 days. */
export const visitSourceStatSchema = z
  .object({
    /** The UTM source, else the referrer's host, else '(direct)'. */
    source: z.string(),
    referrerHost: z.string().nullable(),
    utmSource: z.string().nullable(),
    visits: z.number(),
    /** Share of all counted views of the 30 days, 0–1. */
    share: z.number(),
  })
  .meta({ id: 'VisitSourceStat' });
export type VisitSourceStat = z.infer<typeof visitSourceStatSchema>;

/** GET /api/admin/analytics: docs/product.md §12.3's `totalVisits` plus the dashboard's other figures. */
export const analyticsSchema = z
  .object({
    totalVisits: z.number(),
    uniqueVisitors: z.number(),
    totalContacts: z.number(),
    newContacts: z.number(),
    pendingTasks: z.number(),
    overdueTasks: z.number(),
    /** Contacts held as spam (status `spam`, decision 057): the dashboard's 'N held for review'. */
    heldSpam: z
      .number()
      .int()
      .describe(
        "Contacts held as spam (status spam): the dashboard's 'N held for review'; counted in no other figure.",
      ),
    /** The last 30 days, oldest first, today last. */
    daily: z.array(dailyStatSchema).describe('The last 30 days, oldest first, today last.'),
    /** 'Leads by source': the last 30 days' leads (spam aside), largest first, at most 10 rows. */
    leadsBySource: z.array(leadSourceStatSchema),
    /** 'Visits by source': the last 30 days' counted views, largest first, at most 10 rows. */
    visitsBySource: z.array(visitSourceStatSchema),
  })
  .meta({ id: 'Analytics' });
export type Analytics = z.infer<typeof analyticsSchema>;
