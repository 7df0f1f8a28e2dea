/**
 * The mail feature's public face: what other admin features may use (src/web/admin/README.md,
 * Rules; checked by tests/api/feature-boundaries.test.ts).
 */
export { getMailUsageQueryOptions, useMailUsage } from './api/get-mail-usage';
export { useMailSignature } from './api/mail-signature';
export { EmailComposer } from './components/email-composer';
