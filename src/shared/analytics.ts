import { z } from 'zod';

/** One day of the dashboard chart (DESIGN §3 'Visits'); `date` is `YYYY-MM-DD` in UTC. */
export const dailyStatSchema = z
  .object({ date: z.string(), visits: z.number(), uniqueVisitors: z.number(), contacts: z.number() })
  .meta({ id: 'DailyStat' });
export type DailyStat = z.infer<typeof dailyStatSchema>;

/** GET /api/admin/analytics: spec §7's `totalVisits` plus the dashboard's other figures. */
export const analyticsSchema = z
  .object({
    totalVisits: z.number(),
    uniqueVisitors: z.number(),
    totalContacts: z.number(),
    newContacts: z.number(),
    pendingTasks: z.number(),
    overdueTasks: z.number(),
    /** The last 30 days, oldest first, today last. */
    daily: z.array(dailyStatSchema).describe('The last 30 days, oldest first, today last.'),
  })
  .meta({ id: 'Analytics' });
export type Analytics = z.infer<typeof analyticsSchema>;
