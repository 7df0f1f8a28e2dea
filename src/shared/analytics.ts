/** One day of the dashboard chart (DESIGN §3 'Visits'); `date` is `YYYY-MM-DD` in UTC. */
export interface DailyStat {
  date: string;
  visits: number;
  uniqueVisitors: number;
  contacts: number;
}

/** GET /api/admin/analytics: spec §7's `totalVisits` plus the dashboard's other figures. */
export interface Analytics {
  totalVisits: number;
  uniqueVisitors: number;
  totalContacts: number;
  newContacts: number;
  pendingTasks: number;
  overdueTasks: number;
  /** The last 30 days, oldest first, today last. */
  daily: DailyStat[];
}
