/**
 * The contacts feature's public face: what other admin features may use (src/web/admin/README.md,
 * Rules; checked by tests/api/feature-boundaries.test.ts).
 */
export { useUpdateContact } from './api/update-contact';
export { LostReasonDialog, lostReasonText } from './components/lost-reason-dialog';
