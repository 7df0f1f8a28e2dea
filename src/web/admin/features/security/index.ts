/**
 * The security feature's public face: what other admin features may use (src/web/admin/README.md,
 * Rules; checked by tests/api/feature-boundaries.test.ts).
 */
export { getSecurityQueryOptions, provePasskey, secondFactorEndpoints } from './api/security-api';
export { SecondFactorForm } from './components/second-factor-form';
