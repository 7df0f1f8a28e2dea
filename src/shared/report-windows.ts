/*
 * The windows of the revenue report (decision 064), without zod: the dashboard's first screen
 * shows the report's window buttons, and the schemas of pipeline.ts stay out of that screen's
 * JavaScript (the admin's bundle budget, tests/e2e/bundle-budget.spec.ts).
 */

/** The windows of the revenue report, in days. */
export const reportWindows = [30, 90, 365] as const;
