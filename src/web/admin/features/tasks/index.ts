/**
 * The tasks feature's public face: what other admin features may use (src/web/admin/README.md,
 * Rules; checked by tests/api/feature-boundaries.test.ts).
 */
export { getTasksQueryOptions } from './api/get-tasks';
export { DueDate, OverdueBadge } from './components/task-badges';
