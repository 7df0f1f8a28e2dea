/*
 * The 'Needs you today' urgency of a lead waiting for its first answer (decision 064), without
 * zod: the dashboard's first screen imports it, and the schemas of pipeline.ts stay out of that
 * screen's JavaScript (the admin's bundle budget, tests/e2e/bundle-budget.spec.ts).
 */

/** Hours after which a waiting lead is amber, then red: the 24-hour promise is kept before it breaks. */
export const WAITING_AMBER_HOURS = 12;
export const WAITING_RED_HOURS = 20;

/** How urgent a waiting lead is by its age in hours (amber from 12 h, red from 20 h). */
export function waitingLevel(ageHours: number): 'ok' | 'amber' | 'red' {
  if (ageHours >= WAITING_RED_HOURS) return 'red';
  if (ageHours >= WAITING_AMBER_HOURS) return 'amber';
  return 'ok';
}

/**
 * GET /api/admin/today counts waiting leads up to this many ('1,000+' past it) and takes its
 * median first answer over at most this many of the latest form leads of the 30 days, so the
 * dashboard's first card costs the same at 10 contacts and at a million (decision 064, addendum).
 */
export const TODAY_COUNT_CAP = 1000;
