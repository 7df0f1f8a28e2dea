/**
 * The tags feature's public face: what other admin features may use (src/web/admin/README.md,
 * Rules; checked by tests/api/feature-boundaries.test.ts).
 */
export { useTags } from './api/get-tags';
export { TagBadge } from './components/tag-badge';
