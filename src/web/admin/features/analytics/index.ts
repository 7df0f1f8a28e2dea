/**
 * The analytics feature's public face: what other admin features may use (src/web/admin/README.md,
 * Rules; checked by tests/api/feature-boundaries.test.ts).
 */
export { getAnalyticsQueryOptions } from './api/get-analytics';
